import Foundation
import SignInDomain
import SignInTesting
import Testing

@Suite("SessionManager")
struct SessionManagerTests {
    let reportIssue: IssueReporter = { Issue.record(Comment(rawValue: $0)) }
    let clock = TestClock()

    /// A session that expired a minute ago.
    var expired: UserSession {
        .fixture(tokens: .fixture(refreshToken: "r-old", expiresAt: clock.now().addingTimeInterval(-60)))
    }

    /// A session valid for an hour.
    var fresh: UserSession {
        .fixture(tokens: .fixture(refreshToken: "r-fresh", expiresAt: clock.now().addingTimeInterval(3600)))
    }

    func makeSUT(stored: UserSession?, tokenService: SpySessionTokenService? = nil)
        -> (SessionManager, SpySessionStore, SpySessionTokenService)
    {
        let store = SpySessionStore(session: stored)
        let service = tokenService ?? SpySessionTokenService(clock: clock)
        return (SessionManager(store: store, tokenService: service, clock: clock), store, service)
    }

    @Test("a valid session is returned as it is, without a refresh")
    func validWithoutRefresh() async throws {
        let (manager, _, service) = makeSUT(stored: fresh)
        #expect(try await manager.validSession() == fresh)
        #expect(await service.refreshCount == 0)
    }

    @Test("a session within the leeway of its expiry is refreshed, saved, and then announced")
    func refreshSavesThenAnnounces() async throws {
        var almost = fresh
        almost.tokens.expiresAt = clock.now().addingTimeInterval(120)
        let (manager, store, service) = makeSUT(stored: almost)
        var events = manager.authStateChanges.makeAsyncIterator()
        #expect(await events.next() == .initialSession(almost))

        let refreshed = try await manager.validSession()

        #expect(await service.refreshCount == 1)
        #expect(refreshed.tokens.refreshToken == "refreshed-1")
        #expect(await store.session == refreshed)
        #expect(await events.next() == .tokenRefreshed(refreshed))
    }

    @Test("100 concurrent callers with an expired session make exactly one refresh call")
    func singleFlight() async throws {
        let service = SpySessionTokenService(clock: clock, gated: true)
        let (manager, _, _) = makeSUT(stored: expired, tokenService: service)

        let sessions = try await withThrowingTaskGroup(of: UserSession.self) { group in
            for _ in 0..<100 { group.addTask { try await manager.validSession() } }
            // Every caller is now waiting on the one refresh; let it finish.
            while await service.refreshCount == 0 { await Task.yield() }
            await service.open()
            return try await group.reduce(into: [UserSession]()) { $0.append($1) }
        }

        #expect(await service.refreshCount == 1)
        #expect(sessions.count == 100)
        #expect(Set(sessions.map(\.tokens.refreshToken)) == ["refreshed-1"])
    }

    @Test("a forced refresh refreshes a valid session")
    func forced() async throws {
        let (manager, _, service) = makeSUT(stored: fresh)
        _ = try await manager.validSession(forceRefresh: true)
        #expect(await service.refreshCount == 1)
    }

    @Test("a refresh that finishes after a sign-out is dropped, never written back")
    func refreshAfterSignOut() async throws {
        let service = SpySessionTokenService(clock: clock, gated: true)
        let (manager, store, _) = makeSUT(stored: expired, tokenService: service)
        let waiting = Task { try await manager.validSession() }
        while await service.refreshCount == 0 { await Task.yield() }

        try await manager.signOut(reason: .userRequested)
        await service.open()

        await #expect(throws: AuthError.notSignedIn) { try await waiting.value }
        #expect(await store.session == nil)
        #expect(try await manager.currentSession() == nil)
    }

    @Test("a refresh that finishes after a switch of user is dropped; the new user's session stays")
    func refreshAfterSwitch() async throws {
        let service = SpySessionTokenService(clock: clock, gated: true)
        let (manager, store, _) = makeSUT(stored: expired, tokenService: service)
        let waiting = Task { try await manager.validSession() }
        while await service.refreshCount == 0 { await Task.yield() }

        let other = UserSession.fixture(uid: "someone-else", tokens: fresh.tokens)
        try await manager.establish(other)
        await service.open()

        await #expect(throws: AuthError.self) { try await waiting.value }
        #expect(await store.session == other)
        #expect(try await manager.currentSession() == other)
    }

