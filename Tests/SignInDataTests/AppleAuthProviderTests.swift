import Foundation
import SignInData
import SignInDataTesting
import SignInDomain
import SignInTesting
import Testing

@Suite("AppleAuthProvider")
struct AppleAuthProviderTests {
    let clock = TestClock()

    @Test("sends the identity token, raw nonce and first-login profile to signInWithIdp as apple.com")
    func sendsRequest() async throws {
        let backend = SpyIdentityBackend(result: .success(.fixture()))
        let provider = AppleAuthProvider(backend: backend, linking: backend, clock: clock)
        let name = PersonName(givenName: "Jane", familyName: "Appleseed")

        _ = try await provider.signIn(with: .fixture(fullName: name, email: "jane@example.com"))

        let requests = await backend.requests
        #expect(
            requests == [
                IdPSignInRequest(
                    providerId: "apple.com", idToken: "fixture-apple-identity-token", rawNonce: "fixture-raw-nonce",
                    fullName: name, email: "jane@example.com")
            ])
    }

    @Test("maps the backend's answer to a UserSession whose expiry counts from the clock")
    func mapsResponse() async throws {
        let response = BackendSessionResponse.fixture(expiresIn: 3600, isNewUser: true)
        let provider = AppleAuthProvider(
            backend: StubIdentityBackend(result: .success(response)),
            linking: StubIdentityBackend(result: .success(response)), clock: clock)

        let session = try await provider.signIn(with: .fixture())

        #expect(session.uid == "uid-fixture")
        #expect(session.providerIds == [.apple])
        #expect(session.isNewUser)
        #expect(session.tokens.expiresAt == clock.now().addingTimeInterval(3600))
        #expect(session.tokens.idToken == "fixture-id-token")
    }

    @Test("a credential with no identity token fails before the backend is called", arguments: [nil, Secret("")])
    func missingToken(token: Secret?) async {
        let provider = AppleAuthProvider(
            backend: FailingIdentityBackend { Issue.record(Comment(rawValue: $0)) },
            linking: FailingIdentityBackend { Issue.record(Comment(rawValue: $0)) })
        await #expect(throws: AuthError.missingIdentityToken(.apple)) {
            try await provider.signIn(with: .fixture(idToken: token))
        }
    }

    @Test(
        "each backend error code maps to its own AuthError",
        arguments: [
            (IdentityBackendError.Code.malformedIdToken, AuthError.invalidIdentityToken(.malformed)),
            (.idTokenExpired, .invalidIdentityToken(.expired)),
            (.idTokenNotYetValid, .invalidIdentityToken(.notYetValid)),
            (.invalidSignature, .invalidIdentityToken(.badSignature)),
            (.unsupportedAlgorithm, .invalidIdentityToken(.unsupportedAlgorithm)),
            (.invalidIssuer, .invalidIdentityToken(.wrongIssuer)),
            (.invalidAudience, .invalidIdentityToken(.wrongAudience)),
            (.nonceAlreadyUsed, .invalidIdentityToken(.replayed)),
            (.nonceMismatch, .invalidIdentityToken(.nonceMismatch)),
            (.missingIdToken, .missingIdentityToken(.apple)),
            (.unsupportedProvider, .operationNotAllowed(.apple)),
            (IdentityBackendError.Code(rawValue: "SOMETHING_NEW"), .backend(code: "SOMETHING_NEW", message: "details")),
        ])
    func mapsErrors(code: IdentityBackendError.Code, expected: AuthError) async {
        let backend = StubIdentityBackend(result: .failure(IdentityBackendError(code, message: "details")))
        let provider = AppleAuthProvider(backend: backend, linking: backend)
        await #expect(throws: expected) { try await provider.signIn(with: .fixture()) }
    }
}
