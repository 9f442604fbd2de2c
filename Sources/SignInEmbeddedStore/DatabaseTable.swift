import Foundation
import SignInData
import SignInSQLite

/// One open database and the operation running on it: what every ``DatabaseTable`` of a storage shares.
///
/// A table's reads and writes cannot throw (the backend's operations read tables like dictionaries), so the
/// first failure of the database during an operation is kept here: the rest of the operation reads nothing and
/// writes nothing, and the storage rolls the operation back and throws the failure.
final class DatabaseContext: @unchecked Sendable {
    // @unchecked Sendable: `isInOperation` and `failure` are mutable; it is safe because the storage that owns it
    // touches it only while holding its lock, during one operation at a time.
    let database: SQLiteDatabase
    /// Whether an operation is running: a table used outside one (kept past its operation) reads nothing.
    var isInOperation = false
    /// The first failure of the running operation.
    private(set) var failure: IdentityBackendError?
    let encoder: JSONEncoder
    let decoder: JSONDecoder

    init(database: SQLiteDatabase) {
        self.database = database
        encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            // The style cuts to the millisecond; half a millisecond more makes that the nearest one, so that a date
            // that is a whole millisecond in decimal but a hair below it in binary keeps its millisecond.
            try container.encode(Self.milliseconds.format(date.addingTimeInterval(0.0005)))
        }
        decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            // Records written before milliseconds were kept have whole seconds.
            if let date = try? Self.milliseconds.parse(text) { return date }
            if let date = try? Self.seconds.parse(text) { return date }
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "not an ISO 8601 date"))
        }
    }

    /// Dates as the rows keep them: ISO 8601 in UTC, to the millisecond (`2026-11-29T04:29:52.880Z`), as Firebase's
    /// timestamps have them.
    static let milliseconds = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    static let seconds = Date.ISO8601FormatStyle()

    /// Starts an operation.
    func begin() {
        isInOperation = true
        failure = nil
    }

    /// Ends the operation. - Returns: Its first failure, if any.
    func end() -> IdentityBackendError? {
        isInOperation = false
        defer { failure = nil }
        return failure
    }

    /// Whether the running operation may still use the database.
    var isUsable: Bool {
        guard isInOperation else {
            assertionFailure("a database-backed table was used outside its storage's operation")
            return false
        }
        return failure == nil
    }

    /// Keeps the first failure of the operation.
    func fail(_ error: IdentityBackendError) {
        if failure == nil { failure = error }
    }

    /// Keeps an SQLite failure, described for the user.
    func fail(_ error: SQLiteError) {
        fail(SQLiteBackendStateStorage.describe(error, path: database.path))
    }
}

/// A table of the backend's state in an SQLite database: `key` (primary key), `value` (the row as JSON, with
/// ISO-8601 dates, as in a `backend.json`), `at` (the schema's instant, indexed); and, when the schema has
/// lookups, `<name>_lookup` (lookup, value, key) for finding rows by them.
final class DatabaseTable<Value: TableRow>: @unchecked Sendable {
    // @unchecked Sendable: its own fields are immutable; it is safe because every read and write goes through its
    // `DatabaseContext` and `SQLiteDatabase`, which the owning storage uses only while holding its lock.
    private let context: DatabaseContext
    private let schema = Value.tableSchema
    private let selectRow: String
    private let upsertRow: String
    private let deleteRow: String
    private let selectLookup: String
    private let insertLookup: String
    private let deleteLookups: String

    init(context: DatabaseContext) {
        self.context = context
        let name = schema.name
        selectRow = "SELECT value FROM \(name) WHERE key = ?"
        upsertRow =
            "INSERT INTO \(name) (key, value, at) VALUES (?, ?, ?) "
            + "ON CONFLICT (key) DO UPDATE SET value = excluded.value, at = excluded.at"
        deleteRow = "DELETE FROM \(name) WHERE key = ?"
        selectLookup = "SELECT key FROM \(name)_lookup WHERE lookup = ? AND value = ?"
        insertLookup = "INSERT OR IGNORE INTO \(name)_lookup (lookup, value, key) VALUES (?, ?, ?)"
        deleteLookups = "DELETE FROM \(name)_lookup WHERE key = ?"
    }

    /// The statements that create the table and its indexes in a new database.
    static var creation: [String] {
        let schema = Value.tableSchema
        let name = schema.name
        var statements = [
            "CREATE TABLE \(name) (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL, at REAL) WITHOUT ROWID"
        ]
        if schema.instant != nil { statements.append("CREATE INDEX \(name)_at ON \(name) (at)") }
        if !schema.lookups.isEmpty {
            statements.append(
                "CREATE TABLE \(name)_lookup (lookup TEXT NOT NULL, value TEXT NOT NULL, key TEXT NOT NULL, "
                    + "PRIMARY KEY (lookup, value, key)) WITHOUT ROWID")
            statements.append("CREATE INDEX \(name)_lookup_key ON \(name)_lookup (key)")
        }
        return statements
    }

