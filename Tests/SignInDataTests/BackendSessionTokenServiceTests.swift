import Foundation
import SignInData
import SignInDataTesting
import SignInDomain
import SignInTesting
import Testing

@Suite("BackendSessionTokenService")
struct BackendSessionTokenServiceTests {
    let clock = TestClock()

    @Test("refresh sends the refresh token and returns the same user with the new tokens")
    func refresh() async throws {
        let backend = SpyIdentityBackend(
            result: .failure(IdentityBackendError(.unsupportedProvider)),
            refreshResult: .success(.fixture(idToken: "id-2", refreshToken: "r-2", expiresIn: 3600, isNewUser: true)))
        let service = BackendSessionTokenService(backend: backend, clock: clock)

        let refreshed = try await service.refresh(.fixture())

        #expect(await backend.calls == [.refreshSession("fixture-refresh-token")])
        #expect(refreshed.tokens == SessionTokens(idToken: "id-2", refreshToken: "r-2", expiresAt: clock.now() + 3600))
        #expect(!refreshed.isNewUser)
        #expect(refreshed.uid == "uid-fixture")
    }

    @Test(
        "an unknown, used or revoked refresh token is 'refresh token rejected'; a deleted or disabled account says so",
        arguments: [
            (IdentityBackendError.Code.invalidRefreshToken, AuthError.refreshTokenRejected),
            (.userNotFound, .signedOut(.accountDeleted)), (.userDisabled, .userDisabled),
        ])
    func rejected(code: IdentityBackendError.Code, expected: AuthError) async {
        let backend = StubIdentityBackend(
            result: .success(.fixture()), refreshResult: .failure(IdentityBackendError(code)))
        await #expect(throws: expected) {
            try await BackendSessionTokenService(backend: backend).refresh(.fixture())
        }
        // Each of them ends the session.
        #expect(expected.sessionEndReason != nil)
    }

    @Test("revoke sends the refresh token to the backend")
    func revoke() async throws {
        let backend = SpyIdentityBackend(result: .success(.fixture()))
        try await BackendSessionTokenService(backend: backend).revoke(.fixture())
        #expect(await backend.calls == [.revokeRefreshToken("fixture-refresh-token")])
    }
}

@Suite("AuthorizedAPIClient")
struct AuthorizedAPIClientTests {
    let clock = TestClock()
    let request = HTTPRequest(url: URL(string: "https://api.example.com/v1/me")!)

    func makeSUT(transport: SpyHTTPTransport, refreshError: AuthError? = nil)
        -> (AuthorizedAPIClient, SpySessionTokenService, SpySessionStore)
    {
        let store = SpySessionStore(session: .fixture(tokens: .fixture(expiresAt: clock.now() + 3600)))
        let service = SpySessionTokenService(clock: clock, refreshError: refreshError)
        let sessions = SessionManager(store: store, tokenService: service, clock: clock)
        return (AuthorizedAPIClient(sessions: sessions, transport: transport), service, store)
    }

    @Test("adds the session's ID token as a bearer token")
    func bearer() async throws {
        let transport = SpyHTTPTransport(status: 200)
        let (client, service, _) = makeSUT(transport: transport)
        #expect(try await client.send(request).status == 200)
        #expect(await transport.requests.map { $0.headers["Authorization"] } == ["Bearer fixture-id-token"])
        #expect(await service.refreshCount == 0)
    }

    @Test("on a 401 it refreshes once and retries once with the new token")
    func retriesOnce() async throws {
        let transport = SpyHTTPTransport(responses: [
            .success(HTTPResponse(status: 401)), .success(HTTPResponse(status: 200)),
        ])
        let (client, service, _) = makeSUT(transport: transport)
        #expect(try await client.send(request).status == 200)
        #expect(await service.refreshCount == 1)
        #expect(
            await transport.requests.map { $0.headers["Authorization"] } == [
                "Bearer fixture-id-token", "Bearer refreshed-id-1",
            ])
    }

    @Test("a second 401 signs the user out and surfaces 'signed out'")
    func twice() async throws {
        let transport = SpyHTTPTransport(status: 401)
        let (client, _, store) = makeSUT(transport: transport)
        await #expect(throws: AuthError.signedOut(.unauthorized)) { try await client.send(request) }
        #expect(await transport.requests.count == 2)
        #expect(await store.session == nil)
    }

    @Test("a refresh that is refused after a 401 surfaces 'signed out'")
    func refreshRefused() async throws {
        let transport = SpyHTTPTransport(status: 401)
        let (client, _, _) = makeSUT(transport: transport, refreshError: .refreshTokenRejected)
        await #expect(throws: AuthError.signedOut(.sessionExpired)) { try await client.send(request) }
        #expect(await transport.requests.count == 1)
    }

    @Test("other statuses are the caller's to read, without a refresh", arguments: [200, 403, 404, 500])
    func otherStatuses(status: Int) async throws {
        let (client, service, _) = makeSUT(transport: SpyHTTPTransport(status: status))
        #expect(try await client.send(request).status == status)
        #expect(await service.refreshCount == 0)
    }

    @Test("no response at all is a network error; the session stays")
    func transportError() async throws {
        let transport = SpyHTTPTransport(responses: [.failure(UnexpectedCallError("connection refused"))])
        let (client, _, store) = makeSUT(transport: transport)
        await #expect(throws: AuthError.network(reason: "unexpected call: connection refused")) {
            try await client.send(request)
        }
        #expect(await store.session != nil)
    }

    @Test("signed out: 'not signed in', and nothing is sent")
    func signedOut() async throws {
        let transport = SpyHTTPTransport(status: 200)
        let sessions = SessionManager(
            store: SpySessionStore(), tokenService: SpySessionTokenService(clock: clock), clock: clock)
        await #expect(throws: AuthError.notSignedIn) {
            try await AuthorizedAPIClient(sessions: sessions, transport: transport).send(request)
        }
        #expect(await transport.requests.isEmpty)
    }
}
