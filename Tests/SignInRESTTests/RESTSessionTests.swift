import Foundation
import SignInData
import SignInDataTesting
import SignInDomain
import SignInTesting
import Testing

@testable import SignInREST

/// The session's lifetime (from `expires_in`, the JWT's `exp`, or the configured default), its refresh token (the
/// handle), refreshing with and without a refresh route, and signing out with and without a sign-out route.
@Suite("RESTIdentityBackend: sessions")
struct RESTSessionTests {
    @Test("it says it can renew sessions only when the API has a refresh route, and so does its token service")
    func canRefresh() {
        let without = API.makeSUT(SpyHTTPTransport(status: 500))
        #expect(!without.canRefreshSessions)
        #expect(!BackendSessionTokenService(backend: without).canRefresh)
        let with = API.makeSUT(SpyHTTPTransport(status: 500)) { $0.paths.refresh = "auth/refresh" }
        #expect(with.canRefreshSessions && BackendSessionTokenService(backend: with).canRefresh)
    }

    /// The session a login answering `tokens` gives, on a clock at 2026-01-01T00:00:00Z (1 767 225 600).
    func session(
        _ tokens: Result<HTTPResponse, UnexpectedCallError>,
        _ change: (inout RESTBackendConfiguration) -> Void = { _ in }
    ) async throws -> BackendSessionResponse {
        let spy = SpyHTTPTransport(responses: [tokens, API.user()])
        return try await API.makeSUT(spy, clock: TestClock(), change)
            .signInWithPassword(email: API.email, password: Secret(API.password))
    }

    @Test(
        "expires_in gives the lifetime: a number, a numeric string, a fraction (rounded down), and it wins over exp",
        arguments: [(3600 as Double, 3600), (90.9, 90), (0, 0), (-5, 0)] as [(Double, Int)])
    func expiresInNumber(value: Double, expected: Int) async throws {
        #expect(try await session(API.tokens(extra: ["expires_in": value])).expiresIn == expected)
    }

    @Test("expires_in as a string, and expires_in ahead of a JWT exp")
    func expiresInString() async throws {
        #expect(try await session(API.tokens(extra: ["expires_in": "1800"])).expiresIn == 1800)
        #expect(try await session(API.tokens(extra: ["expires_in": " 1800.5 "])).expiresIn == 1800)
        let jwt = API.jwt(["sub": "1", "exp": 1_767_225_600 + 60])
        #expect(try await session(API.tokens(jwt, extra: ["expires_in": 900])).expiresIn == 900)
        #expect(try await session(API.tokens(extra: ["expires_in": NSNull()])).expiresIn == 3600)
    }

    @Test("without expires_in, the JWT's exp less the injected clock's now")
    func jwtExpiry() async throws {
        let jwt = API.jwt(["sub": "jane@example.com", "exp": 1_767_225_600 + 1234])
        #expect(try await session(API.tokens(jwt)).expiresIn == 1234)
        let fractional = API.jwt(["exp": 1_767_225_600.75 + 30])
        #expect(try await session(API.tokens(fractional)).expiresIn == 30)
        let past = API.jwt(["exp": 1_767_225_600 - 10])
        #expect(try await session(API.tokens(past)).expiresIn == 0, "already expired: refresh (or sign out) at once")
        let huge = API.jwt(["exp": 1e300])
        #expect(try await session(API.tokens(huge)).expiresIn == Int(Int32.max), "clamped, not a crash")

        let clock = TestClock()
        clock.advance(by: 1000)
        let spy = SpyHTTPTransport(responses: [API.tokens(jwt), API.user()])
        let later = try await API.makeSUT(spy, clock: clock).signInWithPassword(email: API.email, password: "pw 1234")
        #expect(later.expiresIn == 234)
    }

    @Test("neither expires_in nor a JWT exp (an opaque token, a JWT without exp): the configured lifetime")
    func defaultLifetime() async throws {
        #expect(try await session(API.tokens("opaque-token")).expiresIn == 3600)
        #expect(try await session(API.tokens(API.jwt(["sub": "1"]))).expiresIn == 3600)
        #expect(try await session(API.tokens("a.b.c")).expiresIn == 3600, "not base64url JSON: no claims")
        #expect(try await session(API.tokens("opaque-token")) { $0.sessionLifetime = 600 }.expiresIn == 600)
    }

    @Test("the session's refresh token is a handle holding the access token and the API's refresh token, if any")
    func handle() async throws {
        let without = try await session(API.tokens("access-1"))
        let plain = try #require(RESTSessionHandle(decoding: without.refreshToken.value))
        #expect(plain == RESTSessionHandle(accessToken: "access-1", refreshToken: nil))

        let with = try await session(API.tokens("access-1", extra: ["refresh_token": "refresh-1"]))
        let both = try #require(RESTSessionHandle(decoding: with.refreshToken.value))
        #expect(both.accessToken == "access-1" && both.refreshToken == "refresh-1")

        #expect(RESTSessionHandle(decoding: "fixture-refresh-token") == nil)
        #expect(RESTSessionHandle(decoding: "signin-rest.v1.") == nil)
        #expect(RESTSessionHandle(decoding: "signin-rest.v1.!!.") == nil)
        #expect(RESTSessionHandle(decoding: "signin-rest.v1..") == nil, "no access token")
        #expect(!String(describing: with).contains("access-1") && !String(describing: with).contains("refresh-1"))
    }

