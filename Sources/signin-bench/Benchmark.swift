import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInFirebase
import SignInInfrastructure

/// Prints the figures the project's performance claims rest on. Run it in release:
/// `swift run -c release signin-bench`. Figures are wall-clock times on the machine it runs on.
@main
struct Benchmark {
    static func main() async throws {
        print("signin-bench (\(isDebug ? "debug" : "release") build)")
        measure("SHA-256 of 1 MiB", repeat: 20) { _ = SHA256.hash([UInt8](repeating: 0x61, count: 1 << 20)) }
        measure("PBKDF2-HMAC-SHA256, 600,000 iterations (one password hash)", repeat: 3) {
            _ = PBKDF2.sha256(
                password: Array("correct horse".utf8), salt: Array(repeating: 7, count: 16), iterations: 600_000,
                keyLength: 32)
        }
        let backend = EmbeddedBackend.inMemory()
        let clientID = backend.configuration.appleClientID
        try measureThrowing("Apple sign-in at the embedded backend (issue, verify, account, session)", repeat: 500) {
            index in
            let nonce = "bench-nonce-\(index)-0123456789abcdefghij"
            let issued = try backend.appleIssuer.authorize(
                clientID: clientID, nonceSHA256: SHA256.hexDigest(nonce), shareEmail: true)
            _ = try backend.identityService.signInWithIdP(
                IdPSignInRequest(providerId: "apple.com", idToken: issued.identityToken, rawNonce: Secret(nonce)))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("signin-bench-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let persistent = EmbeddedBackend.persistent(folder: folder)
        try measureThrowing("the same, state in a file (flock, read, atomic write with fsync)", repeat: 100) { index in
            let nonce = "file-nonce-\(index)-0123456789abcdefghij"
            let issued = try persistent.appleIssuer.authorize(
                clientID: clientID, nonceSHA256: SHA256.hexDigest(nonce), shareEmail: true)
            _ = try persistent.identityService.signInWithIdP(
                IdPSignInRequest(providerId: "apple.com", idToken: issued.identityToken, rawNonce: Secret(nonce)))
        }
        try await overHTTP(backend: backend)
        try await singleFlight(backend: backend)
    }

    /// The same sign-in through the whole HTTP path, on loopback: `FirebaseIdentityBackend` (signInWithIdp, then
    /// lookup) → `URLSessionTransport` → `HTTPServer` → `EmbeddedHTTPFace` → the same in-memory service.
    static func overHTTP(backend: EmbeddedBackend) async throws {
        let face = EmbeddedHTTPFace(backend: backend)
        let server = HTTPServerAdapter.server(handler: face.handle)
        let port = try server.start()
        defer { server.stop(drainTimeout: 2) }
        let firebase = FirebaseIdentityBackend(
            configuration: FirebaseConfiguration(apiKey: "bench", emulatorHost: "127.0.0.1:\(port)"),
            transport: URLSessionTransport())
        let clientID = backend.configuration.appleClientID
        let count = 200
        let start = ContinuousClock.now
        for index in 0..<count {
            let nonce = "http-nonce-\(index)-0123456789abcdefghij"
            let issued = try backend.appleIssuer.authorize(
                clientID: clientID, nonceSHA256: SHA256.hexDigest(nonce), shareEmail: true)
            _ = try await firebase.signInWithIdP(
                IdPSignInRequest(providerId: "apple.com", idToken: issued.identityToken, rawNonce: Secret(nonce)))
        }
        report(
            "the same over HTTP on loopback (FirebaseIdentityBackend: signInWithIdp + lookup)", count: count,
            elapsed: ContinuousClock.now - start)
    }

    static var isDebug: Bool {
        #if DEBUG
            true
        #else
            false
        #endif
    }

    static func measure(_ name: String, repeat count: Int, _ body: () -> Void) {
        let start = ContinuousClock.now
        for _ in 0..<count { body() }
        report(name, count: count, elapsed: ContinuousClock.now - start)
    }

    static func measureThrowing(_ name: String, repeat count: Int, _ body: (Int) throws -> Void) throws {
        let start = ContinuousClock.now
        for index in 0..<count { try body(index) }
        report(name, count: count, elapsed: ContinuousClock.now - start)
    }

    static func report(_ name: String, count: Int, elapsed: Duration) {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let each = seconds / Double(count) * 1000
        let label = name.count < 76 ? name + String(repeating: " ", count: 76 - name.count) : name
        print("  \(label) \(String(format: "%10.3f", each)) ms each (\(count) runs)")
    }

    /// 100 concurrent callers ask for a valid session whose token has expired: one refresh must serve all.
    static func singleFlight(backend: EmbeddedBackend) async throws {
        let rawNonce = "bench-single-flight-nonce-0123456789"
        let issued = try backend.appleIssuer.authorize(
            clientID: backend.configuration.appleClientID, nonceSHA256: SHA256.hexDigest(rawNonce), shareEmail: true)
        var session = try await AppleAuthProvider(backend: backend.identityService)
            .signIn(with: AuthCredential(provider: .apple, idToken: issued.identityToken, rawNonce: Secret(rawNonce)))
        session.tokens.expiresAt = Date(timeIntervalSinceNow: -1)
        let counter = CountingTokenService(inner: BackendSessionTokenService(backend: backend.identityService))
        let manager = SessionManager(store: InMemorySessionStore(session: session), tokenService: counter)
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<100 { group.addTask { _ = try await manager.validSession() } }
            try await group.waitForAll()
        }
        report(
            "100 concurrent validSession() calls on an expired session", count: 1, elapsed: ContinuousClock.now - start)
        print("    refresh calls made: \(await counter.count) (target: exactly 1)")
    }
}

/// Counts the refreshes that reach the backend.
actor CountingTokenService: SessionTokenService {
    let inner: BackendSessionTokenService
    private(set) var count = 0

    init(inner: BackendSessionTokenService) { self.inner = inner }

    func refresh(_ session: UserSession) async throws -> UserSession {
        count += 1
        return try await inner.refresh(session)
    }

    func revoke(_ session: UserSession) async throws { try await inner.revoke(session) }
}
