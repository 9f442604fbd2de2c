import Foundation
public import SignInData
import SignInFileSystem
import SignInLocking
import SignInSQLite

/// Keeps the state in an SQLite database, `backend.sqlite` in a data folder, so that separate runs of the CLI share
/// accounts and sessions, and an operation costs the same with one account or a hundred thousand.
///
/// - Each table of the state is a table of the database, with an index for each lookup and for its instant; an
///   operation reads and writes only the rows it uses, in one transaction (`BEGIN IMMEDIATE` for a change), undone
///   by SQLite if the operation fails. The parts that do not grow (keys, the Apple ID, the Google accounts) are one
///   small document of the `meta` table.
/// - Processes sharing a data folder take turns through SQLite's own locking (write-ahead log; a writer waits up to
///   ten seconds for another). A change returns only once it is on the disk, but changes made at once share the
///   flush: each commit is written without one (`synchronous=NORMAL`), and then waits, outside the lock, for a flush
///   of the log that began after it (`GroupCommit`), which one of the waiting writers runs for all of them. If a
///   flush fails, the changes it covered are already visible but not known to be on the disk: they, and every later
///   change, fail with `STORAGE_UNAVAILABLE` until the process starts again (after a failed flush the system may
///   have dropped what it could not write, and a later flush would succeed all the same).
/// - A new database is built under a temporary name (mode 0600) and published under its name only if none exists
///   yet, so that two processes starting at once end up with one installation.
/// - A `backend.json` of an earlier version found beside it is imported once (with its checks and migrations) into
///   the new database and then kept aside as `backend.json.imported`, never deleted.
/// - A file that cannot be opened, is not such a database, is damaged or was written by a newer version is
///   refused with an error naming it and saying what to do; nothing is ever written over it. So is a file that is
///   not to be trusted (a symbolic link, a file of another user or one open to group or others).
public final class SQLiteBackendStateStorage: BackendStateStorage {
    /// The version of the database's layout this code writes (`PRAGMA user_version`); a newer one is refused.
    package static let layoutVersion = 1
    /// The most bytes a `backend.json` to import may hold (256 MiB).
    package static let legacySizeLimit = 256 << 20

    /// The data folder.
    public let folder: String
    /// The database file.
    package var databasePath: String { "\(folder)/backend.sqlite" }
    /// Where earlier versions kept the state; imported once, then renamed ``importedLegacyStatePath``.
    package var legacyStatePath: String { "\(folder)/backend.json" }
    /// Where an imported `backend.json` is kept.
    package var importedLegacyStatePath: String { "\(folder)/backend.json.imported" }

    private let makeInitialState: @Sendable () -> EmbeddedBackendState
    private let connection = Locked<Connection?>(nil)
    /// Flushes the write-ahead log for the changes committed without a flush.
    private let durability: GroupCommit

    /// The open database, its tables, and the fixed parts last read.
    private struct Connection {
        let context: DatabaseContext
        let tables: EmbeddedBackendState
        var fixedBytes: [UInt8] = []
        var fixed: EmbeddedBackendState.FixedParts?
    }

    /// Creates a storage in `folder`.
    /// - Parameters:
    ///   - folder: The data folder; created (0700) on first use.
    ///   - makeInitialState: Makes the state of a new installation, when the folder has neither a database nor a
    ///     `backend.json` to import.
    public init(folder: String, makeInitialState: @escaping @Sendable () -> EmbeddedBackendState) {
        self.folder = folder
        self.makeInitialState = makeInitialState
        let database = "\(folder)/backend.sqlite"
        let flushed = self.flushedFiles
        self.durability = GroupCommit { () throws(IdentityBackendError) in
            do throws(FileSystemError) {
                // The write-ahead log holds the commits; a database not in that mode has them in its own file.
                let log = "\(database)-wal"
                let logIdentity = AtomicFile.identity(of: log)
                let target = logIdentity == nil ? database : log
                // A log this storage has not flushed before (SQLite makes a new one after the last connection
                // closed) needs its folder flushed too, or its name may be lost with the commits in it.
                let isNew = flushed.withLock { files in
                    defer { files.last = logIdentity }
                    return logIdentity != nil && files.last != logIdentity
                }
                try AtomicFile.flush(target, andFolder: isNew)
                if isNew { flushed.withLock { $0.folderFlushes += 1 } }
            } catch {
                throw IdentityBackendError(
                    .storageUnavailable, message: "the change could not be flushed to the disk: \(error.description)")
            }
        }
    }

