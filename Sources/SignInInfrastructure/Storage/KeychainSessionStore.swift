#if canImport(Security)
    import Foundation
    import Security
    import SignInDomain

    /// Keeps the session in the Keychain on Apple platforms, as a generic password readable after the
    /// first unlock (so that background refreshes work) and never synchronised to other devices.
    ///
    /// A Keychain read error is reported as ``AuthError/sessionStorage(reason:)``, never as "no session".
    /// An item that cannot be decoded is moved aside to a second item (`<account>.unreadable-<time>`),
    /// never deleted, and reported as ``AuthError/storedSessionDiscarded(movedTo:reason:)``.
    ///
    /// This file is compiled only where `Security` exists; the decoding it relies on
    /// (``StoredSessionCodec``) is tested on every platform.
    public struct KeychainSessionStore: SessionStore {
        /// The Keychain service (usually the bundle id).
        public let service: String
        /// The Keychain account.
        public let account: String

        /// Creates a store.
        public init(service: String, account: String = "session") {
            self.service = service
            self.account = account
        }

        private func query(account: String) -> [String: Any] {
            [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
                kSecAttrAccount as String: account,
            ]
        }

        public func load() async throws -> UserSession? {
            var request = query(account: account)
            request[kSecReturnData as String] = true
            request[kSecMatchLimit as String] = kSecMatchLimitOne
            var item: CFTypeRef?
            let status = SecItemCopyMatching(request as CFDictionary, &item)
            if status == errSecItemNotFound { return nil }
            guard status == errSecSuccess, let data = item as? Data else {
                throw AuthError.sessionStorage(reason: "Keychain read failed (OSStatus \(status))")
            }
            switch StoredSessionCodec.decode(Array(data)) {
            case .success(let session):
                return session
            case .failure(let failure):
                let aside = "\(account).unreadable-\(Int(Date().timeIntervalSince1970))"
                try write(data, account: aside)
                try delete(account: account)
                throw AuthError.storedSessionDiscarded(movedTo: "Keychain item \(aside)", reason: failure.description)
            }
        }

        public func save(_ session: UserSession) async throws {
            try write(Data(StoredSessionCodec.encode(session)), account: account)
        }

        public func clear() async throws {
            try delete(account: account)
        }

        private func write(_ data: Data, account: String) throws {
            let attributes: [String: Any] = [
                kSecValueData as String: data,
                kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            ]
            var status = SecItemUpdate(query(account: account) as CFDictionary, attributes as CFDictionary)
            if status == errSecItemNotFound {
                let item = query(account: account).merging(attributes) { _, new in new }
                status = SecItemAdd(item as CFDictionary, nil)
            }
            guard status == errSecSuccess else {
                throw AuthError.sessionStorage(reason: "Keychain write failed (OSStatus \(status))")
            }
        }

        private func delete(account: String) throws {
            let status = SecItemDelete(query(account: account) as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else {
                throw AuthError.sessionStorage(reason: "Keychain delete failed (OSStatus \(status))")
            }
        }
    }
#endif
