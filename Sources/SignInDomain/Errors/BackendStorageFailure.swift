/// How an identity backend's own storage failed (the embedded backend's database and folder): what
/// ``AuthError/backendStorage(_:)`` carries, so that a screen tells a damaged store (restore it) from an unusable
/// one (fix its folder) without reading text.
public struct BackendStorageFailure: Hashable, Sendable {
    /// What went wrong.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The store cannot be opened, read or written (permissions, a missing folder, a full disk, a lock held).
        case unavailable = "STORAGE_UNAVAILABLE"
        /// The store is damaged or not the backend's: nothing was changed, and nothing will be until it is restored.
        case damaged = "STORAGE_DAMAGED"
    }

    /// What went wrong.
    public var kind: Kind
    /// The file and the problem, for the developer and the hint that says what to do.
    public var reason: String

    /// Creates a failure.
    public init(kind: Kind, reason: String) {
        self.kind = kind
        self.reason = reason
    }
}
