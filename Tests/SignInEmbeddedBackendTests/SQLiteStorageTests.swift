import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedIssuers
import SignInSQLite
import SignInTesting
import Testing

@testable import SignInEmbeddedBackend
@testable import SignInEmbeddedStore

@Suite("SQLiteBackendStateStorage")
struct SQLiteStorageTests {
    /// Removed with everything in it when the test's instance goes away.
    let temporary = TemporaryFolder(prefix: "signin-backend")
    var folder: String { temporary.path }
    var databasePath: String { "\(folder)/backend.sqlite" }

    func makeStorage(seed: UInt64 = 1) -> SQLiteBackendStateStorage {
        SQLiteBackendStateStorage(folder: folder, makeInitialState: { .fresh(random: SeededRandomBytes(seed: seed)) })
    }

    @Test("a second backend on the same folder sees the first one's accounts, keys and refresh tokens")
    func persists() throws {
        let clock = TestClock()
        let first = BackendHarness(storage: makeStorage(seed: 1), clock: clock)
        let session = try first.signIn()

        let second = BackendHarness(storage: makeStorage(seed: 2), clock: clock)
        #expect(try second.service.account(uid: session.localId) != nil)
        #expect(try second.issuer.verificationKey() == first.issuer.verificationKey())
        let refreshed = try second.service.refreshSession(refreshToken: session.refreshToken)
        #expect(refreshed.localId == session.localId)
        #expect(throws: IdentityBackendError.self) {
            try first.service.refreshSession(refreshToken: session.refreshToken)
        }
    }

    @Test("dates keep their milliseconds across a restart; rows written with whole seconds still read")
    func millisecondDates() throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_795_926_892.880))
        let first = BackendHarness(storage: makeStorage(seed: 1), clock: clock)
        let uid = try first.service.signUp(email: "ms@example.com", password: "ms password 1").localId
        let second = BackendHarness(storage: makeStorage(seed: 2), clock: clock)
        let account = try #require(try second.service.account(uid: uid))
        let millis = { (date: Date?) in date.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) } }
        #expect(millis(account.createdAt) == 1_795_926_892_880 && millis(account.lastSignInAt) == 1_795_926_892_880)

        let context = DatabaseContext(database: try SQLiteDatabase(path: "\(folder)/dates.sqlite", create: true))
        let old = try context.decoder.decode([Date].self, from: Data(#"["2026-11-29T04:29:52Z"]"#.utf8))
        #expect(old == [Date(timeIntervalSince1970: 1_795_926_592)])
        let written = String(decoding: try context.encoder.encode([clock.now()]), as: UTF8.self)
        #expect(written == #"["2026-11-29T04:34:52.880Z"]"#)
        // 1795928232.543 is 1795928232.54299998… in binary: it is still written as .543.
        let hair = Date(timeIntervalSince1970: 1_795_928_232_543 / 1000)
        let kept = try context.decoder.decode([Date].self, from: try context.encoder.encode([hair]))
        #expect(kept.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) } == [1_795_928_232_543])
        #expect(throws: DecodingError.self) {
            try context.decoder.decode([Date].self, from: Data(#"["yesterday"]"#.utf8))
        }
    }

    @Test("the database is 0600 in a 0700 folder and holds no refresh token in clear")
    func permissions() throws {
        let harness = BackendHarness(storage: makeStorage())
        let session = try harness.signIn()
        let attributes = try FileManager.default.attributesOfItem(atPath: databasePath)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folderAttributes = try FileManager.default.attributesOfItem(atPath: folder)
        #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)"))
            #expect(bytes.range(of: Data(session.refreshToken.value.utf8)) == nil, "\(name)")
        }
    }

    @Test("every operation of the identity service works on the database, lookups and pruning included")
    func lifecycle() throws {
        let harness = BackendHarness(storage: makeStorage())
        let service = harness.service
        let jane = try service.signUp(email: "Jane@Example.com", password: "correct horse battery")
        // The email lookup: the same email, written differently, names the same account.
        #expect(throws: IdentityBackendError.self) {
            try service.signUp(email: " jane@example.com", password: "x1y2z3w4")
        }
        let again = try service.signInWithPassword(email: "JANE@example.com", password: "correct horse battery")
        #expect(again.localId == jane.localId)
        // Refresh rotation and reuse detection use the family lookup.
        let rotated = try service.refreshSession(refreshToken: again.refreshToken)
        harness.clock.advance(by: harness.configuration.refreshTokenReuseGrace + 1)
        #expect(throws: IdentityBackendError.self) { try service.refreshSession(refreshToken: again.refreshToken) }
        #expect(throws: IdentityBackendError.self) { try service.refreshSession(refreshToken: rotated.refreshToken) }
        // Deleting the account removes its tokens through the account lookup.
        let fresh = try service.signInWithPassword(email: "jane@example.com", password: "correct horse battery")
        try service.deleteAccount(idToken: fresh.idToken, revoking: nil)
        let state = try service.snapshot()
        #expect(state.accounts[jane.localId] == nil)
        #expect(state.refreshTokens.values.allSatisfy { $0.uid != jane.localId })
        #expect(state.rotatedRefreshTokens.values.allSatisfy { $0.uid != jane.localId })
        // The email is free again.
        _ = try service.signUp(email: "jane@example.com", password: "correct horse battery")
    }

    @Test("a failed operation changes nothing in the database, tables and keys alike")
    func failedOperationIsRolledBack() throws {
        let storage = makeStorage()
        let harness = BackendHarness(storage: storage)
        try harness.signIn()
        let before = try storage.read { $0.detached() }
        let error = #expect(throws: IdentityBackendError.self) {
            try storage.update { state throws(IdentityBackendError) in
                state.identity.accounts["new"] = EmbeddedAccount(uid: "new", createdAt: Date())
                state.identity.refreshTokens.removeAll()
                state.identity.usedNonces["n"] = Date()
                state.apple.authorizedClients["com.example.other"] = true
                state.identity.lastPrunedAt = Date(timeIntervalSince1970: 1)
                throw IdentityBackendError(.userNotFound, message: "fails after its changes")
            }
        }
        #expect(error?.code == .userNotFound)
        #expect(try storage.read { $0.detached() } == before)
        #expect(try makeStorage().read { $0.detached() } == before)
    }

    @Test(
        "a damaged, foreign, empty or newer database is refused with a clear error and left untouched",
        arguments: ["garbage", "empty", "foreign", "newer"])
    func refusesDamaged(kind: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        switch kind {
        case "garbage":
            try PlantedFile.regular(Array(repeating: 0x5A, count: 4096), at: databasePath)
        case "empty":
            try PlantedFile.regular([], at: databasePath)
        default:
            try PlantedFile.regular([], at: databasePath)
            let database = try SQLiteDatabase(path: databasePath, create: false)
            try database.execute("CREATE TABLE notes (text TEXT)")
            if kind == "newer" { try database.execute("PRAGMA user_version = 99") }
            database.close()
        }
        let before = PlantedFile.snapshot(databasePath)
        let error = #expect(throws: IdentityBackendError.self) { try BackendHarness(storage: makeStorage()).signIn() }
        #expect(error?.code == .storageDamaged)
        #expect(error?.message.contains(databasePath) == true, "\(error?.message ?? "")")
        #expect(error?.message.contains(kind == "newer" ? "newer version" : "left untouched") == true)
        #expect(PlantedFile.snapshot(databasePath) == before)
    }

    @Test("a record that does not decode, or an account under another uid, stops the operation as damage")
    func damagedRecord() throws {
        let storage = makeStorage()
        let session = try BackendHarness(storage: storage).signIn()
        let database = try SQLiteDatabase(path: databasePath, create: false)
        try database.execute("UPDATE accounts SET value = '{\"uid\": 3}' WHERE key = ?", [.text(session.localId)])
        let harness = BackendHarness(storage: makeStorage())
        let error = #expect(throws: IdentityBackendError.self) { _ = try harness.service.account(uid: session.localId) }
        #expect(error?.code == .storageDamaged)
        #expect(error?.message.contains(databasePath) == true)

        let other = EmbeddedAccount(uid: "someone-else", createdAt: Date(timeIntervalSince1970: 0))
        let json = String(decoding: try JSONEncoder().encode(other), as: UTF8.self)
        try database.execute("UPDATE accounts SET value = ? WHERE key = ?", [.text(json), .text(session.localId)])
        let moved = #expect(throws: IdentityBackendError.self) { _ = try harness.service.account(uid: session.localId) }
        #expect(moved?.code == .storageDamaged)

        // An operation that fails because of the damaged read reports the damage, not its own failure.
        let jane = try harness.service.signUp(email: "jane@example.com", password: "correct horse battery")
        try database.execute("UPDATE accounts SET value = 'null' WHERE key = ?", [.text(jane.localId)])
        let signIn = #expect(throws: IdentityBackendError.self) {
            _ = try harness.service.signInWithPassword(email: "jane@example.com", password: "correct horse battery")
        }
        #expect(signIn?.code == .storageDamaged)
    }

    @Test(
        "a planted database (another user's, open to others, a FIFO, a symbolic link) is refused and left as it is",
        arguments: ["mode 0644", "another user's", "FIFO", "symbolic link"])
    func refusesUntrusted(kind: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let problem: String
        switch kind {
        case "mode 0644":
            try PlantedFile.regular([], at: databasePath, mode: 0o644)
            problem = "it is readable by other users (mode 0644); run `chmod 600 \(databasePath)`"
        case "another user's":
            guard PlantedFile.canChangeOwner else { return }
            try PlantedFile.regular([], at: databasePath, owner: PlantedFile.otherUser)
            problem = "it is owned by uid \(PlantedFile.otherUser), not you"
        case "FIFO":
            try PlantedFile.fifo(at: databasePath)
            problem = "it is a named pipe (FIFO), not a regular file; remove it"
        default:
            try PlantedFile.symbolicLink(at: databasePath, to: "\(folder)/created")
            problem = "it is a symbolic link to \(folder)/created"
        }
        let before = PlantedFile.snapshot(databasePath)
        let error = #expect(throws: IdentityBackendError.self) { try BackendHarness(storage: makeStorage()).signIn() }
        #expect(error?.code == .storageUnavailable)
        #expect(error?.message.contains("cannot open \(databasePath): \(problem)") == true, "\(error?.message ?? "")")
        #expect(PlantedFile.snapshot(databasePath) == before)
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/created"))
    }

    @Test("a folder that cannot be created is a storage error that names it")
    func unwritable() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: "\(folder)/file"))
        let storage = SQLiteBackendStateStorage(folder: "\(folder)/file/backend") {
            .fresh(random: SeededRandomBytes())
        }
        let error = #expect(throws: IdentityBackendError.self) { try BackendHarness(storage: storage).signIn() }
        #expect(error?.code == .storageUnavailable)
        #expect(error?.message.contains("\(folder)/file") == true)
    }

    @Test("a new database left by a process that died while building it is removed; a live one's is kept")
    func staleTemporaries() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let dead = Int32.max - 1
        try PlantedFile.regular([1], at: "\(databasePath).tmp-\(dead)-1")
        try PlantedFile.regular([1], at: "\(databasePath).tmp-\(getpid())-2")
        _ = try BackendHarness(storage: makeStorage()).service.snapshot()
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
            !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm")
        }
        #expect(names.sorted() == ["backend.sqlite", "backend.sqlite.tmp-\(getpid())-2"])
    }

    @Test("two backends on one folder, signing in concurrently, lose no update")
    func concurrentWriters() async throws {
        let clock = TestClock()
        let backends = [
            BackendHarness(storage: makeStorage(seed: 1), clock: clock, seed: 100),
            BackendHarness(storage: makeStorage(seed: 1), clock: clock, seed: 200),
        ]
        _ = try backends[0].service.snapshot()  // create the installation once
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    try backends[index % 2].signIn(rawNonce: "concurrent-nonce-\(index)-0123456789abcdef")
                }
            }
            try await group.waitForAll()
        }
        let state = try backends[0].service.snapshot()
        #expect(state.accounts.count == 1)
        #expect(state.refreshTokens.count == 40)
        #expect(state.usedNonces.count == 40)
    }

    // MARK: - Importing a backend.json

    @Test("a backend.json of the previous version is imported once, kept aside unchanged, and its accounts sign in")
    func importsLegacyState() throws {
        // The document the previous version wrote, made here by encoding a state as it did.
        let clock = TestClock()
        let memory = InMemoryBackendStateStorage(.fresh(random: SeededRandomBytes(seed: 3)))
        let old = BackendHarness(storage: memory, clock: clock)
        let apple = try old.signIn()
        let jane = try old.service.signUp(email: "jane@example.com", password: "correct horse battery")
        let guest = try old.service.signUpAnonymously()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let document = Array(try encoder.encode(try memory.read { $0 }))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try PlantedFile.regular(document, at: "\(folder)/backend.json")

        let harness = BackendHarness(storage: makeStorage(seed: 9), clock: clock)
        #expect(try harness.service.snapshot() == (try memory.read { $0.identity }))
        #expect(try harness.issuer.verificationKey() == old.issuer.verificationKey())
        // Every account still signs in: Apple with the same user, the password, the guest's refresh token.
        #expect(try harness.signIn(rawNonce: "after-import-nonce-0123456789abcdef").localId == apple.localId)
        #expect(
            try harness.service.signInWithPassword(email: "jane@example.com", password: "correct horse battery").localId
                == jane.localId)
        #expect(try harness.service.refreshSession(refreshToken: guest.refreshToken).localId == guest.localId)
        // Kept aside, byte for byte, and never imported again.
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/backend.json"))
        #expect(FileManager.default.contents(atPath: "\(folder)/backend.json.imported").map(Array.init) == document)
        try PlantedFile.regular(Array("{ not json".utf8), at: "\(folder)/backend.json")
        _ = try BackendHarness(storage: makeStorage(), clock: clock).service.snapshot()
    }

    @Test(
        "a damaged or newer backend.json is refused with a clear error, left untouched, and nothing is created",
        arguments: ["{ not json", "{\"version\": 7}", "{\"version\": 1, \"accounts\": 3}", ""])
    func refusesDamagedLegacy(contents: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = "\(folder)/backend.json"
        try PlantedFile.regular(Array(contents.utf8), at: path)
        let error = #expect(throws: IdentityBackendError.self) { try BackendHarness(storage: makeStorage()).signIn() }
        #expect(error?.code == .storageDamaged)
        #expect(error?.message.contains(path) == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(contents.utf8))
        #expect(!FileManager.default.fileExists(atPath: databasePath))
    }
}

