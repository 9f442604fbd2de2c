// Stand-in for the part of Apple's Security framework (and the CoreFoundation types it speaks) that the
// Apple-only files of this repository use, so that CI can type-check them on Linux. Declarations follow Apple's
// documentation; CoreFoundation types are their toll-free bridged Foundation counterparts, and the C constants
// are `nonisolated(unsafe)` as imported C globals are. There is no
// behaviour. Never part of a product or a test: see Tools/AppleStandIns/README.md.
import Foundation

public typealias OSStatus = Int32
public typealias CFTypeRef = AnyObject
public typealias CFString = NSString
public typealias CFDictionary = NSDictionary
public typealias CFBoolean = NSNumber

public let errSecSuccess: OSStatus = 0
public let errSecItemNotFound: OSStatus = -25300
public let errSecDuplicateItem: OSStatus = -25299
public let errSecInteractionNotAllowed: OSStatus = -25308
public let errSecAuthFailed: OSStatus = -25293

nonisolated(unsafe) public let kSecClass: CFString = "class"
nonisolated(unsafe) public let kSecClassGenericPassword: CFString = "genp"
nonisolated(unsafe) public let kSecAttrService: CFString = "svce"
nonisolated(unsafe) public let kSecAttrAccount: CFString = "acct"
nonisolated(unsafe) public let kSecAttrAccessGroup: CFString = "agrp"
nonisolated(unsafe) public let kSecAttrAccessible: CFString = "pdmn"
nonisolated(unsafe) public let kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString = "cku"
nonisolated(unsafe) public let kSecAttrSynchronizable: CFString = "sync"
nonisolated(unsafe) public let kSecUseDataProtectionKeychain: CFString = "nleg"
nonisolated(unsafe) public let kSecValueData: CFString = "v_Data"
nonisolated(unsafe) public let kSecReturnData: CFString = "r_Data"
nonisolated(unsafe) public let kSecReturnAttributes: CFString = "r_Attributes"
nonisolated(unsafe) public let kSecMatchLimit: CFString = "m_Limit"
nonisolated(unsafe) public let kSecMatchLimitOne: CFString = "m_LimitOne"

public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    let status = StandInKeychain.answer("read")
    guard status == errSecSuccess else { return status }
    guard let key = StandInKeychain.matches(query).first, let data = StandInKeychain.items[key] else {
        return errSecItemNotFound
    }
    result?.pointee =
        [
            kSecValueData as String: data, kSecAttrService as String: key.service,
            kSecAttrAccount as String: key.account,
            kSecAttrAccessGroup as String: key.group,
        ] as NSDictionary
    return errSecSuccess
}
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    let status = StandInKeychain.answer("add")
    guard status == errSecSuccess, let key = StandInKeychain.key(attributes) else { return status }
    guard StandInKeychain.items[key] == nil else { return errSecDuplicateItem }
    StandInKeychain.items[key] = (attributes as? [String: Any])?[kSecValueData as String] as? Data ?? Data()
    return errSecSuccess
}
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
    let status = StandInKeychain.answer("update")
    guard status == errSecSuccess else { return status }
    let matches = StandInKeychain.matches(query)
    guard !matches.isEmpty else { return errSecItemNotFound }
    let data = (attributesToUpdate as? [String: Any])?[kSecValueData as String] as? Data ?? Data()
    for key in matches { StandInKeychain.items[key] = data }
    return errSecSuccess
}
public func SecItemDelete(_ query: CFDictionary) -> OSStatus {
    let status = StandInKeychain.answer("delete")
    guard status == errSecSuccess else { return status }
    let matches = StandInKeychain.matches(query)
    guard !matches.isEmpty else { return errSecItemNotFound }
    for key in matches { StandInKeychain.items[key] = nil }
    return errSecSuccess
}
public func SecCopyErrorMessageString(_ status: OSStatus, _ reserved: UnsafeMutableRawPointer?) -> CFString? { nil }

