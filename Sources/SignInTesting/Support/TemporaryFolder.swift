import Foundation

/// A unique folder path under the system's temporary directory, removed with everything in it when the value
/// goes away. The folder itself is not created: the code under test creates what it needs.
public final class TemporaryFolder: Sendable {
    /// The folder's path.
    public let path: String

    /// Reserves a new path whose last component starts with `prefix`.
    public init(prefix: String = "signin") {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
