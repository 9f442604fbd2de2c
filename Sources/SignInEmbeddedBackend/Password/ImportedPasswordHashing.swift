import SignInCrypto
public import SignInData
import SignInEmbeddedStore

/// The password hash algorithms an import may bring from another system, by the names Firebase's Admin API gives
/// them (`hashAlgorithm`).
public enum ImportedHashAlgorithm: String, CaseIterable, Hashable, Sendable {
    case hmacSHA512 = "HMAC_SHA512"
    case hmacSHA256 = "HMAC_SHA256"
    case hmacSHA1 = "HMAC_SHA1"
    case hmacMD5 = "HMAC_MD5"
    case md5 = "MD5"
    case sha1 = "SHA1"
    case sha256 = "SHA256"
    case sha512 = "SHA512"
    case pbkdfSHA1 = "PBKDF_SHA1"
    case pbkdf2SHA256 = "PBKDF2_SHA256"
    /// Firebase's own scrypt: the signer key encrypted with AES-256-CTR under a key scrypt derives.
    case scrypt = "SCRYPT"
    case standardScrypt = "STANDARD_SCRYPT"
    case bcrypt = "BCRYPT"

    /// The digest under a plain, HMAC or PBKDF2 algorithm; `nil` for scrypt and bcrypt.
    var digest: DigestAlgorithm? {
        switch self {
        case .md5, .hmacMD5: .md5
        case .sha1, .hmacSHA1, .pbkdfSHA1: .sha1
        case .sha256, .hmacSHA256, .pbkdf2SHA256: .sha256
        case .sha512, .hmacSHA512: .sha512
        case .scrypt, .standardScrypt, .bcrypt: nil
        }
    }

    var isHMAC: Bool { [.hmacSHA512, .hmacSHA256, .hmacSHA1, .hmacMD5].contains(self) }
    var isPlainDigest: Bool { [.md5, .sha1, .sha256, .sha512].contains(self) }
    var isPBKDF2: Bool { self == .pbkdfSHA1 || self == .pbkdf2SHA256 }
}

/// How the passwords of one import were hashed: the algorithm and its parameters, as Firebase's
/// `accounts:batchCreate` takes them. Each entry then brings its own hash and salt.
///
/// What each algorithm computes, with P the password and S the salt (both as bytes):
/// - `MD5`, `SHA1`, `SHA256`, `SHA512`: H(S ‖ P), then H of the result again for each round past the first (0 and 1
///   both mean one hash). The hash may be the digest or its hexadecimal text.
/// - `HMAC_*`: HMAC(key, P ‖ S), the digest or its hexadecimal text.
/// - ``passwordFirst`` swaps the order of P and S for those two families (Firebase's `passwordHashOrder`).
/// - `PBKDF_SHA1`, `PBKDF2_SHA256`: PBKDF2 with HMAC-SHA1 or HMAC-SHA256, `rounds` iterations, as many bytes as the
///   hash has.
/// - `SCRYPT` (Firebase's): scrypt(P, S ‖ saltSeparator, N = 2^memoryCost, r = rounds, p = 1) keys AES-256-CTR (a zero
///   counter block), which encrypts the signer key; the result is the hash.
/// - `STANDARD_SCRYPT`: scrypt(P, S, N = memoryCost, r = blockSize, p = parallelization), as many bytes as the hash.
/// - `BCRYPT`: the hash is the whole `$2b$…` string (its own salt and cost inside); the salt is not used.
///
/// Every parameter is bounded, so that an import (or a tampered record) cannot make one sign-in run for long or take
/// much memory: scrypt takes at most 32 MiB and 2²¹ block operations, bcrypt a cost of 15.
public struct ImportedPasswordHashing: Hashable, Sendable {
    public var algorithm: ImportedHashAlgorithm
    /// The HMAC key, or `SCRYPT`'s signer key (`signerKey`).
    public var key: [UInt8]?
    /// `SCRYPT`'s salt separator (`saltSeparator`).
    public var saltSeparator: [UInt8]?
    /// The rounds of a plain digest (0…8192), PBKDF2's iterations (1…120,000), or `SCRYPT`'s r (1…8).
    public var rounds: Int?
    /// `SCRYPT`: log₂ N (1…14); `STANDARD_SCRYPT`: N, a power of two.
    public var memoryCost: Int?
    /// `STANDARD_SCRYPT`'s r.
    public var blockSize: Int?
    /// `STANDARD_SCRYPT`'s p.
    public var parallelization: Int?
    /// `STANDARD_SCRYPT`'s output length (`dkLen`); each entry's hash must have this many bytes.
    public var derivedKeyLength: Int?
    /// Whether the password comes before the salt (`PASSWORD_AND_SALT`) or after it (`SALT_AND_PASSWORD`) for the
    /// plain and HMAC algorithms; `nil` for each algorithm's default.
    public var passwordFirst: Bool?

