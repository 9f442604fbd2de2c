import Foundation
import SignInData
import SignInDataTesting
import SignInDomain
import SignInTesting
import Testing

@testable import SignInREST

/// Every operation of the port against the FastAPI notes service's contract (and the optional routes): URL, method,
/// headers, body field by field, and the session made of the answers.
@Suite("RESTIdentityBackend: each route's request and answer")
struct RESTOperationTests {
    @Test("a sign-in is POST auth/login with email and password, then GET auth/me with the new bearer token")
    func signIn() async throws {
        let spy = SpyHTTPTransport(responses: [API.tokens("access-1", extra: ["expires_in": 1800]), API.user(id: 1)])
        let session = try await API.makeSUT(spy).signInWithPassword(email: API.email, password: Secret(API.password))

        let requests = await spy.requests
        #expect(requests.count == 2)
        API.expectJSON(requests[0], "POST", "auth/login")
        #expect(try API.body(requests[0]) == ["email": API.email, "password": API.password])
        API.expectBearer(requests[1], "GET", "auth/me", token: "access-1")

        #expect(session.localId == "1")
        #expect(session.email == API.email)
        #expect(session.idToken.value == "access-1")
        #expect(session.expiresIn == 1800)
        #expect(!session.isNewUser && !session.isAnonymous)
        #expect(session.providerIds == ["password"])
        #expect(session.providerUserIds == ["password": API.email])
        #expect(session.signInProvider == "password")
        #expect(session.displayName == nil)
    }

    @Test("a sign-up is POST auth/signup (201, the user, no token), then the login and GET auth/me")
    func signUp() async throws {
        let spy = SpyHTTPTransport(responses: [
            API.user(id: 7, status: 201), API.tokens("access-7"), API.user(id: 7),
        ])
        let session = try await API.makeSUT(spy).signUp(email: API.email, password: Secret(API.password))

        let requests = await spy.requests
        #expect(requests.count == 3)
        API.expectJSON(requests[0], "POST", "auth/signup")
        #expect(try API.body(requests[0]) == ["email": API.email, "password": API.password])
        API.expectJSON(requests[1], "POST", "auth/login")
        #expect(try API.body(requests[1]) == ["email": API.email, "password": API.password])
        API.expectBearer(requests[2], "GET", "auth/me", token: "access-7")

        #expect(session.localId == "7" && session.isNewUser)
        #expect(session.providerIds == ["password"] && session.signInProvider == "password")
        #expect(session.email == API.email)
        #expect(session.expiresIn == 3600, "neither expires_in nor a JWT: the configured lifetime")
    }

    @Test("a sign-up answer that carries tokens saves the login")
    func signUpWithTokens() async throws {
        let spy = SpyHTTPTransport(responses: [
            API.json(["access_token": "access-9", "token_type": "bearer"], status: 201), API.user(id: 9),
        ])
        let session = try await API.makeSUT(spy).signUp(email: API.email, password: Secret(API.password))
        let requests = await spy.requests
        #expect(requests.map(\.url.path) == ["/auth/signup", "/auth/me"])
        #expect(session.localId == "9" && session.idToken.value == "access-9" && session.isNewUser)
    }

