import Foundation
import SignInDomain
import SignInFileSystem
import SignInInfrastructure
import SignInInfrastructureTesting
import SignInTesting
import Testing

@Suite("KeychainSessionStore: what a Keychain answer means")
struct KeychainSessionStoreTests {
    let clock = TestClock()
    var item: KeychainItemID {
        KeychainItemID(service: "com.example.app", account: "session", accessGroup: "TEAMID.com.example.app")
    }

    func store(_ keychain: FakeKeychain, lockFile: String? = nil) -> KeychainSessionStore {
        KeychainSessionStore(
            service: "com.example.app", accessGroup: "TEAMID.com.example.app", keychain: keychain, lockFile: lockFile,
            clock: clock
        )
    }

    @Test("saves, loads and clears a session in its item; only a missing item is no session")
    func roundTrip() async throws {
        let keychain = FakeKeychain()
        let store = store(keychain)
        #expect(try await store.load() == nil)
        try await store.save(.fixture())
        #expect(Array(keychain.items.keys) == [item])
        #expect(try await store.load() == .fixture())
        try await store.clear()
        #expect(keychain.items.isEmpty)
        try await store.clear()  // Clearing twice is fine.
    }

    @Test(
        "a locked Keychain (-25308) or any read error is 'unreadable now': an error, the item kept, nothing deleted",
        arguments: [
            KeychainStatus.interactionNotAllowed, KeychainStatus(rawValue: -34018), KeychainStatus(rawValue: -50),
        ])
    func unreadableNow(status: KeychainStatus) async throws {
        let keychain = FakeKeychain()
        try await store(keychain).save(.fixture())
        let stored = keychain.items
        keychain.failEverything(with: status)
        let error = await #expect(throws: AuthError.self) { try await store(keychain).load() }
        guard case .sessionStorage(let reason) = error else {
            Issue.record("expected sessionStorage, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("the session is kept"))
        if status == .interactionNotAllowed { #expect(reason.contains("locked")) }
        #expect(keychain.calls.deletes == 0)
        keychain.failEverything(with: nil)
        #expect(keychain.items == stored)
        #expect(try await store(keychain).load() == .fixture())
    }

    @Test("a session manager on a locked Keychain is not signed out: it reads the session once the device unlocks")
    func managerKeepsTheSession() async throws {
        let keychain = FakeKeychain()
        let session = UserSession.fixture(tokens: .fixture(expiresAt: clock.now() + 3600))
        try await store(keychain).save(session)
        keychain.failEverything(with: .interactionNotAllowed)
        let manager = SessionManager(
            store: store(keychain), tokenService: SpySessionTokenService(clock: clock), clock: clock)
        var events = manager.authStateChanges.makeAsyncIterator()
        #expect(await events.next() == .initialSession(nil))
        await #expect(throws: AuthError.self) { try await manager.currentSession() }
        #expect(keychain.items.count == 1)
        keychain.failEverything(with: nil)
        #expect(try await manager.currentSession() == session)
        // A screen told "nobody" while the Keychain was locked learns of the session once it is read.
        #expect(await events.next() == .signedIn(session))
    }

    @Test("an undecodable item is copied aside before it is removed, and reported")
    func undecodable() async throws {
        let keychain = FakeKeychain()
        keychain.plant(Array("not a session".utf8), at: item)
        let stamp = Int(clock.now().timeIntervalSince1970)
        await #expect(
            throws: AuthError.storedSessionDiscarded(
                movedTo: "Keychain item session.unreadable-\(stamp)", reason: "the file is damaged (no format version)")
        ) { try await store(keychain).load() }
        var aside = item
        aside.account = "session.unreadable-\(stamp)"
        #expect(keychain.items == [aside: Array("not a session".utf8)])
    }

    @Test("an undecodable item that cannot be copied aside is kept, not removed")
    func undecodableAndUnwritable() async throws {
        let keychain = FakeKeychain()
        keychain.plant([0xFF, 0x00], at: item)
        keychain.failWrites(with: KeychainStatus(rawValue: -25291))
        await #expect(throws: AuthError.self) { try await store(keychain).load() }
        #expect(keychain.items == [item: [0xFF, 0x00]])
        #expect(keychain.calls.deletes == 0)
    }

    @Test("a refused write keeps the previous session and says so")
    func refusedWrite() async throws {
        let keychain = FakeKeychain()
        try await store(keychain).save(.fixture(uid: "first"))
        keychain.failWrites(with: .interactionNotAllowed)
        await #expect(throws: AuthError.self) { try await store(keychain).save(.fixture(uid: "second")) }
        keychain.failWrites(with: nil)
        #expect(try await store(keychain).load()?.uid == "first")
    }

    @Test("an app and its extension sharing the session and a lock file refresh it once, not once each")
    func sharedRefreshOnce() async throws {
        let folder = TemporaryFolder(prefix: "signin-keychain")
        let lockFile = "\(folder.path)/group/session.lock"
        let keychain = FakeKeychain()
        let expired = UserSession.fixture(tokens: .fixture(expiresAt: clock.now() - 10))
        try await store(keychain).save(expired)
        let backend = SpySessionTokenService(clock: clock)
        let app = SessionManager(store: store(keychain, lockFile: lockFile), tokenService: backend, clock: clock)
        let appExtension = SessionManager(
            store: store(keychain, lockFile: lockFile), tokenService: backend, clock: clock)
        // Both processes hold the expired session in memory.
        #expect(try await app.currentSession() == expired)
        #expect(try await appExtension.currentSession() == expired)

        let refreshed = try await app.validSession()
        // The extension takes the lock, finds the app's refreshed session in the shared item, and adopts it.
        #expect(try await appExtension.validSession() == refreshed)
        #expect(await backend.refreshCount == 1)
    }

    @Test("while one process is inside exclusive access, the shared lock file is held")
    func lockIsHeld() async throws {
        let folder = TemporaryFolder(prefix: "signin-keychain")
        let lockFile = "\(folder.path)/group/session.lock"
        let held = try await store(FakeKeychain(), lockFile: lockFile).withExclusiveAccess { () throws(AuthError) in
            let other: (@Sendable () -> Void)?
            do {
                other = try FileLock(path: lockFile).tryLock()
            } catch {
                throw .sessionStorage(reason: String(describing: error))
            }
            other?()
            return other == nil
        }
        #expect(held)
        let release = try #require(try FileLock(path: lockFile).tryLock())
        release()
    }
}
