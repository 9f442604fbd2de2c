/// A collection of the backend's state that grows with its users (accounts, identities, tokens, nonces, codes),
/// changed in place: an operation never copies it.
///
/// Keys are strings (uids, hashes). While a transaction records (``beginRecording()``), every change keeps what it
/// replaced, so that ``rollBack()`` undoes a failed operation in the time of its own changes, not of the table's
/// size. It reads like a dictionary and is encoded as one, so the stored documents keep their shape.
public struct Table<Value: Codable & Hashable & Sendable>: Codable, Hashable, Sendable, Sequence,
    ExpressibleByDictionaryLiteral
{
    public typealias Element = (key: String, value: Value)

    private var rows: [String: Value]
    /// What each change replaced, in order, while recording; `nil` otherwise.
    private var undo: [(key: String, previous: Value?)]?

    /// A table holding `rows`.
    public init(_ rows: [String: Value] = [:]) {
        self.rows = rows
    }

    public init(dictionaryLiteral elements: (String, Value)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    public init(from decoder: any Decoder) throws {
        rows = try decoder.singleValueContainer().decode([String: Value].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rows)
    }

    public static func == (lhs: Table, rhs: Table) -> Bool { lhs.rows == rhs.rows }
    public func hash(into hasher: inout Hasher) { hasher.combine(rows) }

    /// The row of `key`; setting `nil` removes it.
    public subscript(key: String) -> Value? {
        get { rows[key] }
        set {
            if undo != nil { undo?.append((key, rows[key])) }
            rows[key] = newValue
        }
    }

    public var count: Int { rows.count }
    public var isEmpty: Bool { rows.isEmpty }
    public var keys: Dictionary<String, Value>.Keys { rows.keys }
    public var values: Dictionary<String, Value>.Values { rows.values }
    public func makeIterator() -> Dictionary<String, Value>.Iterator { rows.makeIterator() }

    /// Removes the rows for which `shouldRemove` is true; recorded, as every change.
    public mutating func removeAll(where shouldRemove: (Element) throws -> Bool) rethrows {
        let doomed = try rows.filter(shouldRemove).keys
        for key in doomed { self[key] = nil }
    }

    /// Removes every row; recorded, as every change.
    public mutating func removeAll() {
        for key in Array(rows.keys) { self[key] = nil }
    }

    /// Reserves room for `capacity` rows.
    public mutating func reserveCapacity(_ capacity: Int) {
        rows.reserveCapacity(capacity)
    }

    /// Starts recording changes.
    mutating func beginRecording() {
        undo = []
    }

    /// Keeps the changes made since ``beginRecording()``, and stops recording.
    /// - Returns: Whether anything changed.
    @discardableResult
    mutating func commit() -> Bool {
        defer { undo = nil }
        return !(undo?.isEmpty ?? true)
    }

    /// Undoes the changes made since ``beginRecording()``, newest first, and stops recording.
    mutating func rollBack() {
        guard let changes = undo else { return }
        undo = nil
        for change in changes.reversed() { rows[change.key] = change.previous }
    }
}
