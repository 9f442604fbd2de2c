import Foundation
import SignInCrypto
import SignInDomain
import SignInInfrastructure
import SignInTesting
import Synchronization
import Testing

@Suite("Google UI client")
struct GoogleUIClientTests {
    @Test("the mapper turns a result into a credential, a cancel, or a typed error")
    func mapper() throws {
        let credential = GoogleSignInCredential(idToken: "id", accessToken: "at", email: "a@b.co", name: "A B")
        #expect(
            try GoogleSignInMapper.outcome(for: .signedIn(credential), rawNonce: "raw")
                == .credential(
                    AuthCredential(
                        provider: .google, idToken: "id", accessToken: "at", rawNonce: "raw",
                        fullName: PersonName(givenName: "A B"), email: "a@b.co")))
        #expect(try GoogleSignInMapper.outcome(for: .cancelled, rawNonce: "raw") == .cancelled)
        #expect(throws: AuthError.missingIdentityToken(.google)) {
            try GoogleSignInMapper.outcome(
                for: .signedIn(GoogleSignInCredential(idToken: nil, accessToken: "at")), rawNonce: "raw")
        }
        #expect(throws: AuthError.uiClientFailed(.google, reason: "boom")) {
            try GoogleSignInMapper.outcome(for: .failed("boom"), rawNonce: "raw")
        }
    }
}

@Suite("Guest UI client")
struct OtherUIClientTests {
    @Test("the guest client hands over a guest credential at once")
    func guest() async throws {
        let clients = SignInUIClientBuilder().createAnonymousClient().build()
        #expect(try await clients[.anonymous]?.getCredential() == .credential(AuthCredential(provider: .anonymous)))
    }
}
