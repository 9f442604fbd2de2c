import Foundation
import SignInData
import SignInDataTesting
import SignInDomain
import SignInTesting
import Testing

@testable import SignInFirebase

/// A provider that is neither Apple nor Google, through the public generic provider and the Firebase backend:
/// Firebase names a project's OpenID Connect providers `oidc.<name>`.
@Suite("IdPAuthProvider with Firebase: an oidc.<name> provider")
struct GenericIdPProviderTests {
    let acme = ProviderType(rawValue: "oidc.acme")

    @Test("signs in at accounts:signInWithIdp under its own provider id, and the session names that provider")
    func signIn() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.tokens(uid: "o1", provider: "oidc.acme", extra: ["isNewUser": true, "providerId": "oidc.acme"]),
            Wire.lookup(uid: "o1", email: "jane@acme.example", providers: [("oidc.acme", "acme-42")]),
        ])
        let provider = IdPAuthProvider(type: acme, backend: Wire.backend(spy), linking: Wire.backend(spy))
        let session = try await provider.signIn(
            with: AuthCredential(provider: acme, idToken: "acme.id.token", rawNonce: "raw-n"))

        let sent = try #require(await spy.requests.first)
        Wire.expectCall(sent, "accounts:signInWithIdp")
        let fields = Wire.form(try #require(try Wire.json(sent)["postBody"] as? String))
        #expect(fields == ["providerId": "oidc.acme", "id_token": "acme.id.token", "nonce": "raw-n"])
        #expect(session.providerIds == [acme])
        #expect(session.providerUserIDs == ["oidc.acme": "acme-42"])
        #expect(session.isNewUser && session.uid == "o1")
    }

    @Test("Firebase's refusal of a provider the project has not enabled is the provider's own error")
    func notEnabled() async throws {
        let spy = SpyHTTPTransport(responses: [Wire.failure("OPERATION_NOT_ALLOWED")])
        let provider = IdPAuthProvider(type: acme, backend: Wire.backend(spy), linking: Wire.backend(spy))
        await #expect(throws: AuthError.operationNotAllowed(acme)) {
            try await provider.signIn(with: AuthCredential(provider: acme, idToken: "acme.id.token"))
        }
    }
}