    /// How many times the write-ahead log was flushed, for tests and the benchmark.
    package var flushCount: Int { durability.flushCount }
    /// How many of those flushes also flushed the folder, for a log not flushed before; for tests.
    package var folderFlushCount: Int { flushedFiles.withLock { $0.folderFlushes } }
    /// The log last flushed (its identity), and how many flushes included the folder.
    private let flushedFiles = Locked<(last: [UInt64]?, folderFlushes: Int)>((nil, 0))

    public func read<T: Sendable>(_ body: (EmbeddedBackendState) throws(IdentityBackendError) -> T)
        throws(IdentityBackendError) -> T
    {
        try operation(changing: false) { (state: inout EmbeddedBackendState) throws(IdentityBackendError) in
            (try body(state), false)
        }
    }

    public func update<T: Sendable>(_ body: (inout EmbeddedBackendState) throws(IdentityBackendError) -> T)
        throws(IdentityBackendError) -> T
    {
        try operation(changing: true) { (state: inout EmbeddedBackendState) throws(IdentityBackendError) in
            try state.transaction(body)
        }
    }

    // MARK: - Operations

    private func operation<T: Sendable>(
        changing: Bool,
        _ run: (inout EmbeddedBackendState) throws(IdentityBackendError) -> (value: T, changed: Bool)
    ) throws(IdentityBackendError) -> T {
        let result: Result<(value: T, commit: Int?), IdentityBackendError> = connection.withLock { connection in
            do throws(IdentityBackendError) {
                if connection == nil { connection = try open() }
                guard var open = connection else { throw unavailable("cannot open the database") }
                defer { connection = open }
                return .success(try perform(on: &open, changing: changing, run))
            } catch {
                return .failure(error)
            }
        }
        let outcome = try result.get()
        if let commit = outcome.commit { try durability.waitUntilDurable(commit) }
        return outcome.value
    }

    /// Runs one operation in a transaction, and returns its value and, when it changed something, the number of its
    /// commit, which is not on the disk until `GroupCommit.waitUntilDurable(_:)` returns.
    private func perform<T>(
        on connection: inout Connection, changing: Bool,
        _ run: (inout EmbeddedBackendState) throws(IdentityBackendError) -> (value: T, changed: Bool)
    ) throws(IdentityBackendError) -> (value: T, commit: Int?) {
        let context = connection.context
        let database = context.database
        do {
            try database.execute(changing ? "BEGIN IMMEDIATE" : "BEGIN")
        } catch {
            throw Self.describe(error, path: databasePath)
        }
        context.begin()
        var committed = false
        defer {
            if !committed { try? database.execute("ROLLBACK") }
            _ = context.end()
        }
        let fixed = try readFixedParts(&connection)
        var state = EmbeddedBackendState(fixed: fixed, tables: connection.tables)
        // A state with a missing, short or damaged key stops every operation, before any is run.
        try state.checkKeys()
        let outcome: (value: T, changed: Bool)
        do {
            outcome = try run(&state)
        } catch {
            // A failed read made the operation fail in its own way (an account "not found"): the database's
            // failure is the one to report.
            throw context.end() ?? error
        }
        if let failure = context.end() { throw failure }
        context.begin()
        do {
            if outcome.changed, state.fixedParts != fixed { try writeFixedParts(state.fixedParts, &connection) }
            try database.execute("COMMIT")
            committed = true
        } catch {
            throw Self.describe(error, path: databasePath)
        }
        return (outcome.value, outcome.changed ? durability.committed() : nil)
    }

