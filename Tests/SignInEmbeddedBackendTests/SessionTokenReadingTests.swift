import Foundation
import SignInData
import SignInDomain
import SignInJOSE
import Testing

@testable import SignInEmbeddedBackend

@Suite("The embedded backend's session tokens through both JSON readers")
struct SessionTokenReadingTests {
    @Test("a token the backend signed is verified the same through either reader")
    func signedTokens() throws {
        let harness = BackendHarness()
        let session = try harness.signIn()
        let claims = try harness.service.verifySessionToken(session.idToken.value)
        let parts = try #require(JWS.parse(session.idToken.value))
        #expect(try JSONDecoder().decode(SessionTokenClaims.self, from: Data(parts.payload)) == claims)
        #expect(TokenJSON.fastPathAgreesWithDecoder(on: parts.payload))
        #expect(TokenJSON.fastPathAgreesWithDecoder(on: parts.header))
    }
}
