import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInInfrastructure

/// Acme's sign-in page: a fresh nonce as for Apple (its SHA-256 goes to Acme, the raw nonce stays in the
/// credential), and the identity token Acme's simulated issuer signs for the user's email.
struct AcmeUIClient: SignInUIClient {
    let issuer: EmbeddedIdPIssuer
    let email: String
    var providerType: ProviderType { .acme }

    func getCredential() async throws -> CredentialOutcome {
        let rawNonce = NonceGenerator().make()
        let token: String
        do {
            token = try issuer.signIn(email: email, name: "Jane Acme", nonce: SHA256.hexDigest(rawNonce))
        } catch {
            throw error.toDomain(provider: .acme)  // a screen throws AuthError, which the user's language can say
        }
        return .credential(AuthCredential(provider: .acme, idToken: Secret(token), rawNonce: Secret(rawNonce)))
    }
}