    private func readFixedParts(_ connection: inout Connection) throws(IdentityBackendError)
        -> EmbeddedBackendState.FixedParts
    {
        let bytes: [UInt8]?
        do {
            bytes = try connection.context.database.firstBytes("SELECT value FROM meta WHERE key = 'fixed'")
        } catch {
            throw Self.describe(error, path: databasePath)
        }
        guard let bytes else { throw damaged("it has no keys (the meta table is empty)") }
        if let fixed = connection.fixed, bytes == connection.fixedBytes { return fixed }
        let fixed: EmbeddedBackendState.FixedParts
        do {
            fixed = try connection.context.decoder.decode(EmbeddedBackendState.FixedParts.self, from: Data(bytes))
        } catch {
            throw damaged("its keys cannot be read (\(error))")
        }
        guard fixed.version <= EmbeddedBackendState.currentVersion else {
            throw IdentityBackendError(
                .storageDamaged,
                message:
                    "\(databasePath) was written by a newer version (format \(fixed.version)); it was left untouched.")
        }
        connection.fixed = fixed
        connection.fixedBytes = bytes
        return fixed
    }

    private func writeFixedParts(_ fixed: EmbeddedBackendState.FixedParts, _ connection: inout Connection)
        throws(SQLiteError)
    {
        let bytes: [UInt8]
        do {
            bytes = Array(try connection.context.encoder.encode(fixed))
        } catch {
            throw SQLiteError(code: 1, message: "cannot encode the keys: \(error)")
        }
        try connection.context.database.execute(
            "INSERT INTO meta (key, value) VALUES ('fixed', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [.text(String(decoding: bytes, as: UTF8.self))])
        connection.fixed = nil
    }

    // MARK: - Opening, creating, importing

    private func open() throws(IdentityBackendError) -> Connection {
        do {
            try AtomicFile.makeDirectory(folder)
            AtomicFile.removeStaleTemporaries(of: databasePath)
            if !AtomicFile.exists(databasePath) { try create() }
            try AtomicFile.requireTrusted(databasePath)
        } catch let error as IdentityBackendError {
            throw error
        } catch let error as FileSystemError {
            throw unavailable(error.description)
        } catch {
            throw unavailable(String(describing: error))
        }
        let database: SQLiteDatabase
        do {
            database = try SQLiteDatabase(path: databasePath, create: false)
            let layout = try database.firstInteger("PRAGMA user_version")
            guard layout != 0 else {
                throw damagedOrForeign("it is not a database of this backend (it has no layout version)")
            }
            guard layout <= Self.layoutVersion else {
                throw IdentityBackendError(
                    .storageDamaged,
                    message: "\(databasePath) was written by a newer version (layout \(layout)); it was left untouched."
                )
            }
            // Each commit is written without a flush; `operation` waits for the group's flush before returning.
            try database.execute("PRAGMA synchronous = NORMAL")
        } catch let error as SQLiteError {
            throw Self.describe(error, path: databasePath)
        } catch let error as IdentityBackendError {
            throw error
        } catch {
            throw unavailable(String(describing: error))
        }
        let context = DatabaseContext(database: database)
        return Connection(context: context, tables: Self.tables(of: makeInitialState(), in: context))
    }

    /// A state whose tables stand for the database's.
    private static func tables(of template: EmbeddedBackendState, in context: DatabaseContext) -> EmbeddedBackendState {
        struct Attach: TableVisitor {
            let context: DatabaseContext
            mutating func visit<Value: TableRow>(_ table: inout Table<Value>) {
                table = Table(database: DatabaseTable<Value>(context: context))
            }
        }
        var state = template
        var attach = Attach(context: context)
        state.visitTables(&attach)
        return state
    }

    /// Builds the database of a new installation, or of the `backend.json` found in the folder, under a temporary
    /// name, and publishes it unless another process did first.
    private func create() throws {
        let legacy = try AtomicFile.read(legacyStatePath, limit: Self.legacySizeLimit)
        let initial = try legacy.map { bytes throws(IdentityBackendError) in try decodeLegacy(bytes) }
        let state = initial ?? makeInitialState()
        try state.checkIntegrity()
        let temporary = "\(databasePath).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try AtomicFile.write([], to: temporary)
        do {
            try Self.build(at: temporary, from: state)
            if try AtomicFile.publish(temporary, as: databasePath), legacy != nil { try keepLegacyAside() }
        } catch {
            try? AtomicFile.remove(temporary)
            if let error = error as? SQLiteError { throw Self.describe(error, path: temporary) }
            throw error
        }
        try? AtomicFile.remove(temporary)
    }

    private static func build(at path: String, from state: EmbeddedBackendState) throws {
        let database = try SQLiteDatabase(path: path, create: false)
        defer { database.close() }
        let context = DatabaseContext(database: database)
        try database.execute("BEGIN IMMEDIATE")
        try database.execute("CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID")
        struct Copy: TableVisitor {
            let context: DatabaseContext
            var failure: SQLiteError?
            mutating func visit<Value: TableRow>(_ table: inout Table<Value>) {
                do {
                    for statement in DatabaseTable<Value>.creation { try context.database.execute(statement) }
                } catch {
                    failure = failure ?? error
                    return
                }
                let target = DatabaseTable<Value>(context: context)
                for (key, value) in table { target.write(key, value) }
            }
        }
        var copy = Copy(context: context)
        var source = state
        context.begin()
        source.visitTables(&copy)
        if let failure = copy.failure { throw failure }
        if let failure = context.end() { throw failure }
        let fixed = Array(try context.encoder.encode(state.fixedParts))
        try database.execute(
            "INSERT INTO meta (key, value) VALUES ('fixed', ?)", [.text(String(decoding: fixed, as: UTF8.self))])
        try database.execute("PRAGMA user_version = \(layoutVersion)")
        try database.execute("COMMIT")
        // Kept in the file: every later connection uses the write-ahead log.
        try database.execute("PRAGMA journal_mode = WAL")
    }

    /// Renames the imported `backend.json` to the first free name of `backend.json.imported`, `….imported-2`, …
    private func keepLegacyAside() throws {
        var target = importedLegacyStatePath
        var number = 2
        while AtomicFile.exists(target) {
            target = "\(importedLegacyStatePath)-\(number)"
            number += 1
        }
        try AtomicFile.move(legacyStatePath, to: target)
    }

    /// A `backend.json` of an earlier version: checked, decoded and migrated as that version read it.
    private func decodeLegacy(_ bytes: [UInt8]) throws(IdentityBackendError) -> EmbeddedBackendState {
        struct Versioned: Decodable { let version: Int }
        guard let version = try? JSONDecoder().decode(Versioned.self, from: Data(bytes)).version else {
            throw damagedLegacy(
                "\(legacyStatePath) is not a readable backend state; it was left untouched and nothing was "
                    + "imported. Move it away to start a new installation.")
        }
        guard version <= EmbeddedBackendState.currentVersion else {
            throw damagedLegacy(
                "\(legacyStatePath) was written by a newer version (format \(version)); it was left untouched.")
        }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let decoded = try decoder.decode(EmbeddedBackendState.self, from: Data(bytes))
            return decoded.version < EmbeddedBackendState.currentVersion
                ? decoded.migrated(fillingFrom: makeInitialState()) : decoded
        } catch {
            throw damagedLegacy(
                "\(legacyStatePath) is damaged (\(error)); it was left untouched and nothing was imported.")
        }
    }

