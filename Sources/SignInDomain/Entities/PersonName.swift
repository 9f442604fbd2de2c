/// A person's name as identity providers give it (Apple sends it only at the first sign-in).
public struct PersonName: Hashable, Sendable, Codable {
    /// The given (first) name.
    public var givenName: String?
    /// The family (last) name.
    public var familyName: String?

    /// Creates a name; either part may be missing.
    public init(givenName: String? = nil, familyName: String? = nil) {
        self.givenName = givenName
        self.familyName = familyName
    }

    /// The parts joined by a space, or `nil` when both are empty.
    public var formatted: String? {
        let parts = [givenName, familyName].compactMap { $0?.trimmingWhitespace }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}

extension String {
    var trimmingWhitespace: String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return String(view)
    }
}
