import SignInCrypto
import SignInDemoAdapters
import SignInDomain
import SignInInfrastructure
import SignInPresentation

@testable import SignInDemoCLI

/// Acme's sign-in page: the user picks an account (in their language) unless one was named; a fresh nonce as for
/// Apple (its SHA-256 goes to Acme, the raw nonce stays in the credential); the identity token Acme's simulated
/// page signs, with Acme's own claims, in-process or at `signin-demo serve`.
struct AcmeUIClient: SignInUIClient {
    let pages: any SimulatedProviderPages
    let account: String?
    let chooser: any ChoicePrompt
    let language: String
    var providerType: ProviderType { .acme }

    static let accounts = ["jane@acme.example", "sam@acme.example"]
    static let title = ProviderDisplayName(
        "Choose your Acme ID account:",
        translations: ["tr": "Acme Kimliği hesabınızı seçin:", "zh-Hant": "選擇您的 Acme 帳號："])

    func getCredential() async throws(AuthError) -> CredentialOutcome {
        var email = account ?? ""
        if account == nil {
            guard let index = await chooser.choose(Self.title.text(in: language), options: Self.accounts) else {
                return .cancelled
            }
            email = Self.accounts[index]
        }
        let rawNonce = NonceGenerator().make()
        let request = ProviderPageRequest(
            email: email, name: "Jane Acme", nonce: SHA256.hexDigest(rawNonce),
            claims: ["tid": "acme-corp", "preferred_username": email])
        let token = try await pages.signIn(.acme, request)  // an AuthError, which the user's language can say
        return .credential(AuthCredential(provider: .acme, idToken: Secret(token), rawNonce: Secret(rawNonce)))
    }
}