    /// The most bytes of a key, a salt or a hash.
    public static let maximumByteCount = 1024
    /// The most bytes scrypt's memory may take: 128 × r × N.
    public static let maximumScryptMemory = 32 << 20
    /// The most block operations scrypt may do: N × r × p.
    public static let maximumScryptWork = 1 << 21
    /// The highest bcrypt cost taken.
    public static let maximumBcryptCost = 15

    /// Describes an import's hashing; ``check()`` checks it.
    public init(_ algorithm: ImportedHashAlgorithm) {
        self.algorithm = algorithm
    }

    /// Checks every parameter the algorithm needs against its bounds.
    /// - Throws: `INVALID_HASH_KEY`, `INVALID_HASH_ROUNDS`, `INVALID_HASH_MEMORY_COST`, `INVALID_HASH_BLOCK_SIZE`,
    ///   `INVALID_HASH_PARALLELIZATION`, `INVALID_HASH_DERIVED_KEY_LENGTH` or `INVALID_HASH_SALT_SEPARATOR`, with a
    ///   message that says what is expected.
    public func check() throws(IdentityBackendError) {
        func require(_ condition: Bool, _ code: IdentityBackendError.Code, _ message: String)
            throws(IdentityBackendError)
        {
            if !condition { throw IdentityBackendError(code, message: "\(algorithm.rawValue) needs \(message)") }
        }
        let keyBytes = 1...Self.maximumByteCount
        if algorithm.isHMAC || algorithm == .scrypt {
            try require(key.map { keyBytes.contains($0.count) } ?? false, .invalidHashKey, "a key of 1 to 1,024 bytes")
        }
        switch algorithm {
        case .md5, .sha1, .sha256, .sha512:
            try require((0...8192).contains(rounds ?? 0), .invalidHashRounds, "rounds from 0 to 8,192")
        case .pbkdfSHA1, .pbkdf2SHA256:
            try require((1...120_000).contains(rounds ?? 0), .invalidHashRounds, "rounds from 1 to 120,000")
        case .scrypt:
            try require((1...8).contains(rounds ?? 0), .invalidHashRounds, "rounds from 1 to 8")
            try require((1...14).contains(memoryCost ?? 0), .invalidHashMemoryCost, "a memory cost from 1 to 14")
            try require(
                (saltSeparator?.count ?? 0) <= 64, .invalidHashSaltSeparator, "a salt separator of 64 bytes at most")
        case .standardScrypt:
            let n = memoryCost ?? 0
            let r = blockSize ?? 0
            let p = parallelization ?? 0
            try require(
                n > 1 && n & (n - 1) == 0 && n <= 1 << 20, .invalidHashMemoryCost,
                "a memory cost (N) that is a power of two from 2 to 2^20")
            try require((1...64).contains(r), .invalidHashBlockSize, "a block size from 1 to 64")
            try require((1...64).contains(p), .invalidHashParallelization, "a parallelization from 1 to 64")
            try require(
                128 * r * n <= Self.maximumScryptMemory && n * r * p <= Self.maximumScryptWork, .invalidHashMemoryCost,
                "128 × r × N within 32 MiB and N × r × p within 2^21")
            try require(
                (1...256).contains(derivedKeyLength ?? 0), .invalidHashDerivedKeyLength,
                "a derived key length from 1 to 256")
        case .hmacSHA512, .hmacSHA256, .hmacSHA1, .hmacMD5, .bcrypt:
            break
        }
    }

    /// Why one entry's `hash` and `salt` cannot be checked under this hashing, or `nil` when they can.
    func problem(hash: [UInt8], salt: [UInt8]) -> String? {
        guard !hash.isEmpty, hash.count <= Self.maximumByteCount else { return "passwordHash is empty or too long" }
        guard salt.count <= Self.maximumByteCount else { return "salt is longer than 1,024 bytes" }
        let name = algorithm.rawValue
        if let digest = algorithm.digest, !algorithm.isPBKDF2 {
            guard hash.count == digest.digestByteCount || hash.count == 2 * digest.digestByteCount else {
                return "passwordHash is not a \(name) hash: \(digest.digestByteCount) bytes, or their hexadecimal text"
            }
        }
        switch algorithm {
        case .pbkdfSHA1, .pbkdf2SHA256:
            guard hash.count <= 256 else { return "passwordHash is longer than 256 bytes" }
        case .scrypt:
            guard hash.count == key?.count else {
                return "passwordHash is not a SCRYPT hash: as long as the signer key"
            }
        case .standardScrypt:
            guard hash.count == derivedKeyLength else {
                return "passwordHash is not a STANDARD_SCRYPT hash: \(derivedKeyLength ?? 0) bytes (dkLen)"
            }
        case .bcrypt:
            guard let parsed = Bcrypt.Hash(String(decoding: hash, as: UTF8.self)) else {
                return "passwordHash is not a bcrypt string ($2a$, $2b$ or $2y$)"
            }
            guard parsed.cost <= Self.maximumBcryptCost else {
                return "passwordHash has a bcrypt cost above \(Self.maximumBcryptCost)"
            }
        default:
            break
        }
        return nil
    }

