#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system's SQLite, found when the program runs rather than when it is linked.
///
/// Every Swift toolchain installation on Linux already has SQLite's shared library (`libsqlite3.so.0`, a documented
/// prerequisite of the toolchain), but not its header or the unversioned `libsqlite3.so` that linking needs, which
/// come with a development package. Loading the library with `dlopen` and its functions with `dlsym` needs neither:
/// the package builds and runs with the toolchain alone. On Apple platforms the same code opens the system's
/// `libsqlite3.dylib`. Only the functions the backend uses are declared, with the types of `sqlite3.h`.
struct SQLiteLibrary: Sendable {
    typealias Connection = OpaquePointer
    typealias Statement = OpaquePointer

    let open: Function.Open
    let close: Function.Close
    let errorMessage: Function.ErrorMessage
    let extendedErrorCode: Function.ErrorCode
    let busyTimeout: Function.BusyTimeout
    let prepare: Function.Prepare
    let step: Function.OnStatement
    let reset: Function.OnStatement
    let clearBindings: Function.OnStatement
    let finalize: Function.OnStatement
    /// `sqlite3_bind_text`; the last argument is the destructor, given as `SQLITE_TRANSIENT` (-1).
    let bindText: Function.BindText
    let bindInt64: Function.BindInt64
    let bindDouble: Function.BindDouble
    let bindNull: Function.BindNull
    let columnType: Function.OnColumn
    let columnText: Function.ColumnText
    let columnBytes: Function.OnColumn
    let columnInt64: Function.ColumnInt64
    let columnDouble: Function.ColumnDouble
    let libraryVersion: Function.Version

    /// The library, loaded once; or why it could not be.
    static let shared: Result<SQLiteLibrary, SQLiteError> = load()

    /// The file names tried, in order.
    static let candidates: [String] = {
        #if canImport(Darwin)
            return ["/usr/lib/libsqlite3.dylib", "libsqlite3.dylib"]
        #else
            return ["libsqlite3.so.0", "libsqlite3.so"]
        #endif
    }()

