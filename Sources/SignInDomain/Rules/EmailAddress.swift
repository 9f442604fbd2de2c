/// Email syntax, checked on the client before any call. Deliberately plain: `local@domain.tld`, with a local
/// part of letters, digits and `.!#$%&'*+/=?^_`{|}~-` (no leading, trailing or double dot) and a domain of
/// dot-separated labels of letters, digits and inner hyphens, ending in a label of two or more letters.
public enum EmailAddress {
    private static let localSymbols = Set(".!#$%&'*+/=?^_`{|}~-")

    /// The email without surrounding white space, if its syntax is valid.
    public static func normalized(_ email: String) -> String? {
        // Bounded before any other work: a megabyte of text is not trimmed and scanned first.
        guard email.utf8.count <= 1024 else { return nil }
        let trimmed = email.trimmingWhitespace
        guard trimmed.count <= 254 else { return nil }
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let (local, domain) = (parts[0], parts[1])
        guard (1...64).contains(local.count), !local.hasPrefix("."), !local.hasSuffix("."),
            !local.contains(".."),
            local.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || localSymbols.contains($0) })
        else { return nil }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let last = labels.last, last.count >= 2, last.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        for label in labels {
            guard (1...63).contains(label.count), !label.hasPrefix("-"), !label.hasSuffix("-"),
                label.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
            else { return nil }
        }
        return trimmed
    }

    /// Checks `email` and returns it trimmed.
    /// - Throws: ``AuthError/invalidEmail``.
    public static func validate(_ email: String) throws(AuthError) -> String {
        guard let normalized = normalized(email) else { throw .invalidEmail }
        return normalized
    }
}