    func row(_ key: String) -> Value? {
        guard context.isUsable else { return nil }
        do {
            guard let bytes = try context.database.firstBytes(selectRow, [.text(key)]) else { return nil }
            return decode(bytes, key: key)
        } catch {
            context.fail(error)
            return nil
        }
    }

    func write(_ key: String, _ value: Value?) {
        guard context.isUsable else { return }
        do {
            guard let value else {
                try context.database.execute(deleteRow, [.text(key)])
                if !schema.lookups.isEmpty { try context.database.execute(deleteLookups, [.text(key)]) }
                return
            }
            let json: String
            do {
                json = String(decoding: try context.encoder.encode(value), as: UTF8.self)
            } catch {
                context.fail(IdentityBackendError(.storageUnavailable, message: "cannot encode a record: \(error)"))
                return
            }
            let instant = schema.instant.map { SQLiteValue.real($0(value)) } ?? .null
            try context.database.execute(upsertRow, [.text(key), .text(json), instant])
            guard !schema.lookups.isEmpty else { return }
            try context.database.execute(deleteLookups, [.text(key)])
            for (lookup, values) in schema.lookups {
                for item in Set(values(value)) {
                    try context.database.execute(insertLookup, [.text(lookup), .text(item), .text(key)])
                }
            }
        } catch {
            context.fail(error)
        }
    }

    func keys(_ lookup: String, _ value: String) -> [String] {
        strings(selectLookup, [.text(lookup), .text(value)])
    }

    /// The keys `lookup` finds by `value`, but for the newest `limit` (by instant, then key).
    func oldestKeys(_ lookup: String, _ value: String, keeping limit: Int) -> [String] {
        let name = schema.name
        return strings(
            "SELECT t.key FROM \(name) t JOIN \(name)_lookup l ON l.key = t.key WHERE l.lookup = ? AND l.value = ? "
                + "ORDER BY t.at DESC, t.key DESC LIMIT -1 OFFSET ?",
            [.text(lookup), .text(value), .integer(Int64(limit))])
    }

    func keys(atOrBefore seconds: Double) -> [String] {
        guard schema.instant != nil else { return [] }
        return strings("SELECT key FROM \(schema.name) WHERE at <= ?", [.real(seconds)])
    }

    func count() -> Int {
        integer("SELECT count(*) FROM \(schema.name)", [])
    }

    func count(_ lookup: String, _ value: String) -> Int {
        integer(
            "SELECT count(*) FROM \(schema.name)_lookup WHERE lookup = ? AND value = ?", [.text(lookup), .text(value)])
    }

    private func integer(_ sql: String, _ bindings: [SQLiteValue]) -> Int {
        guard context.isUsable else { return 0 }
        do {
            return Int(try context.database.firstInteger(sql, bindings))
        } catch {
            context.fail(error)
            return 0
        }
    }

    /// Every row: for copies and tests, never in an operation's ordinary path.
    func allRows() -> [String: Value] {
        guard context.isUsable else { return [:] }
        var rows: [String: Value] = [:]
        do {
            try context.database.query("SELECT key, value FROM \(schema.name)") { row in
                guard let key = row.text(0), let bytes = row.bytes(1) else { return }
                if let value = decode(bytes, key: key) { rows[key] = value }
            }
        } catch {
            context.fail(error)
        }
        return rows
    }

    private func strings(_ sql: String, _ bindings: [SQLiteValue]) -> [String] {
        guard context.isUsable else { return [] }
        var keys: [String] = []
        do {
            try context.database.query(sql, bindings) { row in
                if let key = row.text(0) { keys.append(key) }
            }
        } catch {
            context.fail(error)
        }
        return keys
    }

    /// A stored row, checked: a row that does not decode, or that is stored under a key it does not belong to,
    /// is damage and stops the operation.
    private func decode(_ bytes: [UInt8], key: String) -> Value? {
        let value: Value
        do {
            value = try context.decoder.decode(Value.self, from: Data(bytes))
        } catch {
            context.fail(damaged("the record \(key) of \(schema.name) cannot be read (\(error))"))
            return nil
        }
        if let belongs = schema.belongs, !belongs(key, value) {
            context.fail(damaged("the record \(key) of \(schema.name) belongs to another key"))
            return nil
        }
        return value
    }

    private func damaged(_ what: String) -> IdentityBackendError {
        IdentityBackendError(
            .storageDamaged,
            message: "\(context.database.path): \(what); the database is damaged and was left untouched. "
                + "Restore it from a backup, or move the data folder's backend/ away to start a new installation.")
    }
}
