import Foundation
public import SignInDomain

/// Keeps the session in a Keychain generic-password item, readable after the first unlock (so that background
/// refreshes work) and never synchronised to other devices (`SecItemKeychain` on Apple platforms).
///
/// Only `errSecItemNotFound` means "no session". A locked Keychain (`errSecInteractionNotAllowed`: an app
/// prewarmed or woken before the device's first unlock) and every other read error are
/// `AuthError/sessionStorage(reason:)`: the session is unreadable now, nothing is deleted, and the next load
/// reads it again. An item that cannot be decoded is copied aside (`<account>.unreadable-<time>`) before it is
/// removed, and reported as `AuthError/storedSessionDiscarded(movedTo:reason:)`; if the copy fails, nothing
/// is removed.
///
/// A store that names an access group moves the session it finds for its service and account in another of the
/// app's groups (where a version that named no group kept it) into that group at the first load, and a sign-out
/// deletes it from every group, so that naming a group signs nobody out and leaves no copy behind.
///
/// An app and its extensions that share the session (an access group) pass a `lockFile` in their shared
/// container: ``withExclusiveAccess(_:)`` then takes a `flock` on it, so that the session is refreshed once,
/// not once per process.
public struct KeychainSessionStore: SessionStore {
    /// The session's item.
    public let item: KeychainItemID
    private let keychain: any KeychainItems
    private let lock: SessionLockFile?
    private let clock: any WallClock

    /// Creates a store.
    /// - Parameters:
    ///   - service: `kSecAttrService` (usually the bundle id).
    ///   - account: `kSecAttrAccount`.
    ///   - accessGroup: The Keychain access group: one shared with app extensions, or the app's own
    ///     (`TEAMID.com.example.app`, see `PlatformStorage.appOnlyKeychainGroup(info:)`) to keep the session to the
    ///     app. `nil` is the system's default group, the first of the app's Keychain access groups, which with
    ///     Keychain Sharing on is a shared one.
    ///   - keychain: The Keychain calls: `SecItemKeychain()` on Apple platforms.
    ///   - lockFile: A file in a folder every process sharing the session can reach (an app group's container);
    ///     `nil` when one process uses the session.
    ///   - lockTimeout: How long ``withExclusiveAccess(_:)`` waits for another process.
    ///   - clock: Stamps the name of an item moved aside.
    public init(
        service: String, account: String = "session", accessGroup: String? = nil, keychain: any KeychainItems,
        lockFile: String? = nil, lockTimeout: Duration = .seconds(30), clock: any WallClock = SystemWallClock()
    ) {
        self.item = KeychainItemID(service: service, account: account, accessGroup: accessGroup)
        self.keychain = keychain
        self.lock = lockFile.map { SessionLockFile(path: $0, timeout: lockTimeout) }
        self.clock = clock
    }

    public func load() async throws(AuthError) -> UserSession? {
        let bytes: [UInt8]
        switch keychain.readMovingIntoGroup(item) {
        case .notFound:
            return nil
        case .failed(let status):
            throw AuthError.sessionStorage(reason: Self.unreadable(status))
        case .found(let data, _):
            bytes = data
        }
        switch StoredSessionCodec.decode(bytes) {
        case .success(let session):
            return session
        case .failure(let failure):
            var aside = item
            aside.account = "\(item.account).unreadable-\(Int(clock.now().timeIntervalSince1970))"
            let copied = keychain.write(bytes, to: aside)
            guard copied == .success else {
                throw AuthError.sessionStorage(
                    reason: "the Keychain item \(item.account) is unusable (\(failure)) and could not be copied aside "
                        + "(\(copied)); it is kept")
            }
            let removed = keychain.delete(item)
            guard removed == .success || removed == .itemNotFound else {
                throw AuthError.sessionStorage(reason: "Keychain delete failed (\(removed))")
            }
            throw AuthError.storedSessionDiscarded(
                movedTo: "Keychain item \(aside.account)", reason: failure.description)
        }
    }

    public func save(_ session: UserSession) async throws(AuthError) {
        let status = keychain.write(StoredSessionCodec.encode(session), to: item)
        guard status == .success else {
            throw AuthError.sessionStorage(reason: "Keychain write failed (\(status)); the previous session is kept")
        }
    }

    public func clear() async throws(AuthError) {
        let status = keychain.deleteInEveryGroup(item)
        guard status == .success || status == .itemNotFound else {
            throw AuthError.sessionStorage(reason: "Keychain delete failed (\(status))")
        }
    }

    public func withExclusiveAccess<T: Sendable>(_ body: @Sendable () async throws(AuthError) -> T)
        async throws(AuthError) -> T
    {
        guard let lock else { return try await body() }
        return try await lock.withLock(body)
    }

    private static func unreadable(_ status: KeychainStatus) -> String {
        status == .interactionNotAllowed
            ? "the Keychain is locked until the device is first unlocked (\(status)); the session is kept and read again later"
            : "Keychain read failed (\(status)); the session is kept and read again later"
    }
}
