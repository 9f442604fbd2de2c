public import Foundation

/// What a kind of row tells its ``Table``: the table's name in a database, the lookups its rows are found by
/// besides their key, and the instant that orders or expires them.
public protocol TableRow: Codable, Hashable, Sendable {
    /// How tables of this row are kept.
    static var tableSchema: TableSchema<Self> { get }
}

/// How a table of `Value` rows is kept: its name, its lookups and its instant.
public struct TableSchema<Value>: Sendable {
    /// The table's name in a database (letters and underscores).
    public let name: String
    /// Secondary lookups by name: the values each row is found by (an account by its emails, a token by its user).
    let lookups: [String: @Sendable (Value) -> [String]]
    /// The instant (seconds since 1970) that orders rows and after which a pruning may drop them.
    let instant: (@Sendable (Value) -> Double)?
    /// Whether a row may be stored under a key (an account only under its own uid): a stored row that fails it is
    /// damage, and stops the operation.
    let belongs: (@Sendable (String, Value) -> Bool)?

    /// A schema.
    public init(
        name: String, lookups: [String: @Sendable (Value) -> [String]] = [:],
        instant: (@Sendable (Value) -> Double)? = nil, belongs: (@Sendable (String, Value) -> Bool)? = nil
    ) {
        self.name = name
        self.lookups = lookups
        self.instant = instant
        self.belongs = belongs
    }
}

