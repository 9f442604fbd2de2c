/// A file operation that failed or was refused, with the path and the reason: the system's, or what is wrong
/// with the file and what to do about it (for example "it is readable by other users (mode 0644); run
/// `chmod 600 PATH` or remove it").
package struct FileSystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done (`write`, `read`, `lock`, …).
    package var operation: String
    /// The path involved.
    package var path: String
    /// The system's message (`strerror`), or the problem and its remedy when the file was refused.
    package var reason: String
    /// The `errno` value, when there was one.
    package var code: Int32

    /// Creates an error.
    package init(operation: String, path: String, reason: String, code: Int32 = 0) {
        self.operation = operation
        self.path = path
        self.reason = reason
        self.code = code
    }

    package var description: String { "cannot \(operation) \(path): \(reason)" }
}
