import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInTesting
import Testing

/// Accounts imported with the hash another system made of their password: each algorithm Firebase's import takes
/// signs in with the original password, once, and the hash is then the backend's own. The expected hashes were made
/// with Python's `hashlib`, `hmac` and `bcrypt`, not with this package's code; the Firebase `SCRYPT` one is from
/// Google's own Admin SDK tests, which run against production.
@Suite("EmbeddedIdentityService: importing password hashes")
struct ImportedPasswordHashTests {
    let harness = BackendHarness()
    var service: EmbeddedIdentityService { harness.service }

    static let password = "correct horse 1"
    static let salt = Array("NaCl-salt".utf8)
    static let key = Array("secret-key".utf8)

    /// Each algorithm, its parameters, and the hash of ``password`` under ``salt``.
    static let cases: [(ImportedPasswordHashing, String)] = [
        (
            hashing(.hmacSHA512, key: key),
            "vudp/3iVg/qpVzwFbNGSw68pdp6HyrFpLa0p94f4tboTXxuB1ohzHaMLAUDfyAjcaKp9YhpNZ9yNziQ9uRkUtA=="
        ),
        (hashing(.hmacSHA256, key: key), "eeYET5xE7qA/VbZ7O+BACD2VQ3je8ZwAQUmx/ssdb/s="),
        (hashing(.hmacSHA1, key: key), "HUyg+E0LW2A+f6j6eIHW/3Dxzds="),
        (hashing(.hmacMD5, key: key), "ZPU8Xm+PoklrZnYtHrK5Fg=="),
        (hashing(.md5, rounds: 0), "k0X7kQWEFEKiK81t4iU9yQ=="),
        (hashing(.sha1, rounds: 1), "LSbZMFBTBr7dAG+MV7feIoaIlao="),
        (hashing(.sha256, rounds: 1), "Fq3mDGR+joA+Zog1iKSQg5BdY7XNyFqisANedncWMQI="),
        (
            hashing(.sha512, rounds: 1),
            "soVYjeGT2+VYjACAVjQxFsMgTSqv9RVOofL68/q51pKjLr6ha1mhLeoKX1iYSAq6wdGQmEb71b5lXos7dxp4xw=="
        ),
        (hashing(.pbkdfSHA1, rounds: 1000), "6ciw8In41fm43f8OeL5GKknEzVU="),
        (
            hashing(.pbkdf2SHA256, rounds: 1000),
            "S95KyfH0Wiymj0/IYuevFK/C9QfONlgjd98AKMfGYpi9e8X08QhnxKZYOLca3Q/3C2Fq77lLCJXmlAUDrAKe8g=="
        ),
        (
            standardScrypt(n: 1024, r: 8, p: 2, length: 64),
            "NuC0PEi1zRY8YONCK5et14zHvjIfJVbdIMJfPRh7EOn8mKgF3cPCGaRWS2E/JNU8swleFo70d9d07dRGZAxMHQ=="
        ),
        (hashing(.bcrypt), "JDJiJDA1JGFiY2RlZmdoaWprbG1ub3BxcnN0dXVFWGhpeVFtUmdnUEhvL0pjMlM3eThxSFlLaU9VQkNt"),
        // Variants: a hash given as hexadecimal text, the password before the salt, and ten rounds.
        (hashing(.md5, rounds: 0), "OTM0NWZiOTEwNTg0MTQ0MmEyMmJjZDZkZTIyNTNkYzk="),
        (hashing(.sha256, rounds: 1, passwordFirst: true), "8heyqyOhoBA39kMT4okqzOKkTjvR62j1UzcDRbnOpNw="),
        (hashing(.hmacSHA256, key: key, passwordFirst: false), "4gbdk3BOdDW6KO61t/B9UZOjD9oWe9bhT+NAVUfx7r4="),
        (hashing(.sha256, rounds: 10), "o/IFgP8xCw/MtWSSkdixLARo9n6xRb7F/txMpXzS63w="),
    ]

    static func hashing(
        _ algorithm: ImportedHashAlgorithm, key: [UInt8]? = nil, rounds: Int? = nil, passwordFirst: Bool? = nil
    ) -> ImportedPasswordHashing {
        var hashing = ImportedPasswordHashing(algorithm)
        hashing.key = key
        hashing.rounds = rounds
        hashing.passwordFirst = passwordFirst
        return hashing
    }

    static func standardScrypt(n: Int, r: Int, p: Int, length: Int) -> ImportedPasswordHashing {
        var hashing = ImportedPasswordHashing(.standardScrypt)
        hashing.memoryCost = n
        hashing.blockSize = r
        hashing.parallelization = p
        hashing.derivedKeyLength = length
        return hashing
    }