// SecKey: what SignInCrypto's Apple branches use to verify RS256 (AppleSignatures) and to make its test keys
// (AppleSigningKeys).
public typealias CFData = NSData
public typealias CFError = NSError
public final class SecKey {}
public struct SecKeyAlgorithm: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rsaSignatureMessagePKCS1v15SHA256 = SecKeyAlgorithm(
        rawValue: "algid:sign:RSA:message-PKCS1v15:SHA256")
}
nonisolated(unsafe) public let kSecAttrKeyType: CFString = "type"
nonisolated(unsafe) public let kSecAttrKeyTypeRSA: CFString = "42"
nonisolated(unsafe) public let kSecAttrKeySizeInBits: CFString = "bsiz"
nonisolated(unsafe) public let kSecAttrKeyClass: CFString = "kcls"
nonisolated(unsafe) public let kSecAttrKeyClassPublic: CFString = "0"
nonisolated(unsafe) public let kSecAttrKeyClassPrivate: CFString = "1"
public func SecKeyCreateRandomKey(_ parameters: CFDictionary, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?)
    -> SecKey?
{ nil }
public func SecKeyCopyPublicKey(_ key: SecKey) -> SecKey? { nil }
public func SecKeyCopyExternalRepresentation(_ key: SecKey, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?)
    -> CFData?
{ nil }
public func SecKeyCreateSignature(
    _ key: SecKey, _ algorithm: SecKeyAlgorithm, _ dataToSign: CFData,
    _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> CFData? { nil }
public func SecKeyCreateWithData(
    _ keyData: CFData, _ attributes: CFDictionary, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> SecKey? { nil }
public func SecKeyVerifySignature(
    _ key: SecKey, _ algorithm: SecKeyAlgorithm, _ signedData: CFData, _ signature: CFData,
    _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> Bool { false }

// MARK: - Stand-in control (not Apple's API)

/// The Keychain's generic-password items in memory, and the statuses the stand-in's `SecItem…` calls answer first, in
/// order (then they do what Apple documents), scripted by the behaviour tests (`Tools/AppleBehaviour`), and the calls
/// made. As Apple documents: a query that names no access group matches the item in any of the app's groups
/// (`groups`, in order), and an item added without a group lands in the first of them. Not Apple's API.
public enum StandInKeychain {
    public struct Key: Hashable, Sendable {
        public var service: String
        public var account: String
        public var group: String
        public init(service: String, account: String, group: String) {
            self.service = service
            self.account = account
            self.group = group
        }
    }
    nonisolated(unsafe) public static var answers: [OSStatus] = []
    nonisolated(unsafe) public static var calls: [String] = []
    nonisolated(unsafe) public static var items: [Key: Data] = [:]
    nonisolated(unsafe) public static var groups = ["TEAMID.shared", "TEAMID.com.example.app"]

    public static func reset() {
        answers = []
        calls = []
        items = [:]
    }

    static func answer(_ call: String) -> OSStatus {
        calls.append(call)
        return answers.isEmpty ? errSecSuccess : answers.removeFirst()
    }

    static func matches(_ query: CFDictionary) -> [Key] {
        let query = query as? [String: Any] ?? [:]
        let group = query[kSecAttrAccessGroup as String] as? String
        return (group.map { [$0] } ?? groups).compactMap { group in
            let key = Key(
                service: query[kSecAttrService as String] as? String ?? "",
                account: query[kSecAttrAccount as String] as? String ?? "", group: group)
            return items[key] == nil ? nil : key
        }
    }

    static func key(_ attributes: CFDictionary) -> Key? {
        let attributes = attributes as? [String: Any] ?? [:]
        guard let group = attributes[kSecAttrAccessGroup as String] as? String ?? groups.first else { return nil }
        return Key(
            service: attributes[kSecAttrService as String] as? String ?? "",
            account: attributes[kSecAttrAccount as String] as? String ?? "", group: group)
    }
}
