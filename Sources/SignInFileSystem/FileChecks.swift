#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the file helpers check before they use a file:
///
/// - A file is read only up to a limit the caller gives: nobody else can make a program read 300 MB.
enum FileChecks {
    /// The error for a file that holds more than `limit` bytes (`size`, when known).
    static func tooLarge(_ path: String, size: Int?, limit: Int) -> FileSystemError {
        let actual = size.map { "it is \(describe(size: $0))" } ?? "it is larger"
        return FileSystemError(
            operation: "read", path: path,
            reason: "the file is too large (\(actual); the limit is \(describe(size: limit))); "
                + "this program does not write such a file: move it away",
            code: EFBIG)
    }

    /// A byte count in words: "512 bytes", "2.0 MiB".
    static func describe(size: Int) -> String {
        if size < 1024 { return "\(size) bytes" }
        let (unit, scale) = size < 1 << 20 ? ("KiB", 1 << 10) : size < 1 << 30 ? ("MiB", 1 << 20) : ("GiB", 1 << 30)
        let tenths = size * 10 / scale
        return "\(tenths / 10).\(tenths % 10) \(unit)"
    }
}