    @Test("with no refresh route (the FastAPI notes service), a refresh is refused at once and the Domain signs out")
    func noRefreshRoute() async throws {
        let spy = SpyHTTPTransport(status: 500)
        let handle = RESTSessionHandle(accessToken: "access-1", refreshToken: nil).encoded
        await #expect(throws: IdentityBackendError(.invalidRefreshToken, message: "this backend has no refresh")) {
            try await API.makeSUT(spy).refreshSession(refreshToken: Secret(handle))
        }
        let session = UserSession.fixture(
            uid: "1", providerIds: [.emailPassword], tokens: .fixture(idToken: "access-1", refreshToken: Secret(handle))
        )
        await #expect(throws: AuthError.refreshTokenRejected) {
            try await BackendSessionTokenService(backend: API.makeSUT(spy)).refresh(session)
        }
        #expect(AuthError.refreshTokenRejected.sessionEndReason == .sessionExpired)
        #expect(await spy.requests.isEmpty)
    }

    @Test("with a refresh route but no refresh token from the API, a refresh is refused at once too")
    func noRefreshToken() async throws {
        let spy = SpyHTTPTransport(status: 500)
        let handle = RESTSessionHandle(accessToken: "access-1", refreshToken: nil).encoded
        let error = await API.backendError {
            _ = try await API.makeSUT(spy) { $0.paths.refresh = "auth/refresh" }.refreshSession(
                refreshToken: Secret(handle))
        }
        #expect(error?.code == .invalidRefreshToken)
        #expect(await spy.requests.isEmpty)
    }

    @Test("a refresh is POST auth/refresh with the API's refresh token, then GET auth/me; a new one replaces it")
    func refresh() async throws {
        let spy = SpyHTTPTransport(responses: [
            API.tokens("access-2", extra: ["refresh_token": "refresh-2", "expires_in": 600]), API.user(id: 1),
        ])
        let handle = RESTSessionHandle(accessToken: "access-1", refreshToken: "refresh-1").encoded
        let renewed = try await API.makeSUT(spy) { $0.paths.refresh = "auth/refresh" }
            .refreshSession(refreshToken: Secret(handle))

        let requests = await spy.requests
        #expect(requests.count == 2)
        API.expectJSON(requests[0], "POST", "auth/refresh")
        #expect(try API.body(requests[0]) == ["refresh_token": "refresh-1"])
        API.expectBearer(requests[1], "GET", "auth/me", token: "access-2")
        #expect(renewed.idToken.value == "access-2" && renewed.expiresIn == 600 && !renewed.isNewUser)
        #expect(
            RESTSessionHandle(decoding: renewed.refreshToken.value)
                == RESTSessionHandle(accessToken: "access-2", refreshToken: "refresh-2"))
        #expect(renewed.localId == "1" && renewed.email == API.email)
    }

    @Test("a refresh token stored by something else than this backend is sent as it is")
    func rawRefreshToken() async throws {
        let spy = SpyHTTPTransport(responses: [API.tokens("access-2"), API.user(id: 1)])
        let renewed = try await API.makeSUT(spy) { $0.paths.refresh = "auth/refresh" }
            .refreshSession(refreshToken: "raw-refresh")
        #expect(try API.body(try #require(await spy.requests.first)) == ["refresh_token": "raw-refresh"])
        #expect(RESTSessionHandle(decoding: renewed.refreshToken.value)?.refreshToken == "raw-refresh")
    }

    @Test("with no sign-out route (the default), signing out sends nothing")
    func revokeLocal() async throws {
        let spy = SpyHTTPTransport(status: 500)
        try await API.makeSUT(spy).revokeRefreshToken(
            Secret(RESTSessionHandle(accessToken: "access-1", refreshToken: nil).encoded))
        #expect(await spy.requests.isEmpty)
    }

    @Test("with a sign-out route, it is POST with the session's bearer token, and the refresh token when there is one")
    func revoke() async throws {
        let spy = SpyHTTPTransport(responses: [API.empty(status: 204)])
        let sut = API.makeSUT(spy) { $0.paths.signOut = "auth/logout" }
        try await sut.revokeRefreshToken(Secret(RESTSessionHandle(accessToken: "access-1", refreshToken: nil).encoded))
        let bare = try #require(await spy.requests.first)
        API.expectBearer(bare, "POST", "auth/logout", token: "access-1")

        try await sut.revokeRefreshToken(
            Secret(RESTSessionHandle(accessToken: "access-1", refreshToken: "refresh-1").encoded))
        let withBody = try #require(await spy.requests.last)
        #expect(withBody.headers["Authorization"] == "Bearer access-1")
        #expect(withBody.headers["Content-Type"] == "application/json")
        #expect(try API.body(withBody) == ["refresh_token": "refresh-1"])
    }

    @Test("signing out with a token the API no longer accepts succeeds; a server error does not")
    func revokeRefused() async throws {
        let handle = Secret(RESTSessionHandle(accessToken: "access-1", refreshToken: nil).encoded)
        for status in [401, 403, 404] {
            let spy = SpyHTTPTransport(responses: [API.detail("Not authenticated", status: status)])
            try await API.makeSUT(spy) { $0.paths.signOut = "auth/logout" }.revokeRefreshToken(handle)
        }
        let spy = SpyHTTPTransport(responses: [API.detail("boom", status: 500)])
        let error = await API.backendError {
            try await API.makeSUT(spy) { $0.paths.signOut = "auth/logout" }.revokeRefreshToken(handle)
        }
        #expect(error?.code.rawValue == "HTTP_500")
    }
}