@Suite("Sessions per account")
struct SessionCapTests {
    @Test(
        "an account keeps its newest sessions: the oldest chain ends when one too many is started",
        arguments: [false, true])
    func oldestSessionEnds(onDisk: Bool) throws {
        let configuration = EmbeddedBackendConfiguration(passwordIterations: 1000, maximumSessionsPerAccount: 3)
        let folder = TemporaryFolder(prefix: "signin-cap")
        let storage: any BackendStateStorage =
            onDisk
            ? SQLiteBackendStateStorage(folder: folder.path) { .fresh(random: SeededRandomBytes(seed: 4)) }
            : InMemoryBackendStateStorage(.fresh(random: SeededRandomBytes(seed: 4)))
        let harness = BackendHarness(storage: storage, configuration: configuration)
        var sessions: [BackendSessionResponse] = []
        for index in 0..<5 {
            sessions.append(try harness.signIn(rawNonce: "cap-nonce-\(index)-0123456789abcdefghij"))
            harness.clock.advance(by: 1)
        }
        let state = try harness.service.snapshot()
        #expect(state.refreshTokens.count == 3)
        for old in sessions.prefix(2) {
            #expect(throws: IdentityBackendError.self) {
                try harness.service.refreshSession(refreshToken: old.refreshToken)
            }
        }
        for kept in sessions.suffix(3) {
            _ = try harness.service.refreshSession(refreshToken: kept.refreshToken)
        }
    }
}
