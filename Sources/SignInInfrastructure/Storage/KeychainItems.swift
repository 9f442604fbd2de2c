/// A Keychain generic-password item: where ``KeychainSessionStore`` keeps a session.
public struct KeychainItemID: Hashable, Sendable {
    /// `kSecAttrService` (usually the bundle id).
    public var service: String
    /// `kSecAttrAccount`.
    public var account: String
    /// `kSecAttrAccessGroup`, to share the item with app extensions; `nil` for the app's own group.
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

    public var description: String {
        switch self {
        case .success: "errSecSuccess"
        case .itemNotFound: "errSecItemNotFound"
        case .duplicateItem: "errSecDuplicateItem"
        case .interactionNotAllowed: "errSecInteractionNotAllowed"
        default: "OSStatus \(rawValue)"
        }
    }
}

/// What reading a Keychain item gave.
public enum KeychainRead: Hashable, Sendable {
    /// The item's data.
    case found([UInt8])
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
