/// The hash functions behind the password hashes other systems made, as an import names them (`MD5`, `SHA1`,
/// `SHA256`, `SHA512` and their HMAC and PBKDF2 forms), with HMAC (RFC 2104) and PBKDF2 (RFC 8018 §5.2) over each.
///
/// These check a password once, when an account imported from elsewhere first signs in, before the backend hashes it
/// again its own way; they are not the hot path, so they are written plainly. Checked against RFC 1321, FIPS 180-4,
/// RFC 2202, RFC 4231 and RFC 6070.
public enum DigestAlgorithm: String, CaseIterable, Hashable, Sendable {
    case md5, sha1, sha256, sha512

    /// The digest's length in bytes.
    public var digestByteCount: Int {
        switch self {
        case .md5: 16
        case .sha1: 20
        case .sha256: 32
        case .sha512: 64
        }
    }

    /// The block's length in bytes, which HMAC pads its key to.
    public var blockByteCount: Int { self == .sha512 ? 128 : 64 }

    /// The digest of `bytes`.
    public func hash(_ bytes: [UInt8]) -> [UInt8] {
        switch self {
        case .md5: MD5.hash(bytes)
        case .sha1: SHA1.hash(bytes)
        case .sha256: SHA256.hash(bytes)
        case .sha512: SHA512.hash(bytes)
        }
    }

    /// HMAC of `message` under `key` with this digest.
    public func authenticationCode(for message: [UInt8], key: [UInt8]) -> [UInt8] {
        var block = key.count > blockByteCount ? hash(key) : key
        block.append(contentsOf: repeatElement(0, count: blockByteCount - block.count))
        let inner = hash(block.map { $0 ^ 0x36 } + message)
        return hash(block.map { $0 ^ 0x5c } + inner)
    }

    /// PBKDF2 with HMAC over this digest: `keyLength` bytes from `password` and `salt` after `iterations` rounds.
    /// SHA-256 goes through ``PBKDF2/sha256(password:salt:iterations:keyLength:)``, at the platform's speed.
    /// - Precondition: `iterations` ≥ 1 and `keyLength` ≥ 1.
    public func pbkdf2(password: [UInt8], salt: [UInt8], iterations: Int, keyLength: Int) -> [UInt8] {
        precondition(iterations >= 1 && keyLength >= 1, "PBKDF2 needs at least one iteration and one byte")
        if self == .sha256 {
            return PBKDF2.sha256(password: password, salt: salt, iterations: iterations, keyLength: keyLength)
        }
        var output: [UInt8] = []
        var blockIndex: UInt32 = 1
        while output.count < keyLength {
            let indexBytes = (0..<4).map { UInt8(truncatingIfNeeded: blockIndex >> UInt32(24 - 8 * $0)) }
            var u = authenticationCode(for: salt + indexBytes, key: password)
            var block = u
            for _ in 1..<iterations {
                u = authenticationCode(for: u, key: password)
                for index in block.indices { block[index] ^= u[index] }
            }
            output.append(contentsOf: block)
            blockIndex += 1
        }
        return Array(output.prefix(keyLength))
    }
}