    @Test("a sign-up answer with a created_at that is not a date is a clear error, and no login follows")
    func signUpBadDate() async throws {
        let spy = SpyHTTPTransport(responses: [API.user(id: 7, createdAt: "yesterday", status: 201)])
        let error = try #require(
            await API.backendError {
                _ = try await API.makeSUT(spy).signUp(email: API.email, password: Secret(API.password))
            })
        #expect(error.code.rawValue == "INVALID_RESPONSE")
        #expect(error.message.contains("created_at") && error.message.contains("ISO 8601"))
        #expect(await spy.requests.count == 1)
    }

    @Test(
        "GET auth/me reads created_at in every ISO 8601 form a service sends",
        arguments: [
            "2024-03-05T19:43:01.123456", "2024-03-05T19:43:01", "2024-03-05T19:43:01Z", "2024-03-05T19:43:01.123Z",
            "2024-03-05T21:43:01.5+02:00", "2024-03-05T14:43:01-05:00", "2024-03-05 19:43:01.123456",
        ])
    func meDates(createdAt: String) async throws {
        let spy = SpyHTTPTransport(responses: [API.tokens(), API.user(id: 1, createdAt: createdAt)])
        let session = try await API.makeSUT(spy).signInWithPassword(email: API.email, password: "pw 12345")
        #expect(session.localId == "1")
    }

    @Test("GET auth/me reads the id as a number or as a string (a UUID)")
    func meIDs() async throws {
        let uuid = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
        let spy = SpyHTTPTransport(responses: [API.tokens(), API.user(id: uuid)])
        #expect(try await API.makeSUT(spy).signInWithPassword(email: API.email, password: "pw 12345").localId == uuid)
        let big = SpyHTTPTransport(responses: [API.tokens(), API.user(id: 9_007_199_254_740_993)])
        #expect(
            try await API.makeSUT(big).signInWithPassword(email: API.email, password: "pw 12345").localId
                == "9007199254740993")
    }

    @Test("a me answer without created_at, or with null, is accepted; a number, or no id, is not")
    func meOptionalAndBroken() async throws {
        for user in [["id": 1, "email": API.email], ["id": 1, "email": API.email, "created_at": NSNull()]]
            as [[String: Any]]
        {
            let spy = SpyHTTPTransport(responses: [API.tokens(), API.json(user)])
            _ = try await API.makeSUT(spy).signInWithPassword(email: API.email, password: "pw 12345")
        }
        for user in [["id": 1, "created_at": 1_709_667_781], ["email": API.email], ["id": true], ["id": ""]]
            as [[String: Any]]
        {
            let spy = SpyHTTPTransport(responses: [API.tokens(), API.json(user)])
            let error = await API.backendError {
                _ = try await API.makeSUT(spy).signInWithPassword(email: API.email, password: "pw 12345")
            }
            #expect(error?.code.rawValue == "INVALID_RESPONSE", "\(user)")
        }
    }

    @Test("a reset request is POST auth/forgot-password with the email; 202 and an unknown email's 404 alike succeed")
    func forgotPassword() async throws {
        let spy = SpyHTTPTransport(responses: [
            API.json(["message": "If the email exists, a code was sent"], status: 202)
        ])
        try await API.makeSUT(spy).sendPasswordResetEmail(email: API.email)
        let request = try #require(await spy.requests.first)
        API.expectJSON(request, "POST", "auth/forgot-password")
        #expect(try API.body(request) == ["email": API.email])

        let unknown = SpyHTTPTransport(responses: [API.detail("User not found", status: 404)])
        try await API.makeSUT(unknown).sendPasswordResetEmail(email: "nobody@example.com")
    }

    @Test("a reset is POST auth/reset-password with code and new_password; 204 has no body to read")
    func resetPassword() async throws {
        let spy = SpyHTTPTransport(responses: [API.empty(status: 204)])
        try await API.makeSUT(spy).confirmPasswordReset(code: "483920", newPassword: "new pass 99")
        let request = try #require(await spy.requests.first)
        API.expectJSON(request, "POST", "auth/reset-password")
        #expect(try API.body(request) == ["code": "483920", "new_password": "new pass 99"])
    }

    @Test("deleting the account is DELETE auth/me with the bearer token and no body")
    func delete() async throws {
        let spy = SpyHTTPTransport(responses: [API.empty(status: 204)])
        try await API.makeSUT(spy).deleteAccount(idToken: "access-1", revoking: nil)
        let request = try #require(await spy.requests.first)
        API.expectBearer(request, "DELETE", "auth/me", token: "access-1")
        #expect(await spy.requests.count == 1)
    }

    @Test("re-authenticating reads the session's user, logs in again and accepts the same id")
    func reauthenticate() async throws {
        let spy = SpyHTTPTransport(responses: [API.user(id: 1), API.tokens("access-2"), API.user(id: 1)])
        let renewed = try await API.makeSUT(spy).reauthenticate(
            idToken: "access-1", email: API.email, password: Secret(API.password))
        let requests = await spy.requests
        #expect(requests.count == 3)
        API.expectBearer(requests[0], "GET", "auth/me", token: "access-1")
        API.expectJSON(requests[1], "POST", "auth/login")
        API.expectBearer(requests[2], "GET", "auth/me", token: "access-2")
        #expect(renewed.localId == "1" && renewed.idToken.value == "access-2" && !renewed.isNewUser)
    }

    @Test("re-authenticating with another account's password is USER_MISMATCH")
    func reauthenticateMismatch() async throws {
        let spy = SpyHTTPTransport(responses: [
            API.user(id: 1), API.tokens("access-2"), API.user(id: 2, email: "x@y.z"),
        ])
        await #expect(throws: IdentityBackendError(.userMismatch, message: "the credential is another account's")) {
            try await API.makeSUT(spy).reauthenticate(
                idToken: "access-1", email: "x@y.z", password: "pw 12345")
        }
        await #expect(throws: AuthError.userMismatch(.emailPassword)) {
            try await EmailPasswordAuthProvider(
                backend: API.makeSUT(
                    SpyHTTPTransport(responses: [API.user(id: 1), API.tokens("access-2"), API.user(id: 2)]))
            )
            .reauthenticate(
                AuthCredential(provider: .emailPassword, email: "john@example.com", password: "long enough 1"),
                session: .fixture(uid: "1", providerIds: [.emailPassword]))
        }
    }

    @Test("when the API no longer accepts the session's token, the token's JWT sub (an id or an email) names the user")
    func reauthenticateExpiredToken() async throws {
        for subject in ["1", API.email.uppercased()] {
            let old = API.jwt(["sub": subject, "exp": 1_767_225_000])
            let spy = SpyHTTPTransport(responses: [
                API.detail("Could not validate credentials", status: 401), API.tokens("access-2"), API.user(id: 1),
            ])
            let renewed = try await API.makeSUT(spy).reauthenticate(
                idToken: Secret(old), email: API.email, password: Secret(API.password))
            #expect(renewed.localId == "1")
        }
        let other = API.jwt(["sub": "someone@else.com"])
        let spy = SpyHTTPTransport(responses: [
            API.detail("Could not validate credentials", status: 401), API.tokens("access-2"), API.user(id: 1),
        ])
        let error = await API.backendError {
            _ = try await API.makeSUT(spy).reauthenticate(
                idToken: Secret(other), email: API.email, password: Secret(API.password))
        }
        #expect(error?.code == .userMismatch)

        let opaque = SpyHTTPTransport(responses: [API.detail("Could not validate credentials", status: 401)])
        let refused = await API.backendError {
            _ = try await API.makeSUT(opaque).reauthenticate(
                idToken: "opaque", email: API.email, password: Secret(API.password))
        }
        #expect(refused?.code == .invalidIDToken, "no sub to fall back on: the session's token is refused")
    }

    @Test("the base URL may carry a path prefix; a leading slash in a path is ignored; ? and # stay in the path")
    func urls() async throws {
        let spy = SpyHTTPTransport(responses: [API.tokens(), API.user()])
        let prefixed = try #require(URL(string: "https://api.example.com/v1/"))
        _ = try await API.makeSUT(spy) {
            $0.baseURL = prefixed
            $0.paths.signIn = "/users/token"
            $0.paths.me = "users/me?admin=1#x"
        }.signInWithPassword(email: API.email, password: "pw 12345")
        let urls = await spy.requests.map(\.url.absoluteString)
        #expect(
            urls == ["https://api.example.com/v1/users/token", "https://api.example.com/v1/users/me%3Fadmin=1%23x"])
    }

    @Test("configured paths and field names are used in every request and read in every answer")
    func customContract() async throws {
        let change: (inout RESTBackendConfiguration) -> Void = {
            $0.paths = .init(
                signUp: "accounts", signIn: "sessions", me: "accounts/current", refresh: "sessions/renew",
                signOut: "sessions/end", forgotPassword: "passwords/forgot", resetPassword: "passwords/reset",
                deleteAccount: "accounts/current")
            $0.fields = .init(
                email: "mail", password: "secret", accessToken: "token", tokenType: "kind", expiresIn: "ttl",
                refreshToken: "renewal", userID: "uuid", userEmail: "mail_address", userCreatedAt: "joined",
                resetCode: "otp", newPassword: "password")
        }
        let spy = SpyHTTPTransport(responses: [
            API.json(["uuid": "u-1", "mail_address": API.email, "joined": "2024-03-05T19:43:01Z"], status: 201),
            API.json(["token": "t-1", "kind": "Bearer", "ttl": "900", "renewal": "r-1"]),
            API.json(["uuid": "u-1", "mail_address": API.email, "joined": "2024-03-05T19:43:01Z"]),
            API.json(["token": "t-2", "kind": "bearer", "ttl": 900]),
            API.json(["uuid": "u-1", "mail_address": API.email]),
            API.empty(status: 204), API.empty(status: 202), API.empty(status: 204), API.empty(status: 204),
        ])
        let sut = API.makeSUT(spy, change)
        let session = try await sut.signUp(email: API.email, password: "pw 12345")
        #expect(session.localId == "u-1" && session.expiresIn == 900)
        let refreshed = try await sut.refreshSession(refreshToken: session.refreshToken)
        #expect(refreshed.idToken.value == "t-2")
        try await sut.revokeRefreshToken(refreshed.refreshToken)
        try await sut.sendPasswordResetEmail(email: API.email)
        try await sut.confirmPasswordReset(code: "otp-1", newPassword: "new pass 99")
        try await sut.deleteAccount(idToken: "t-2", revoking: nil)

        let requests = await spy.requests
        #expect(
            requests.map { "\($0.method) \($0.url.path)" } == [
                "POST /accounts", "POST /sessions", "GET /accounts/current", "POST /sessions/renew",
                "GET /accounts/current",
                "POST /sessions/end", "POST /passwords/forgot", "POST /passwords/reset", "DELETE /accounts/current",
            ])
        #expect(try API.body(requests[0]) == ["mail": API.email, "secret": "pw 12345"])
        #expect(try API.body(requests[1]) == ["mail": API.email, "secret": "pw 12345"])
        #expect(try API.body(requests[3]) == ["renewal": "r-1"])
        #expect(requests[5].headers["Authorization"] == "Bearer t-2")
        #expect(try API.body(requests[5]) == ["renewal": "r-1"], "the API did not rotate: the old refresh token stays")
        #expect(try API.body(requests[6]) == ["mail": API.email])
        #expect(try API.body(requests[7]) == ["otp": "otp-1", "password": "new pass 99"])
    }

    @Test("routes set to nil are not offered: their ports are absent, and a direct call fails at once, with no request")
    func absentRoutes() async throws {
        let spy = SpyHTTPTransport(status: 500)
        let sut = API.makeSUT(spy) {
            $0.paths.forgotPassword = nil
            $0.paths.resetPassword = nil
            $0.paths.deleteAccount = nil
        }
        #expect(sut.capabilities.passwordReset == nil)
        #expect(sut.capabilities.accountDeletion == nil)
        #expect(
            sut.capabilities.features(sessions: .fixture(reportIssue: { _ in }), authProviders: []).passwords?
                .resetService == nil)
        #expect(
            sut.capabilities.features(sessions: .fixture(reportIssue: { _ in }), authProviders: []).account?
                .deletionService == nil)
        #expect(API.makeSUT(spy).capabilities.passwordReset != nil)
        #expect(API.makeSUT(spy).capabilities.accountDeletion != nil)
        await #expect(throws: IdentityBackendError.self) { try await sut.sendPasswordResetEmail(email: API.email) }
        await #expect(throws: IdentityBackendError.self) {
            try await sut.confirmPasswordReset(code: "1", newPassword: "new pass 99")
        }
        await #expect(throws: IdentityBackendError.self) {
            try await sut.deleteAccount(idToken: "access-1", revoking: nil)
        }
        #expect(await spy.requests.isEmpty)
    }
}