    // MARK: - Errors

    /// An SQLite failure as the backend reports it: naming the file and what to do.
    static func describe(_ error: SQLiteError, path: String) -> IdentityBackendError {
        if error.isDamage {
            return IdentityBackendError(
                .storageDamaged,
                message: "\(path) is damaged or not a database (\(error.message)); it was left untouched. "
                    + "Restore it from a backup, or move the data folder's backend/ away to start a new installation.")
        }
        if error.isBusy {
            return IdentityBackendError(
                .storageUnavailable,
                message: "\(path) stayed busy: another process held it for more than ten seconds. Try again.")
        }
        return IdentityBackendError(.storageUnavailable, message: "\(path): \(error.description)")
    }

    private func damaged(_ what: String) -> IdentityBackendError {
        damagedOrForeign(what)
    }

    private func damagedOrForeign(_ what: String) -> IdentityBackendError {
        IdentityBackendError(
            .storageDamaged,
            message: "\(databasePath): \(what); it was left untouched. "
                + "Restore it from a backup, or move the data folder's backend/ away to start a new installation.")
    }

    private func damagedLegacy(_ message: String) -> IdentityBackendError {
        IdentityBackendError(.storageDamaged, message: message)
    }

    private func unavailable(_ message: String) -> IdentityBackendError {
        IdentityBackendError(.storageUnavailable, message: message)
    }
}
