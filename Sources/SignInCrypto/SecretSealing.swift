/// Seals a small secret that must be read back (an authenticator's shared secret) under a key, bound to a context (the
/// account and the record it belongs to): encrypt-then-MAC, with HMAC-SHA256 both as the keystream (counter mode) and
/// as the tag, under two keys derived from the one given. A sealed value opens only with the same key and context, so
/// a copy of the rows without the key reveals nothing, and a record moved to another account does not open there.
///
/// The text is `v1.` and the base64url of a 16-byte random nonce, the ciphertext and the 32-byte tag.
public enum SecretSealing {
    static let version = "v1."
    static let nonceLength = 16
    static let tagLength = 32

    /// `plaintext` sealed under `key` for `context`.
    public static func seal(_ plaintext: [UInt8], key: [UInt8], context: String, random: any RandomByteSource)
        -> String
    {
        let nonce = random.bytes(count: nonceLength)
        let ciphertext = xor(plaintext, keystream: keystream(key: key, nonce: nonce, count: plaintext.count))
        let tag = self.tag(key: key, context: context, nonce: nonce, ciphertext: ciphertext)
        return version + Base64URL.encode(nonce + ciphertext + tag)
    }

    /// What `sealed` holds, or `nil` when it was not sealed under `key` for `context`, or was changed since.
    public static func open(_ sealed: String, key: [UInt8], context: String) -> [UInt8]? {
        guard sealed.hasPrefix(version), let bytes = Base64URL.decode(String(sealed.dropFirst(version.count))),
            bytes.count >= nonceLength + tagLength
        else { return nil }
        let nonce = Array(bytes[..<nonceLength])
        let ciphertext = Array(bytes[nonceLength..<(bytes.count - tagLength)])
        let tag = Array(bytes[(bytes.count - tagLength)...])
        guard ConstantTime.equals(tag, self.tag(key: key, context: context, nonce: nonce, ciphertext: ciphertext))
        else { return nil }
        return xor(ciphertext, keystream: keystream(key: key, nonce: nonce, count: ciphertext.count))
    }

    private static func keystream(key: [UInt8], nonce: [UInt8], count: Int) -> [UInt8] {
        let encryptionKey = HMACSHA256.authenticationCode(for: Array("encrypt".utf8), key: key)
        var stream: [UInt8] = []
        var block: UInt32 = 0
        while stream.count < count {
            let counter = (0..<4).map { UInt8(truncatingIfNeeded: block >> (24 - 8 * UInt32($0))) }
            stream += HMACSHA256.authenticationCode(for: nonce + counter, key: encryptionKey)
            block &+= 1
        }
        return Array(stream.prefix(count))
    }

    private static func tag(key: [UInt8], context: String, nonce: [UInt8], ciphertext: [UInt8]) -> [UInt8] {
        let macKey = HMACSHA256.authenticationCode(for: Array("authenticate".utf8), key: key)
        let length = UInt64(context.utf8.count)
        let prefix = (0..<8).map { UInt8(truncatingIfNeeded: length >> (56 - 8 * UInt64($0))) }
        return HMACSHA256.authenticationCode(for: prefix + Array(context.utf8) + nonce + ciphertext, key: macKey)
    }

    private static func xor(_ bytes: [UInt8], keystream: [UInt8]) -> [UInt8] {
        zip(bytes, keystream).map { $0 ^ $1 }
    }
}