    @Test("a rejected refresh token signs out with a reason, clears the store, and says so")
    func rejected() async throws {
        let service = SpySessionTokenService(clock: clock, refreshError: .refreshTokenRejected)
        let (manager, store, _) = makeSUT(stored: expired, tokenService: service)
        var events = manager.authStateChanges.makeAsyncIterator()
        _ = await events.next()

        await #expect(throws: AuthError.signedOut(.sessionExpired)) { try await manager.validSession() }

        #expect(await store.session == nil)
        #expect(await events.next() == .signedOut(.sessionExpired))
        #expect(try await manager.currentSession() == nil)
    }

    @Test("a refresh that fails mid-flight (no network) keeps the session and reports the error")
    func networkFailure() async throws {
        let service = SpySessionTokenService(clock: clock, refreshError: .network(reason: "offline"))
        let stored = expired
        let (manager, store, _) = makeSUT(stored: stored, tokenService: service)

        await #expect(throws: AuthError.network(reason: "offline")) { try await manager.validSession() }

        #expect(await store.session == stored)
        #expect(try await manager.currentSession() == stored)
        await service.setRefreshError(nil)
        #expect(try await manager.validSession().tokens.refreshToken == "refreshed-2")
    }

    @Test("a refreshed session that cannot be saved is not used; the stored one stays")
    func saveFailure() async throws {
        let stored = expired
        let store = SpySessionStore(session: stored, saveError: .sessionStorage(reason: "disk full"))
        let manager = SessionManager(store: store, tokenService: SpySessionTokenService(clock: clock), clock: clock)
        await #expect(throws: AuthError.sessionStorage(reason: "disk full")) { try await manager.validSession() }
        #expect(try await manager.currentSession() == stored)
    }

    @Test("a session another process already refreshed is adopted without a second refresh")
    func adoptsOtherProcess() async throws {
        let stale = expired
        let store = SpySessionStore(session: stale)
        let service = SpySessionTokenService(clock: clock)
        let manager = SessionManager(store: store, tokenService: service, clock: clock)
        _ = try await manager.currentSession()
        // Another process refreshes and stores a new session behind this one's back.
        let other = UserSession.fixture(tokens: .fixture(refreshToken: "r-other", expiresAt: clock.now() + 3600))
        try await store.save(other)

        #expect(try await manager.validSession() == other)
        #expect(await service.refreshCount == 0)
    }

    @Test("every subscriber gets the current state first, then each change")
    func events() async throws {
        let (manager, _, _) = makeSUT(stored: nil)
        var early = manager.authStateChanges.makeAsyncIterator()
        #expect(await early.next() == .initialSession(nil))

        try await manager.establish(fresh)
        var late = manager.authStateChanges.makeAsyncIterator()
        #expect(await late.next() == .initialSession(fresh))
        #expect(await early.next() == .signedIn(fresh))

        var updated = fresh
        updated.displayName = "Janet"
        try await manager.establish(updated)
        #expect(await early.next() == .userUpdated(updated))
        #expect(await late.next() == .userUpdated(updated))

        try await manager.signOut(reason: .userRequested)
        #expect(await early.next() == .signedOut(.userRequested))
    }

    @Test("a store that cannot be read is an error, not 'signed out'")
    func readError() async {
        let store = SpySessionStore(loadError: .sessionStorage(reason: "I/O error"))
        let manager = SessionManager.fixture(store: store, reportIssue: reportIssue)
        await #expect(throws: AuthError.sessionStorage(reason: "I/O error")) { try await manager.currentSession() }
        await #expect(throws: AuthError.sessionStorage(reason: "I/O error")) { try await manager.validSession() }
    }

    @Test("validSession when nobody is signed in is 'not signed in'")
    func notSignedIn() async {
        let manager = SessionManager.fixture(reportIssue: reportIssue)
        await #expect(throws: AuthError.notSignedIn) { try await manager.validSession() }
    }
}

@Suite("RestoreSessionUseCase")
struct RestoreSessionUseCaseTests {
    let clock = TestClock()

