#if canImport(Security)
    import Foundation
    import Security

    /// ``KeychainItems`` over `SecItem…`: generic passwords, `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`,
    /// in the data-protection Keychain (on macOS that needs a signed app with a Keychain access group; a command-line
    /// tool answers `errSecMissingEntitlement` and should keep its session with `FileSessionStore`). Every decision
    /// about the answers is in ``KeychainSessionStore``.
    public struct SecItemKeychain: KeychainItems {
        /// Creates the Keychain access.
        public init() {}

        public func read(_ item: KeychainItemID) -> KeychainRead {
            var request = query(item)
            request[kSecReturnData as String] = true
            request[kSecReturnAttributes as String] = true
            request[kSecMatchLimit as String] = kSecMatchLimitOne
            var result: CFTypeRef?
            let status = SecItemCopyMatching(request as CFDictionary, &result)
            if status == errSecItemNotFound { return .notFound }
            guard status == errSecSuccess, let found = result as? [String: Any],
                let data = found[kSecValueData as String] as? Data
            else {
                return .failed(KeychainStatus(rawValue: status == errSecSuccess ? -50 : status))
            }
            return .found(Array(data), accessGroup: found[kSecAttrAccessGroup as String] as? String)
        }

        public func write(_ data: [UInt8], to item: KeychainItemID) -> KeychainStatus {
            let attributes: [String: Any] = [
                kSecValueData as String: Data(data),
                kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            ]
            var status = SecItemUpdate(query(item) as CFDictionary, attributes as CFDictionary)
            if status == errSecItemNotFound {
                let added = query(item).merging(attributes) { _, new in new }
                status = SecItemAdd(added as CFDictionary, nil)
                // Another process (an app extension sharing the item) added it between the update and the add: the
                // item exists now, so the update is tried once more.
                if status == errSecDuplicateItem {
                    status = SecItemUpdate(query(item) as CFDictionary, attributes as CFDictionary)
                }
            }
            return KeychainStatus(rawValue: status)
        }

        public func delete(_ item: KeychainItemID) -> KeychainStatus {
            KeychainStatus(rawValue: SecItemDelete(query(item) as CFDictionary))
        }

        private func query(_ item: KeychainItemID) -> [String: Any] {
            var query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: item.service,
                kSecAttrAccount as String: item.account,
                kSecUseDataProtectionKeychain as String: true,
            ]
            if let group = item.accessGroup { query[kSecAttrAccessGroup as String] = group }
            return query
        }
    }
#endif
