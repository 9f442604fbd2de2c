import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedIssuers
import SignInEmbeddedStore
import SignInFirebase
import SignInInfrastructure
import SignInLocking
import SignInTesting
import Testing

@Suite("URLSessionTransport against a real HTTP server on loopback")
struct LoopbackAPITests {
    @Test("sends method, headers and body, and reads status, headers and body")
    func roundTrip() async throws {
        let server = try LoopbackHTTPServer { request in
            let echo =
                "\(request.method) \(request.url.path) \(request.headers["X-Test"] ?? "-") "
                + String(decoding: request.body ?? Data(), as: UTF8.self)
            return HTTPResponse(status: 201, headers: ["X-Reply": "yes"], body: Data(echo.utf8))
        }
        defer { server.stop() }
        let response = try await URLSessionTransport().send(
            HTTPRequest(
                method: "POST", url: server.baseURL.appendingPathComponent("notes"), headers: ["X-Test": "1"],
                body: Data("hello".utf8)))
        #expect(response.status == 201)
        #expect(response.headers["X-Reply"] == "yes")
        #expect(String(decoding: response.body, as: UTF8.self) == "POST /notes 1 hello")
    }

    @Test("the API client signs a real request with the session and recovers from a 401 by one refresh")
    func authorizedClientOverHTTP() async throws {
        let clock = TestClock()
        let backend = EmbeddedBackend.inMemory(clock: clock, random: SeededRandomBytes(seed: 9))
        // Sign in for real on the embedded backend, then keep the session in memory.
        let sessions = SessionManager(
            store: InMemorySessionStore(),
            tokenService: BackendSessionTokenService(backend: backend.identityService, clock: clock),
            clock: clock)
        let rawNonce = "loopback-raw-nonce-0123456789-abcdef"
        let issued = try backend.appleIssuer.authorize(
            clientID: backend.configuration.appleClientID, nonceSHA256: SHA256.hexDigest(rawNonce), shareEmail: true)
        let session = try await AppleAuthProvider(
            backend: backend.identityService, linking: backend.identityService, clock: clock
        )
        .signIn(with: AuthCredential(provider: .apple, idToken: issued.identityToken, rawNonce: Secret(rawNonce)))
        try await sessions.establish(session)

        // The server refuses the first token once (as after a key rotation), then checks tokens for real.
        let refusals = RefusalCounter()
        let server = try LoopbackHTTPServer { request in
            refusals.takeOne() ? HTTPResponse(status: 401) : backend.appAPI.handle(request)
        }
        defer { server.stop() }
        let client = AuthorizedAPIClient(sessions: sessions, transport: URLSessionTransport())

        let response = try await client.send(HTTPRequest(url: server.baseURL.appendingPathComponent("v1/me")))

        #expect(response.status == 200)
        let me = try JSONDecoder().decode(EmbeddedAppAPI.Me.self, from: response.body)
        #expect(me.uid == session.uid)
        #expect(try await sessions.currentSession()?.tokens.refreshToken != session.tokens.refreshToken)
    }

    @Test("a request's timeout is honoured: a server that does not answer in time is a network error")
    func timeout() async throws {
        // The handler answers only when the test is over (or after 60 s): only the client's timeout can end the
        // call before that, and an answer would be a 200 with no tokens, not a network error.
        let release = DispatchSemaphore(value: 0)
        let server = try LoopbackHTTPServer { _ in
            _ = release.wait(timeout: .now() + 60)
            return HTTPResponse(status: 200)
        }
        defer {
            release.signal()
            server.stop()
        }
        let firebase = FirebaseIdentityBackend(
            configuration: FirebaseConfiguration(apiKey: "k", emulatorHost: "127.0.0.1:\(server.port)", timeout: 0.5),
            transport: URLSessionTransport())
        do {
            _ = try await firebase.signUpAnonymously()
            Issue.record("expected a timeout")
        } catch AuthError.network(let reason) {
            #expect(reason.hasPrefix("accounts:signUp: no answer"))
        }
    }

    @Test("a server that is not there is a network error")
    func noServer() async throws {
        let server = try LoopbackHTTPServer { _ in HTTPResponse(status: 200) }
        let url = server.baseURL
        server.stop()
        let clock = TestClock()
        let sessions = SessionManager(
            store: InMemorySessionStore(session: .fixture(tokens: .fixture(expiresAt: clock.now() + 3600))),
            tokenService: SpySessionTokenService(clock: clock), clock: clock)
        let error = await #expect(throws: AuthError.self) {
            try await AuthorizedAPIClient(sessions: sessions, transport: URLSessionTransport()).send(
                HTTPRequest(url: url))
        }
        guard case .network? = error else {
            Issue.record("expected a network error, got \(String(describing: error))")
            return
        }
    }
}

/// Refuses exactly one request.
final class RefusalCounter: Sendable {
    private let remaining = Locked(1)
    func takeOne() -> Bool {
        remaining.withLock { count in
            defer { count = max(count - 1, 0) }
            return count > 0
        }
    }
}