    func restore(stored: UserSession?, store: SpySessionStore? = nil, refreshError: AuthError? = nil) async throws
        -> (RestoreOutcome, SpySessionStore)
    {
        let store = store ?? SpySessionStore(session: stored)
        let manager = SessionManager(
            store: store, tokenService: SpySessionTokenService(clock: clock, refreshError: refreshError), clock: clock)
        return (try await RestoreSessionUseCase(sessions: manager)(), store)
    }

    var expired: UserSession { .fixture(tokens: .fixture(expiresAt: clock.now() - 10)) }

    @Test("nothing stored: signed out, with no reason")
    func nothing() async throws {
        #expect(try await restore(stored: nil).0 == .signedOut(nil))
    }

    @Test("a valid stored session is restored as it is")
    func valid() async throws {
        let session = UserSession.fixture(tokens: .fixture(expiresAt: clock.now() + 3600))
        #expect(try await restore(stored: session).0 == .restored(session))
    }

    @Test("an expired stored session is refreshed")
    func expiredRefreshed() async throws {
        guard case .refreshed(let session) = try await restore(stored: expired).0 else {
            Issue.record("expected a refresh")
            return
        }
        #expect(session.tokens.refreshToken == "refreshed-1")
    }

    @Test("an expired session whose refresh token is refused: signed out with the reason, store cleared")
    func refused() async throws {
        let (outcome, store) = try await restore(stored: expired, refreshError: .refreshTokenRejected)
        #expect(outcome == .signedOut(.sessionExpired))
        #expect(await store.session == nil)
    }

    @Test("an expired session that cannot be refreshed now is kept, offline")
    func offline() async throws {
        let stored = expired
        let (outcome, store) = try await restore(stored: stored, refreshError: .network(reason: "down"))
        #expect(outcome == .offline(stored, .network(reason: "down")))
        #expect(await store.session == stored)
    }

    @Test("a stored session that was moved aside is reported, signed out")
    func discarded() async throws {
        let store = SpySessionStore(loadError: .storedSessionDiscarded(movedTo: "/x.unreadable", reason: "damaged"))
        #expect(
            try await restore(stored: nil, store: store).0 == .discarded(movedTo: "/x.unreadable", reason: "damaged"))
    }

    @Test("a store that cannot be read throws, and nothing is cleared")
    func readError() async {
        let store = SpySessionStore(loadError: .sessionStorage(reason: "EIO"))
        await #expect(throws: AuthError.sessionStorage(reason: "EIO")) { try await restore(stored: nil, store: store) }
        #expect(await store.calls == [.load])
    }
}

@Suite("SignOutUseCase")
struct SignOutUseCaseTests {
    let reportIssue: IssueReporter = { Issue.record(Comment(rawValue: $0)) }
    let clock = TestClock()

    @Test("revokes the refresh token, then clears the stored session")
    func signsOut() async throws {
        let session = UserSession.fixture()
        let store = SpySessionStore(session: session)
        let service = SpySessionTokenService(clock: clock)
        let manager = SessionManager(store: store, tokenService: service, clock: clock)

        #expect(try await SignOutUseCase(sessions: manager, tokenService: service)() == true)

        #expect(await service.revoked == [session])
        #expect(await store.session == nil)
        #expect(try await manager.currentSession() == nil)
    }

    @Test("a backend that cannot be reached still signs out on this device, and says so")
    func revokeFails() async throws {
        let store = SpySessionStore(session: .fixture())
        let service = SpySessionTokenService(clock: clock, revokeError: .network(reason: "offline"))
        let manager = SessionManager(store: store, tokenService: service, clock: clock)
        #expect(try await SignOutUseCase(sessions: manager, tokenService: service)() == false)
        #expect(await store.session == nil)
    }

    @Test("signing out while signed out is 'not signed in', and calls nothing")
    func notSignedIn() async {
        let manager = SessionManager.fixture(reportIssue: reportIssue)
        let useCase = SignOutUseCase(
            sessions: manager, tokenService: FailingSessionTokenService(reportIssue: reportIssue))
        await #expect(throws: AuthError.notSignedIn) { try await useCase() }
    }
}