    static func entry(hash: String, salt: [UInt8]? = ImportedPasswordHashTests.salt) throws
        -> EmbeddedIdentityService.ImportedAccount
    {
        var entry = EmbeddedIdentityService.ImportedAccount(uid: "old-1", email: "sam@example.com")
        entry.passwordHash = try #require(Data(base64Encoded: hash)).map { $0 }
        entry.salt = salt
        return entry
    }

    func storedAlgorithm() throws -> String? {
        try service.account(uid: "old-1")?.passwordHash?.algorithm
    }

    @Test(
        "each algorithm: a wrong password is refused, the original signs in, and the hash becomes the backend's own",
        arguments: cases)
    func signsIn(hashing: ImportedPasswordHashing, hash: String) throws {
        let bcrypt = hashing.algorithm == .bcrypt
        #expect(
            try service.importAccounts([Self.entry(hash: hash, salt: bcrypt ? nil : Self.salt)], hashing: hashing)
                .isEmpty)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithPassword(email: "sam@example.com", password: Secret("correct horse 2"))
            } == .invalidLoginCredentials)
        #expect(try storedAlgorithm() == hashing.algorithm.rawValue, "a wrong password leaves the imported hash")

        let session = try service.signInWithPassword(email: "sam@example.com", password: Secret(Self.password))
        #expect(session.localId == "old-1")
        #expect(try storedAlgorithm() == PasswordHasher.algorithm, "rehashed the backend's way at the first match")
        #expect(try service.account(uid: "old-1")?.passwordHash?.imported == nil, "nothing of the old system is kept")
        _ = try service.signInWithPassword(email: "sam@example.com", password: Secret(Self.password))
    }

    @Test("attack: a wrong password for an imported MD5 account costs a full hash too, as one for an unknown email")
    func wrongPasswordCostsAFullHash() throws {
        let entry = try Self.entry(hash: "k0X7kQWEFEKiK81t4iU9yQ==")
        #expect(try service.importAccounts([entry], hashing: Self.hashing(.md5, rounds: 0)).isEmpty)
        func hashes(_ email: String) -> Int {
            let before = service.hashing.admitted
            _ = errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithPassword(email: email, password: Secret("correct horse 2"))
            }
            return service.hashing.admitted - before
        }
        // The unknown email is checked against a dummy hash of the full cost: one slow hash. The imported account's
        // quick MD5 check is followed by a hash the backend's way, kept only if the password matched.
        #expect(hashes("nobody@example.com") == 1)
        #expect(hashes("sam@example.com") == 2)
        #expect(try storedAlgorithm() == "MD5")
    }

    @Test("Firebase's own SCRYPT: the vector of Google's Admin SDK tests signs in")
    func firebaseScrypt() throws {
        var hashing = ImportedPasswordHashing(.scrypt)
        hashing.key = try #require(
            Data(
                base64Encoded:
                    "jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA=="
            )
        ).map { $0 }
        hashing.saltSeparator = [0x07]
        hashing.rounds = 8
        hashing.memoryCost = 14
        let entry = try Self.entry(
            hash: "V358E8LdWJXAO7muq0CufVpEOXaj8aFiC7T/rcaGieN04q/ZPJ08WhJEHGjj9lz/2TT+/86N5VjVoc5DdBhBiw==",
            salt: Array("NaCl".utf8))
        #expect(try service.importAccounts([entry], hashing: hashing).isEmpty)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithPassword(email: "sam@example.com", password: Secret("Password"))
            } == .invalidLoginCredentials)
        _ = try service.signInWithPassword(email: "sam@example.com", password: Secret("password"))
        #expect(try storedAlgorithm() == PasswordHasher.algorithm)
    }

    @Test("attack: parameters out of bounds refuse the whole import before anything is hashed or stored")
    func parametersRefused() throws {
        let entry = try Self.entry(hash: "k0X7kQWEFEKiK81t4iU9yQ==")
        func code(_ hashing: ImportedPasswordHashing?) -> IdentityBackendError.Code? {
            errorCode { () throws(IdentityBackendError) in _ = try service.importAccounts([entry], hashing: hashing) }
        }
        #expect(code(nil) == .invalidHashAlgorithm, "a hash with no algorithm")
        #expect(code(Self.hashing(.hmacSHA256)) == .invalidHashKey, "HMAC without a key")
        #expect(code(Self.hashing(.hmacSHA256, key: [UInt8](repeating: 1, count: 1025))) == .invalidHashKey)
        #expect(code(Self.hashing(.md5, rounds: 8193)) == .invalidHashRounds)
        #expect(code(Self.hashing(.pbkdf2SHA256, rounds: 0)) == .invalidHashRounds)
        #expect(code(Self.hashing(.pbkdf2SHA256, rounds: 120_001)) == .invalidHashRounds)
        var scrypt = Self.hashing(.scrypt, key: Self.key, rounds: 8)
        scrypt.memoryCost = 15
        #expect(code(scrypt) == .invalidHashMemoryCost, "Firebase's scrypt above N = 2^14")
        scrypt.memoryCost = 14
        scrypt.rounds = 9
        #expect(code(scrypt) == .invalidHashRounds)
        scrypt.rounds = 8
        scrypt.saltSeparator = [UInt8](repeating: 0, count: 65)
        #expect(code(scrypt) == .invalidHashSaltSeparator)
        #expect(code(Self.standardScrypt(n: 1000, r: 8, p: 1, length: 64)) == .invalidHashMemoryCost, "N not 2^k")
        #expect(code(Self.standardScrypt(n: 1 << 16, r: 8, p: 1, length: 64)) == .invalidHashMemoryCost, "64 MiB")
        #expect(code(Self.standardScrypt(n: 1 << 14, r: 8, p: 64, length: 64)) == .invalidHashMemoryCost, "2^23 blocks")
        #expect(code(Self.standardScrypt(n: 1024, r: 0, p: 1, length: 64)) == .invalidHashBlockSize)
        #expect(code(Self.standardScrypt(n: 1024, r: 8, p: 0, length: 64)) == .invalidHashParallelization)
        #expect(code(Self.standardScrypt(n: 1024, r: 8, p: 1, length: 0)) == .invalidHashDerivedKeyLength)
        #expect(try service.account(uid: "old-1") == nil)
    }

    @Test("attack: an entry whose hash cannot be checked is refused by index, and the others go in")
    func entriesRefused() throws {
        var both = try Self.entry(hash: "k0X7kQWEFEKiK81t4iU9yQ==")
        both.password = Secret(Self.password)
        var noEmail = try Self.entry(hash: "k0X7kQWEFEKiK81t4iU9yQ==")
        noEmail.uid = "no-email"
        noEmail.email = nil
        var short = try Self.entry(hash: "AAAA")
        short.uid = "short"
        var good = try Self.entry(hash: "k0X7kQWEFEKiK81t4iU9yQ==")
        good.uid = "good"
        good.email = "good@example.com"
        let failures = try service.importAccounts(
            [both, noEmail, short, good], hashing: Self.hashing(.md5, rounds: 0))
        #expect(failures.map(\.index) == [0, 1, 2])
        #expect(failures.map(\.message)[0] == "give rawPassword or passwordHash, not both")
        #expect(failures.map(\.message)[1] == "a password needs an email")
        #expect(failures.map(\.message)[2].hasPrefix("passwordHash is not a MD5 hash"))
        #expect(try service.account(uid: "good") != nil)

        // bcrypt: not a bcrypt string, or a cost that would hold each sign-in for seconds.
        let costly = try Self.entry(
            hash: Data("$2b$16$abcdefghijklmnopqrstuuEXhiyQmRggPHo/Jc2S7y8qHYKiOUBCm".utf8).base64EncodedString())
        var buggy = try Self.entry(
            hash: Data("$2x$05$abcdefghijklmnopqrstuuEXhiyQmRggPHo/Jc2S7y8qHYKiOUBCm".utf8).base64EncodedString())
        buggy.uid = "buggy"
        let slow = try service.importAccounts([costly, buggy], hashing: Self.hashing(.bcrypt))
        #expect(
            slow.map(\.message) == [
                "passwordHash has a bcrypt cost above 15", "passwordHash is not a bcrypt string ($2a$, $2b$ or $2y$)",
            ])
    }

    @Test("attack: a stored imported hash edited out of bounds is a damaged record, refused before any hashing")
    func tamperedRecord() throws {
        var scrypt = Self.hashing(.scrypt, key: Self.key, rounds: 8)
        scrypt.memoryCost = 14
        let entry = try Self.entry(hash: Data(Self.key).base64EncodedString())
        #expect(try service.importAccounts([entry], hashing: scrypt).isEmpty)
        for edit in [
            { (hash: inout PasswordHash) in hash.imported?.memoryCost = 30 },
            { (hash: inout PasswordHash) in hash.iterations = 1_000_000 },
            { (hash: inout PasswordHash) in hash.imported?.key = "not base64url!" },
            { (hash: inout PasswordHash) in hash.algorithm = "SCRYPT2" },
        ] {
            var state = try #require(try harness.backend.storage.read { $0 } as EmbeddedBackendState?)
            edit(&state.identity.accounts["old-1"]!.passwordHash!)
            let damaged = BackendHarness(storage: InMemoryBackendStateStorage(state), clock: harness.clock)
            let started = ContinuousClock.now
            #expect(
                errorCode { () throws(IdentityBackendError) in
                    _ = try damaged.service.signInWithPassword(
                        email: "sam@example.com", password: Secret(Self.password))
                } == .damagedRecord)
            #expect(ContinuousClock.now - started < .seconds(5))
        }
    }
}
