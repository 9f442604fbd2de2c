import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedIssuers
import SignInEmbeddedStore
import SignInJOSE
import SignInTesting

/// An embedded backend on a test clock with seeded randomness, and helpers to make identity tokens that
/// are wrong in exactly one way.
struct BackendHarness {
    let clock: TestClock
    let backend: EmbeddedBackend
    let configuration: EmbeddedBackendConfiguration

    /// The tests' configuration: the defaults, but 1,000 PBKDF2 iterations so that debug builds stay quick.
    /// One test checks the real default.
    static let fastConfiguration = EmbeddedBackendConfiguration(passwordIterations: 1000)

    init(seed: UInt64 = 42, configuration: EmbeddedBackendConfiguration = fastConfiguration) {
        clock = TestClock()
        self.configuration = configuration
        backend = EmbeddedBackend.inMemory(
            configuration: configuration, clock: clock, random: SeededRandomBytes(seed: seed))
    }

    init(
        storage: any BackendStateStorage, clock: TestClock = TestClock(), seed: UInt64 = 42,
        configuration: EmbeddedBackendConfiguration = fastConfiguration
    ) {
        self.clock = clock
        self.configuration = configuration
        backend = EmbeddedBackend(
            storage: storage, configuration: configuration, clock: clock, random: SeededRandomBytes(seed: seed))
    }

    var service: EmbeddedIdentityService { backend.identityService }
    var issuer: EmbeddedAppleIssuer { backend.appleIssuer }

    /// A genuine authorization from the issuer, and the raw nonce it was made for.
    func authorize(rawNonce: String = "raw-nonce-0123456789-abcdefghijkl", shareEmail: Bool = true) throws
        -> (IssuedAppleAuthorization, String)
    {
        let issued = try issuer.authorize(
            clientID: configuration.appleClientID, nonceSHA256: SHA256.hexDigest(rawNonce), shareEmail: shareEmail)
        return (issued, rawNonce)
    }

    /// The request the Apple auth provider would send for an authorization.
    func request(_ issued: IssuedAppleAuthorization, rawNonce: String?) -> IdPSignInRequest {
        IdPSignInRequest(
            providerId: "apple.com", idToken: issued.identityToken, rawNonce: rawNonce.map { Secret($0) },
            fullName: issued.fullName, email: issued.email)
    }

    /// Signs in with a genuine Apple token and returns the backend's answer.
    @discardableResult
    func signIn(rawNonce: String = "raw-nonce-0123456789-abcdefghijkl") throws -> BackendSessionResponse {
        let (issued, nonce) = try authorize(rawNonce: rawNonce)
        return try service.signInWithIdP(request(issued, rawNonce: nonce))
    }

    /// A genuine Google sign-in request for the chooser's account `email`, made for `rawNonce` (a fresh one by
    /// default, as the Google UI client makes).
    func googleRequest(_ email: String = "jane.appleseed@gmail.com", rawNonce: String = UUID().uuidString) throws
        -> IdPSignInRequest
    {
        let issued = try backend.googleIssuer.signIn(email: email, nonce: SHA256.hexDigest(rawNonce))
        return IdPSignInRequest(
            providerId: "google.com", idToken: Secret(issued.idToken), rawNonce: Secret(rawNonce),
            accessToken: Secret(issued.accessToken))
    }

    /// Claims that pass every check at the clock's time.
    func validClaims(nonce rawNonce: String) throws -> IdentityTokenClaims {
        let now = Int(clock.now().timeIntervalSince1970)
        return IdentityTokenClaims(
            iss: configuration.appleIssuer, aud: configuration.appleClientID, sub: try issuer.user().subject,
            iat: now, exp: now + 600, nonce: SHA256.hexDigest(rawNonce), email: "jane.appleseed@example.com",
            emailVerified: true, isPrivateEmail: false)
    }

    /// A token signed with the issuer's key (or `key`).
    func token(_ claims: IdentityTokenClaims, header: JOSEHeader = JOSEHeader(), key: HS256Key? = nil) throws -> String
    {
        EmbeddedAppleIssuer.sign(claims, key: try key ?? issuer.verificationKey(), header: header)
    }
}

/// The code of the backend error `body` throws, or `nil` when it throws none.
func errorCode(_ body: () throws(IdentityBackendError) -> Void) -> IdentityBackendError.Code? {
    do {
        try body()
        return nil
    } catch {
        return error.code
    }
}
