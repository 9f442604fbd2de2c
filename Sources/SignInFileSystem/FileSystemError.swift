/// A file operation that failed, with the path and the system's reason.
public struct FileSystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done (`write`, `read`, `lock`, …).
    public var operation: String
    /// The path involved.
    public var path: String
    /// The system's message (`strerror`).
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
