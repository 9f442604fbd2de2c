import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInFileSystem
import SignInJOSE

/// The fixed world every target checks inputs against, and that the seed maker makes its seeds in: one
/// instant, one configuration with a LOW password cost, one seeded backend with known keys.
enum FuzzFixture {
    /// 2026-01-01T00:00:00Z, the instant of every check.
    static let now = Date(timeIntervalSince1970: 1_767_225_600)
    static let clock = FixedClock(date: now)
    /// The embedded backend's defaults, with 16 PBKDF2 iterations for new hashes instead of 600,000.
    static let configuration = EmbeddedBackendConfiguration(passwordIterations: 16)
    /// The seed of the base backend's randomness.
    static let seed: UInt64 = 0xF022_5EED

    /// The longest one backend operation may take on any stored state. Stored PBKDF2 iteration counts are
    /// data: a count whose check takes longer than this must be refused before hashing. Raise it if the
    /// backend's own upper bound on stored counts takes longer than this in the fuzz build.
    static let operationTimeLimit: Duration = .seconds(5)
    /// The shortest HS256 key that may sign or verify anything: RFC 7518 §3.2 says a key of the hash's size
    /// (256 bits) or larger MUST be used, and the backend makes 32-byte keys.
    static let minimumKeyBytes = 32
    /// What a stored password hash must hold to be used (what ``PasswordHasher`` writes).
    static let passwordSaltBytes = 16
    static let passwordHashBytes = 32

    /// The password of the fixture's email accounts, and of every account the targets sign up.
    static let password = "correct horse battery staple"
    /// The password the targets set through a password reset.
    static let newPassword = "a brand new passphrase 4"
    static let email = "jane.appleseed@example.com"
    /// The raw nonce of identity tokens; tokens carry its SHA-256 hex.
    static let rawNonce = "fuzz-raw-nonce-4b1d2f6e9a8c7b5d3e1f0a2c4e6b8d0f"
    static var nonceSHA256: String { SHA256.hexDigest(rawNonce) }

    /// Whether `key` (base64url, as the state stores it) may sign or verify: it decodes, and is long enough.
    static func isUsableKey(_ key: String?) -> Bool {
        guard let key, let bytes = Base64URL.decode(key) else { return false }
        return bytes.count >= minimumKeyBytes
    }

    /// Whether a stored hash has the shape ``PasswordHasher`` writes, so that it may be checked at all.
    static func isWellFormed(_ hash: PasswordHash, maximumIterations: Int) -> Bool {
        hash.algorithm == PasswordHasher.algorithm && (1...maximumIterations).contains(hash.iterations)
            && Base64URL.decode(hash.salt)?.count == passwordSaltBytes
            && Base64URL.decode(hash.hash)?.count == passwordHashBytes
    }

    /// A service over `storage` with the fixture's clock and configuration.
    static func service(
        _ storage: any BackendStateStorage, random: any RandomByteSource, outbox: any MailOutbox = InMemoryMailOutbox()
    ) -> EmbeddedIdentityService {
        EmbeddedIdentityService(
            storage: storage, configuration: configuration, clock: clock, random: random, outbox: outbox)
    }

    // MARK: - The base backend of the token targets

    /// A fresh backend (seeded keys) with one email/password account and one guest, made by the real
    /// operations: the state the `jwt` and `jwt-claims` targets check tokens against.
    struct Base: Sendable {
        var state: EmbeddedBackendState
        var emailUID: String
        var guestUID: String
        var sessionKey: HS256Key
        var appleKey: HS256Key
        var googleKey: HS256Key
    }

    static let base: Base = {
        let random = SeededBytes(seed: seed)
        let storage = InMemoryBackendStateStorage(.fresh(random: random))
        let backend = service(storage, random: random)
        do {
            let account = try backend.signUp(email: email, password: Secret(password))
            let guest = try backend.signUpAnonymously()
            let state = try storage.read { $0 }
            return Base(
                state: state, emailUID: account.localId, guestUID: guest.localId,
                sessionKey: try state.sessionSigningKey(), appleKey: try state.appleSigningKey(),
                googleKey: try state.googleSigningKey())
        } catch {
            // The fixture is code, not input: if it cannot be built, no input can be checked.
            fatalError("the fuzz fixture cannot be built: \(error)")
        }
    }()

    // MARK: - The state, through SQLiteBackendStateStorage itself

    /// A folder of this process for state files: `$SIGNIN_FUZZ_SCRATCH` (Fuzz/run makes one in /dev/shm and
    /// removes it afterwards), else one in the temporary folder.
    static let scratchFolder: String = {
        let base = ProcessInfo.processInfo.environment["SIGNIN_FUZZ_SCRATCH"] ?? NSTemporaryDirectory()
        return "\(base)/signin-fuzz-\(getpid())"
    }()

    /// The state `SQLiteBackendStateStorage` imports from a `backend.json` holding `bytes` (with its checks, its
    /// version 1 migration, and a seeded new installation to migrate from) and then reads from its database, or
    /// `nil` where it refuses them.
    static func loadStoredState(_ bytes: [UInt8]) -> EmbeddedBackendState? {
        let folder = "\(scratchFolder)/load"
        do {
            // Written as an earlier version wrote it (a 0600 file in a 0700 folder), in a folder with no database.
            try? FileManager.default.removeItem(atPath: folder)
            try AtomicFile.makeDirectory(folder)
            try AtomicFile.write(bytes, to: "\(folder)/backend.json")
        } catch {
            fatalError("cannot write the scratch state file in \(folder): \(error)")
        }
        let storage = SQLiteBackendStateStorage(
            folder: folder, makeInitialState: { .fresh(random: SeededBytes(seed: seed)) })
        return try? storage.read { $0.detached() }
    }

    /// The `backend.json` document of `state` after a round trip through the database: built from it, read back.
    static func storedBytes(of state: EmbeddedBackendState) throws -> [UInt8] {
        let folder = "\(scratchFolder)/write"
        try? FileManager.default.removeItem(atPath: folder)
        let storage = SQLiteBackendStateStorage(folder: folder, makeInitialState: { state })
        let stored = try storage.read { $0.detached() }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return Array(try encoder.encode(stored))
    }

    /// What the storage writes must read back, and as the same state: otherwise one write locks the user out,
    /// or changes what the file says. "The same" as far as the file can tell: the storage writes whole seconds,
    /// so a date read with a fraction comes back without it, and the written bytes are what must not change.
    static func checkSurvivesStorage(_ state: EmbeddedBackendState, _ what: String) {
        guard let bytes = try? storedBytes(of: state) else { fuzzFailure("\(what) cannot be written") }
        guard let again = loadStoredState(bytes) else {
            fuzzFailure("\(what), once written, is refused when read back")
        }
        fuzzCheck((try? storedBytes(of: again)) == bytes, "\(what) changed through write and read")
    }
}

/// A compact HS256 token signed with any key bytes, also ones `HS256Key` refuses (the empty key a damaged state
/// once became): what a forger makes, to check that nothing accepts it.
func forgedHS256(header: [UInt8], payload: [UInt8], keyBytes: [UInt8]) -> String {
    let signingInput = Base64URL.encode(header) + "." + Base64URL.encode(payload)
    let signature = HMACSHA256.authenticationCode(for: Array(signingInput.utf8), key: keyBytes)
    return signingInput + "." + Base64URL.encode(signature)
}