    private static func load() -> Result<SQLiteLibrary, SQLiteError> {
        guard let handle = candidates.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
            return .failure(
                SQLiteError(
                    code: -1,
                    message: "the system's SQLite library (\(candidates.joined(separator: " or "))) was not found. "
                        + "Install it with the system's package manager (libsqlite3-0 on Debian and Ubuntu, "
                        + "sqlite-libs on Fedora and Amazon Linux); the Swift toolchain's own set-up lists it."))
        }
        var missing: [String] = []
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            guard let pointer = dlsym(handle, name) else {
                missing.append(name)
                return nil
            }
            return unsafeBitCast(pointer, to: type)
        }
        let library = SQLiteLibrary(
            open: symbol("sqlite3_open_v2", as: Function.Open.self),
            close: symbol("sqlite3_close_v2", as: Function.Close.self),
            errorMessage: symbol("sqlite3_errmsg", as: Function.ErrorMessage.self),
            extendedErrorCode: symbol("sqlite3_extended_errcode", as: Function.ErrorCode.self),
            busyTimeout: symbol("sqlite3_busy_timeout", as: Function.BusyTimeout.self),
            prepare: symbol("sqlite3_prepare_v2", as: Function.Prepare.self),
            step: symbol("sqlite3_step", as: Function.OnStatement.self),
            reset: symbol("sqlite3_reset", as: Function.OnStatement.self),
            clearBindings: symbol("sqlite3_clear_bindings", as: Function.OnStatement.self),
            finalize: symbol("sqlite3_finalize", as: Function.OnStatement.self),
            bindText: symbol("sqlite3_bind_text", as: Function.BindText.self),
            bindInt64: symbol("sqlite3_bind_int64", as: Function.BindInt64.self),
            bindDouble: symbol("sqlite3_bind_double", as: Function.BindDouble.self),
            bindNull: symbol("sqlite3_bind_null", as: Function.BindNull.self),
            columnType: symbol("sqlite3_column_type", as: Function.OnColumn.self),
            columnText: symbol("sqlite3_column_text", as: Function.ColumnText.self),
            columnBytes: symbol("sqlite3_column_bytes", as: Function.OnColumn.self),
            columnInt64: symbol("sqlite3_column_int64", as: Function.ColumnInt64.self),
            columnDouble: symbol("sqlite3_column_double", as: Function.ColumnDouble.self),
            libraryVersion: symbol("sqlite3_libversion", as: Function.Version.self))
        guard let library else {
            return .failure(
                SQLiteError(
                    code: -1,
                    message: "the system's SQLite library lacks \(missing.joined(separator: ", ")); it is too old"))
        }
        return .success(library)
    }

    private init?(
        open: Function.Open?, close: Function.Close?, errorMessage: Function.ErrorMessage?,
        extendedErrorCode: Function.ErrorCode?, busyTimeout: Function.BusyTimeout?, prepare: Function.Prepare?,
        step: Function.OnStatement?, reset: Function.OnStatement?, clearBindings: Function.OnStatement?,
        finalize: Function.OnStatement?, bindText: Function.BindText?, bindInt64: Function.BindInt64?,
        bindDouble: Function.BindDouble?, bindNull: Function.BindNull?, columnType: Function.OnColumn?,
        columnText: Function.ColumnText?, columnBytes: Function.OnColumn?, columnInt64: Function.ColumnInt64?,
        columnDouble: Function.ColumnDouble?, libraryVersion: Function.Version?
    ) {
        guard let open, let close, let errorMessage, let extendedErrorCode, let busyTimeout, let prepare, let step,
            let reset, let clearBindings, let finalize, let bindText, let bindInt64, let bindDouble, let bindNull,
            let columnType, let columnText, let columnBytes, let columnInt64, let columnDouble, let libraryVersion
        else { return nil }
        self.open = open
        self.close = close
        self.errorMessage = errorMessage
        self.extendedErrorCode = extendedErrorCode
        self.busyTimeout = busyTimeout
        self.prepare = prepare
        self.step = step
        self.reset = reset
        self.clearBindings = clearBindings
        self.finalize = finalize
        self.bindText = bindText
        self.bindInt64 = bindInt64
        self.bindDouble = bindDouble
        self.bindNull = bindNull
        self.columnType = columnType
        self.columnText = columnText
        self.columnBytes = columnBytes
        self.columnInt64 = columnInt64
        self.columnDouble = columnDouble
        self.libraryVersion = libraryVersion
    }

    /// The C types of the functions, as `sqlite3.h` declares them.
    enum Function {
        typealias Open =
            @convention(c) (
                UnsafePointer<CChar>, UnsafeMutablePointer<Connection?>, Int32, UnsafePointer<CChar>?
            ) -> Int32
        typealias Close = @convention(c) (Connection?) -> Int32
        typealias ErrorMessage = @convention(c) (Connection?) -> UnsafePointer<CChar>?
        typealias ErrorCode = @convention(c) (Connection?) -> Int32
        typealias BusyTimeout = @convention(c) (Connection?, Int32) -> Int32
        typealias Prepare =
            @convention(c) (
                Connection?, UnsafePointer<CChar>, Int32, UnsafeMutablePointer<Statement?>,
                UnsafeMutablePointer<UnsafePointer<CChar>?>?
            ) -> Int32
        typealias OnStatement = @convention(c) (Statement?) -> Int32
        typealias BindText = @convention(c) (Statement?, Int32, UnsafePointer<CChar>?, Int32, Int) -> Int32
        typealias BindInt64 = @convention(c) (Statement?, Int32, Int64) -> Int32
        typealias BindDouble = @convention(c) (Statement?, Int32, Double) -> Int32
        typealias BindNull = @convention(c) (Statement?, Int32) -> Int32
        typealias OnColumn = @convention(c) (Statement?, Int32) -> Int32
        typealias ColumnText = @convention(c) (Statement?, Int32) -> UnsafePointer<UInt8>?
        typealias ColumnInt64 = @convention(c) (Statement?, Int32) -> Int64
        typealias ColumnDouble = @convention(c) (Statement?, Int32) -> Double
        typealias Version = @convention(c) () -> UnsafePointer<CChar>?
    }
}

/// A failure reported by SQLite (or the absence of SQLite).
package struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// SQLite's extended result code (-1 when SQLite itself is missing).
    package let code: Int32
    /// SQLite's message.
    package let message: String

    /// Whether the file is not a database, or a damaged one (`SQLITE_CORRUPT`, `SQLITE_NOTADB`).
    package var isDamage: Bool { code & 0xFF == 11 || code & 0xFF == 26 }
    /// Whether another process held the database for longer than the busy timeout (`SQLITE_BUSY`, `SQLITE_LOCKED`).
    package var isBusy: Bool { code & 0xFF == 5 || code & 0xFF == 6 }

    package var description: String { "\(message) (SQLite code \(code))" }

    /// Creates an error: the owner of a database reports its own failures in SQLite's terms too.
    package init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }
}