/// A collection of the backend's state that grows with its users (accounts, identities, tokens, nonces, codes),
/// changed in place: an operation never copies it, and finds rows by key or by a lookup of its schema, never by
/// reading every row.
///
/// A table holds its rows in memory, or stands for a table of an SQLite database for the length of one operation
/// (``SQLiteBackendStateStorage``): reads and writes then go to the database, inside the operation's transaction.
/// In memory, while a transaction records (`beginRecording()`), every change keeps what it replaced, so that
/// `rollBack()` undoes a failed operation in the time of its own changes; in a database, SQLite undoes it.
/// It reads like a dictionary and is encoded as one, so the stored documents keep their shape.
public struct Table<Value: TableRow>: Codable, Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (key: String, value: Value)

    private var rows: [String: Value]
    /// For each lookup of the schema, the keys of the rows found by each value, with each row's instant (0 without
    /// one), so that the oldest is found without reading the rows (in memory only).
    private var lookupIndex: [String: [String: [String: Double]]] = [:]
    /// What each change replaced, in order, while recording; `nil` otherwise.
    private var undo: [(key: String, previous: Value?)]?
    /// Whether anything changed since recording began (the database keeps no undo log of its own here).
    private var changedWhileRecording = false
    /// The database table this stands for, during one operation; `nil` in memory.
    private let database: DatabaseTable<Value>?

    private static var schema: TableSchema<Value> { Value.tableSchema }

    /// A table holding `rows` in memory.
    public init(_ rows: [String: Value] = [:]) {
        self.rows = [:]
        self.database = nil
        self.rows.reserveCapacity(rows.count)
        for (key, value) in rows { write(key, value) }
    }

    /// A table standing for `database`.
    init(database: DatabaseTable<Value>) {
        self.rows = [:]
        self.database = database
    }

    public init(dictionaryLiteral elements: (String, Value)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode([String: Value].self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(allRows)
    }

    public static func == (lhs: Table, rhs: Table) -> Bool {
        switch (lhs.database, rhs.database) {
        case (nil, nil): lhs.rows == rhs.rows
        case (let left?, let right?): left === right
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        if let database { hasher.combine(ObjectIdentifier(database)) } else { hasher.combine(rows) }
    }

    /// Every row. In a database this reads them all: for copies and tests, never in an operation.
    private var allRows: [String: Value] {
        guard let database else { return rows }
        return database.allRows()
    }

    /// The row of `key`; setting `nil` removes it.
    public subscript(key: String) -> Value? {
        get {
            if let database { return database.row(key) }
            return rows[key]
        }
        set {
            if let database {
                database.write(key, newValue)
                if undo != nil { changedWhileRecording = true }
                return
            }
            if undo != nil { undo?.append((key, rows[key])) }
            write(key, newValue)
        }
    }

    /// The keys of the rows that `lookup` (a lookup of the schema) finds by `value`.
    public func keys(_ lookup: String, _ value: String) -> [String] {
        if let database { return database.keys(lookup, value) }
        return lookupIndex[lookup]?[value].map { Array($0.keys) } ?? []
    }

    /// How many rows `lookup` finds by `value`.
    public func count(_ lookup: String, _ value: String) -> Int {
        if let database { return database.count(lookup, value) }
        return lookupIndex[lookup]?[value]?.count ?? 0
    }

    /// Removes the rows that `lookup` finds by `value`.
    public mutating func removeAll(_ lookup: String, _ value: String) {
        for key in keys(lookup, value) { self[key] = nil }
    }

    /// Removes the rows whose instant is at or before `cutoff`. In memory this reads every row (callers prune
    /// rarely); in a database it reads only the rows it removes.
    public mutating func removeAll(atOrBefore cutoff: Date) {
        let seconds = cutoff.timeIntervalSince1970
        if let database {
            for key in database.keys(atOrBefore: seconds) { self[key] = nil }
            return
        }
        guard let instant = Self.schema.instant else { return }
        let doomed = rows.compactMap { instant($0.value) <= seconds ? $0.key : nil }
        for key in doomed { self[key] = nil }
    }

    /// Removes the oldest rows (by instant, then key) that `lookup` finds by `value`, keeping the newest `limit`.
    /// Cheap when nothing is over the limit (a count), and when one row is (the oldest found in one pass).
    public mutating func removeOldest(_ lookup: String, _ value: String, keeping limit: Int) {
        let excess = count(lookup, value) - limit
        guard excess > 0, Self.schema.instant != nil else { return }
        if let database {
            for key in database.oldestKeys(lookup, value, keeping: limit) { self[key] = nil }
            return
        }
        func older(_ left: (key: String, value: Double), _ right: (key: String, value: Double)) -> Bool {
            (left.value, left.key) < (right.value, right.key)
        }
        // The keys are found first and the index let go before removing: removing while holding the index's
        // dictionary would copy it. Past the cap by one (each new session of a capped account), no array is built.
        let doomed =
            excess == 1
            ? lookupIndex[lookup]?[value]?.min(by: older).map { [$0.key] } ?? []
            : lookupIndex[lookup]?[value]?.sorted(by: older).prefix(excess).map(\.key) ?? []
        for key in doomed { self[key] = nil }
    }

    /// Removes every row; recorded, as every change.
    public mutating func removeAll() {
        for key in allRows.keys { self[key] = nil }
    }

    public var count: Int { database?.count() ?? rows.count }
    public var isEmpty: Bool { count == 0 }
    public var keys: Dictionary<String, Value>.Keys { allRows.keys }
    public var values: Dictionary<String, Value>.Values { allRows.values }
    public func makeIterator() -> Dictionary<String, Value>.Iterator { allRows.makeIterator() }

    /// This table in memory: a copy of every row (a table in memory is returned as it is).
    public func detached() -> Table {
        database == nil ? self : Table(allRows)
    }

    /// Reserves room for `capacity` rows.
    public mutating func reserveCapacity(_ capacity: Int) {
        rows.reserveCapacity(capacity)
    }

    /// Starts recording changes.
    mutating func beginRecording() {
        undo = []
        changedWhileRecording = false
    }

    /// Keeps the changes made since ``beginRecording()``, and stops recording.
    /// - Returns: Whether anything changed.
    @discardableResult
    mutating func commit() -> Bool {
        defer {
            undo = nil
            changedWhileRecording = false
        }
        return changedWhileRecording || !(undo?.isEmpty ?? true)
    }

    /// Undoes the changes made since ``beginRecording()``, newest first, and stops recording (in a database, the
    /// storage rolls its transaction back).
    mutating func rollBack() {
        guard let changes = undo else { return }
        undo = nil
        changedWhileRecording = false
        for change in changes.reversed() { write(change.key, change.previous) }
    }

    /// Sets a row in memory and keeps the lookups in step, without recording.
    private mutating func write(_ key: String, _ value: Value?) {
        let lookups = Self.schema.lookups
        if !lookups.isEmpty {
            let previous = rows[key]
            let instant = Self.schema.instant
            let oldInstant = previous.flatMap { row in instant.map { $0(row) } } ?? 0
            let newInstant = value.flatMap { row in instant.map { $0(row) } } ?? 0
            for (name, values) in lookups {
                let old = previous.map(values) ?? []
                let new = value.map(values) ?? []
                guard old != new || oldInstant != newInstant else { continue }
                for item in old {
                    lookupIndex[name, default: [:]][item]?[key] = nil
                    if lookupIndex[name]?[item]?.isEmpty == true { lookupIndex[name]?[item] = nil }
                }
                for item in new { lookupIndex[name, default: [:]][item, default: [:]][key] = newInstant }
            }
        }
        rows[key] = value
    }
}
