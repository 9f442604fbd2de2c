/// A Keychain generic-password item: where ``KeychainSessionStore`` keeps a session.
public struct KeychainItemID: Hashable, Sendable {
    /// `kSecAttrService` (usually the bundle id).
    public var service: String
    /// `kSecAttrAccount`.
    public var account: String
    /// `kSecAttrAccessGroup`: the group the item is kept in, one shared with app extensions or the app's own
    /// (`TEAMID.com.example.app`). `nil` names no group: a read or delete then matches the item in any of the app's
    /// groups, and a new item lands in the system's default group, the first of the app's Keychain access groups,
    /// which with Keychain Sharing on is a shared one.
    public var accessGroup: String?

    /// Creates an item id.
    public init(service: String, account: String, accessGroup: String? = nil) {
        self.service = service
        self.account = account
        self.accessGroup = accessGroup
    }
}

/// An `OSStatus` from a `SecItem…` call, with the values the session store tells apart.
public struct KeychainStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `errSecSuccess`.
    public static let success = KeychainStatus(rawValue: 0)
    /// `errSecItemNotFound`.
    public static let itemNotFound = KeychainStatus(rawValue: -25300)
    /// `errSecDuplicateItem`.
    public static let duplicateItem = KeychainStatus(rawValue: -25299)
    /// `errSecInteractionNotAllowed`: the device has not been unlocked since it started (an app prewarmed or
    /// woken in the background before the first unlock), so items readable "after first unlock" are not yet.
    public static let interactionNotAllowed = KeychainStatus(rawValue: -25308)
    /// `errSecMissingEntitlement`: the app is not in the item's access group, or (a command-line tool on macOS) has
    /// no Keychain access group at all.
    public static let missingEntitlement = KeychainStatus(rawValue: -34018)

    public var description: String {
        switch self {
        case .success: "errSecSuccess"
        case .itemNotFound: "errSecItemNotFound"
        case .duplicateItem: "errSecDuplicateItem"
        case .interactionNotAllowed: "errSecInteractionNotAllowed"
        case .missingEntitlement: "errSecMissingEntitlement"
        default: "OSStatus \(rawValue)"
        }
    }
}

/// What reading a Keychain item gave.
public enum KeychainRead: Hashable, Sendable {
    /// The item's data, and the access group it is in (`nil` when the Keychain did not say).
    case found([UInt8], accessGroup: String?)
    /// There is no such item (`errSecItemNotFound`): the only answer that means "no session".
    case notFound
    /// The Keychain could not be read now: locked, or any other error. Never a reason to sign out.
    case failed(KeychainStatus)
}

/// The three `SecItem…` calls the session store makes, as a seam: `SecItemKeychain` on Apple platforms, a
/// double in the tests, so that every decision of ``KeychainSessionStore`` is tested on every platform.
public protocol KeychainItems: Sendable {
    /// Reads an item (`SecItemCopyMatching`).
    func read(_ item: KeychainItemID) -> KeychainRead
    /// Creates or replaces an item (`SecItemUpdate`, then `SecItemAdd` when there is none), readable after the
    /// first unlock and never synchronised to another device.
    func write(_ data: [UInt8], to item: KeychainItemID) -> KeychainStatus
    /// Deletes an item (`SecItemDelete`); deleting an item that does not exist answers `itemNotFound`.
    func delete(_ item: KeychainItemID) -> KeychainStatus
}

extension KeychainItems {
    /// Reads `item`. When it names an access group and is not there, an item of the same service and account in
    /// another of the app's groups (where a version that named no group kept it) is moved into the named group:
    /// written there, then deleted from the group it was in. A move that cannot be written leaves the item where it
    /// was, and is tried again at the next read; so a session is never lost by naming a group.
    func readMovingIntoGroup(_ item: KeychainItemID) -> KeychainRead {
        let read = read(item)
        guard case .notFound = read, let group = item.accessGroup else { return read }
        var anyGroup = item
        anyGroup.accessGroup = nil
        guard case .found(let data, let oldGroup?) = self.read(anyGroup), oldGroup != group else { return read }
        guard write(data, to: item) == .success else { return .found(data, accessGroup: oldGroup) }
        var old = item
        old.accessGroup = oldGroup
        _ = delete(old)
        return .found(data, accessGroup: group)
    }

    /// Deletes `item`, and when it names an access group, the item of the same service and account in every other
    /// group of the app too, so that a copy an earlier version kept elsewhere cannot be read back after a sign-out.
    func deleteInEveryGroup(_ item: KeychainItemID) -> KeychainStatus {
        var anyGroup = item
        anyGroup.accessGroup = nil
        return delete(anyGroup)
    }
}
