/// A file operation that failed or was refused, with the path and the reason: the system's, or what is wrong
/// with the file and what to do about it (for example "it is readable by other users (mode 0644); run
/// `chmod 600 PATH` or remove it").
public struct FileSystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done (`write`, `read`, `lock`, …).
    public var operation: String
    /// The path involved.
    public var path: String
    /// The system's message (`strerror`), or the problem and its remedy when the file was refused.
    public var reason: String
    /// The `errno` value, when there was one.
    public var code: Int32

    /// Creates an error.
    public init(operation: String, path: String, reason: String, code: Int32 = 0) {
        self.operation = operation
        self.path = path
        self.reason = reason
        self.code = code
    }

    public var description: String { "cannot \(operation) \(path): \(reason)" }
}
