/// A value bound to a statement's parameter.
package enum SQLiteValue: Sendable {
    /// Text, bound as UTF-8.
    case text(String)
    /// A 64-bit integer.
    case integer(Int64)
    /// A double.
    case real(Double)
    /// NULL.
    case null
}

/// One row of a query's result, valid only inside the closure that receives it.
package struct SQLiteRow {
    fileprivate let library: SQLiteLibrary
    fileprivate let statement: SQLiteLibrary.Statement

    /// Column `index` as bytes (its text), or `nil` when it is NULL.
    package func bytes(_ index: Int32) -> [UInt8]? {
        guard library.columnType(statement, index) != 5 else { return nil }  // SQLITE_NULL
        let count = Int(library.columnBytes(statement, index))
        guard let pointer = library.columnText(statement, index) else { return count == 0 ? [] : nil }
        return Array(UnsafeBufferPointer(start: pointer, count: count))
    }

    /// Column `index` as text, or `nil` when it is NULL.
    package func text(_ index: Int32) -> String? {
        bytes(index).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Column `index` as an integer (0 when it is NULL).
    package func integer(_ index: Int32) -> Int64 { library.columnInt64(statement, index) }
}

/// One connection to an SQLite database file, with its prepared statements kept for reuse.
///
/// Not safe to use from two threads at once: its owner uses it only under its own lock (the embedded backend's
/// storage, in a `Locked`). Other processes share the file through SQLite's own locking; a connection waits up to
/// its busy timeout for them.
package final class SQLiteDatabase: @unchecked Sendable {
    // @unchecked Sendable: the connection and the statement cache are mutable and unsynchronised here; it is safe
    // because its one owner (the embedded backend's storage) uses it only while holding its lock, so no two
    // threads touch it at once, and the connection is opened with SQLITE_OPEN_NOMUTEX for that reason.
    private let library: SQLiteLibrary
    private var connection: SQLiteLibrary.Connection?
    private var statements: [String: SQLiteLibrary.Statement] = [:]
    /// The file.
    package let path: String

    /// Opens (and with `create`, creates) the database at `path`.
    /// - Parameter busyTimeout: How long to wait for another process's write to end, in milliseconds.
    package init(path: String, create: Bool, busyTimeout: Int32 = 10_000) throws(SQLiteError) {
        self.library = try SQLiteLibrary.shared.get()
        self.path = path
        let readWrite: Int32 = 0x2
        let createFlag: Int32 = 0x4
        let noMutex: Int32 = 0x8000  // the owner serialises every use
        var handle: SQLiteLibrary.Connection?
        let code = library.open(path, &handle, readWrite | (create ? createFlag : 0) | noMutex, nil)
        connection = handle
        guard code == 0, handle != nil else {
            let error = SQLiteError(code: code, message: Self.message(library, handle) ?? "cannot open the file")
            _ = library.close(handle)
            connection = nil
            throw error
        }
        _ = library.busyTimeout(handle, busyTimeout)
    }

    deinit {
        for statement in statements.values { _ = library.finalize(statement) }
        _ = library.close(connection)
    }

    /// The version of the SQLite library in use.
    package var libraryVersion: String { library.libraryVersion().map { String(cString: $0) } ?? "unknown" }

    /// Runs a statement that returns no rows.
    package func execute(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) {
        try query(sql, bindings) { _ in }
    }

    /// Runs a statement, calling `row` for each row of its result.
    package func query(_ sql: String, _ bindings: [SQLiteValue] = [], row: (SQLiteRow) throws(SQLiteError) -> Void)
        throws(SQLiteError)
    {
        let statement = try prepared(sql)
        defer {
            _ = library.reset(statement)
            _ = library.clearBindings(statement)
        }
        for (offset, value) in bindings.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .text(let text):
                code = text.withCString { library.bindText(statement, index, $0, -1, -1) }
            case .integer(let integer): code = library.bindInt64(statement, index, integer)
            case .real(let real): code = library.bindDouble(statement, index, real)
            case .null: code = library.bindNull(statement, index)
            }
            guard code == 0 else { throw failure(code) }
        }
        while true {
            let code = library.step(statement)
            switch code {
            case 100: try row(SQLiteRow(library: library, statement: statement))  // SQLITE_ROW
            case 101: return  // SQLITE_DONE
            default: throw failure(code)
            }
        }
    }

    /// The first row's first column as bytes, if there is a row and it is not NULL.
    package func firstBytes(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) -> [UInt8]? {
        var result: [UInt8]?
        try query(sql, bindings) { row in if result == nil { result = row.bytes(0) } }
        return result
    }

    /// The first row's first column as an integer (0 without a row).
    package func firstInteger(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) -> Int64 {
        var result: Int64 = 0
        var seen = false
        try query(sql, bindings) { row in
            if !seen { result = row.integer(0) }
            seen = true
        }
        return result
    }

    /// Closes the connection now (it is closed at the end anyway); the database must not be used afterwards.
    package func close() {
        for statement in statements.values { _ = library.finalize(statement) }
        statements = [:]
        _ = library.close(connection)
        connection = nil
    }

    private func prepared(_ sql: String) throws(SQLiteError) -> SQLiteLibrary.Statement {
        if let statement = statements[sql] { return statement }
        guard connection != nil else { throw SQLiteError(code: 21, message: "the database is closed") }
        var statement: SQLiteLibrary.Statement?
        let code = sql.withCString { library.prepare(connection, $0, -1, &statement, nil) }
        guard code == 0, let statement else { throw failure(code) }
        statements[sql] = statement
        return statement
    }

    private func failure(_ code: Int32) -> SQLiteError {
        let extended = connection.map { library.extendedErrorCode($0) } ?? code
        return SQLiteError(
            code: extended & 0xFF == code & 0xFF ? extended : code,
            message: Self.message(library, connection) ?? "SQLite error \(code)")
    }

    private static func message(_ library: SQLiteLibrary, _ connection: SQLiteLibrary.Connection?) -> String? {
        guard let connection, let text = library.errorMessage(connection) else { return nil }
        return String(cString: text)
    }
}