    /// The stored record of one entry's hash and salt. The caller checked ``problem(hash:salt:)``.
    func record(hash: [UInt8], salt: [UInt8]) -> PasswordHash {
        PasswordHash(
            algorithm: algorithm.rawValue, iterations: rounds ?? 0, salt: Base64URL.encode(salt),
            hash: Base64URL.encode(hash),
            imported: ImportedHashParameters(
                key: key.map { Base64URL.encode($0) }, saltSeparator: saltSeparator.map { Base64URL.encode($0) },
                memoryCost: memoryCost, blockSize: blockSize, parallelization: parallelization,
                passwordFirst: passwordFirst))
    }

    /// The hashing, salt and hash of a stored imported record, after the same checks as at import.
    /// - Throws: `IdentityBackendError/Code/damagedRecord` when anything is unknown or out of bounds.
    static func checked(_ stored: PasswordHash) throws(IdentityBackendError) -> (
        hashing: ImportedPasswordHashing, salt: [UInt8], hash: [UInt8]
    ) {
        func damaged(_ problem: String) -> IdentityBackendError {
            IdentityBackendError(
                .damagedRecord,
                message: "the stored imported password hash \(problem); it was not used. A password reset replaces it.")
        }
        guard let algorithm = ImportedHashAlgorithm(rawValue: stored.algorithm) else {
            throw damaged("uses an unknown algorithm")
        }
        let parameters = stored.imported ?? ImportedHashParameters()
        guard let salt = Base64URL.decode(stored.salt), let hash = Base64URL.decode(stored.hash) else {
            throw damaged("has a salt or hash that is not base64url")
        }
        var hashing = ImportedPasswordHashing(algorithm)
        hashing.rounds = stored.iterations
        hashing.memoryCost = parameters.memoryCost
        hashing.blockSize = parameters.blockSize
        hashing.parallelization = parameters.parallelization
        hashing.passwordFirst = parameters.passwordFirst
        hashing.derivedKeyLength = algorithm == .standardScrypt ? hash.count : nil
        if let key = parameters.key {
            guard let bytes = Base64URL.decode(key) else { throw damaged("has a key that is not base64url") }
            hashing.key = bytes
        }
        if let separator = parameters.saltSeparator {
            guard let bytes = Base64URL.decode(separator) else {
                throw damaged("has a salt separator that is not base64url")
            }
            hashing.saltSeparator = bytes
        }
        do throws(IdentityBackendError) {
            try hashing.check()
        } catch {
            throw damaged("has parameters out of bounds (\(error.message))")
        }
        if let problem = hashing.problem(hash: hash, salt: salt) { throw damaged("is not usable (\(problem))") }
        return (hashing, salt, hash)
    }

    /// Whether `password` matches `hash` under this hashing, compared in constant time.
    func matches(_ password: [UInt8], salt: [UInt8], hash expected: [UInt8]) -> Bool {
        switch algorithm {
        case .md5, .sha1, .sha256, .sha512, .hmacSHA512, .hmacSHA256, .hmacSHA1, .hmacMD5:
            guard let digest = algorithm.digest else { return false }
            let passwordFirst = passwordFirst ?? algorithm.isHMAC
            let input = passwordFirst ? password + salt : salt + password
            var value: [UInt8]
            if algorithm.isHMAC {
                value = digest.authenticationCode(for: input, key: key ?? [])
            } else {
                value = digest.hash(input)
                for _ in 1..<max(rounds ?? 1, 1) { value = digest.hash(value) }
            }
            return Self.equals(value, expected)
        case .pbkdfSHA1, .pbkdf2SHA256:
            guard let digest = algorithm.digest else { return false }
            let value = digest.pbkdf2(
                password: password, salt: salt, iterations: rounds ?? 1, keyLength: expected.count)
            return ConstantTime.equals(value, expected)
        case .scrypt:
            let derived = Scrypt.derive(
                password: password, salt: salt + (saltSeparator ?? []), cost: 1 << (memoryCost ?? 1),
                blockSize: rounds ?? 1, parallelization: 1, keyLength: 32)
            let value = AES256.ctr(key ?? [], key: derived, counter: [UInt8](repeating: 0, count: 16))
            return ConstantTime.equals(value, expected)
        case .standardScrypt:
            let value = Scrypt.derive(
                password: password, salt: salt, cost: memoryCost ?? 2, blockSize: blockSize ?? 1,
                parallelization: parallelization ?? 1, keyLength: expected.count)
            return ConstantTime.equals(value, expected)
        case .bcrypt:
            guard let parsed = Bcrypt.Hash(String(decoding: expected, as: UTF8.self)) else { return false }
            return Bcrypt.verify(password, against: parsed)
        }
    }

    /// A digest against a stored hash that is either the digest or its hexadecimal text (either case).
    private static func equals(_ digest: [UInt8], _ stored: [UInt8]) -> Bool {
        if stored.count == 2 * digest.count {
            let lowered = stored.map { (0x41...0x5a).contains($0) ? $0 | 0x20 : $0 }
            return ConstantTime.equals(Array(Hex.encode(digest).utf8), lowered)
        }
        return ConstantTime.equals(digest, stored)
    }
}
