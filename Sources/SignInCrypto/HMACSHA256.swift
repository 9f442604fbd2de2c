#if canImport(CryptoKit)
    import CryptoKit
#endif

/// HMAC-SHA256 (RFC 2104), checked against RFC 4231.
public enum HMACSHA256 {
    /// The 32-byte authentication code of `message` under `key`.
    public static func authenticationCode(for message: some Sequence<UInt8>, key: [UInt8]) -> [UInt8] {
        #if canImport(CryptoKit)
            let mac = CryptoKit.HMAC<CryptoKit.SHA256>.authenticationCode(
                for: Array(message), using: SymmetricKey(data: key))
            return Array(mac)
        #else
            return software(message: Array(message), key: key)
        #endif
    }

    /// The pure-Swift computation, used where CryptoKit does not exist and by the tests everywhere.
    public static func software(message: [UInt8], key: [UInt8]) -> [UInt8] {
        let blockSize = 64
        var keyBlock = key.count > blockSize ? SoftwareSHA256.hash(key) : key
        keyBlock.append(contentsOf: repeatElement(0, count: blockSize - keyBlock.count))
        var inner = SoftwareSHA256()
        inner.update(keyBlock.map { $0 ^ 0x36 })
        inner.update(message)
        let innerDigest = inner.finalize()
        var outer = SoftwareSHA256()
        outer.update(keyBlock.map { $0 ^ 0x5c })
        outer.update(innerDigest)
        return outer.finalize()
    }
}
