import SignInCrypto
public import SignInDomain

/// What Google's sign-in hands back: `GIDSignInResult`'s user, reduced to what the app needs.
public struct GoogleSignInCredential: Hashable, Sendable {
    /// The ID token (a JWT); `nil` when Google sent none.
    public var idToken: Secret?
    /// The OAuth access token.
    public var accessToken: Secret?
    /// The account's email.
    public var email: String?
    /// The account holder's name.
    public var name: String?

    /// Creates a credential.
    public init(idToken: Secret?, accessToken: Secret?, email: String? = nil, name: String? = nil) {
        self.idToken = idToken
        self.accessToken = accessToken
        self.email = email
        self.name = name
    }
}

/// The result of Google's account chooser.
public enum GoogleSignInResult: Hashable, Sendable {
    /// The user picked an account.
    case signedIn(GoogleSignInCredential)
    /// The user closed the chooser.
    case cancelled
    /// The chooser failed.
    case failed(String)
}

/// Shows Google's account chooser: the GoogleSignIn SDK in an app (wrapped by the app, since the SDK is a
/// third-party package), a terminal step in the demo CLI.
public protocol GoogleAccountChooser: Sendable {
    /// Shows the chooser and reports what happened.
    /// - Parameter nonce: The SHA-256 hex of the raw nonce, for Google to put in the ID token (the SDK's
    ///   `GIDSignIn.signIn(withPresenting:hint:additionalScopes:nonce:)`), so that the backend can refuse a
    ///   replayed token.
    func chooseAccount(nonce: String) async -> GoogleSignInResult
}

/// The pure step that turns a chooser result into a `CredentialOutcome`.
public enum GoogleSignInMapper {
    /// Maps a result.
    /// - Parameters:
    ///   - result: What the chooser reported.
    ///   - rawNonce: The raw nonce whose SHA-256 the chooser passed to Google; the backend checks the token's
    ///     `nonce` claim against it.
    /// - Throws: `AuthError/missingIdentityToken(_:)`, `AuthError/uiClientFailed(_:reason:)`.
    public static func outcome(for result: GoogleSignInResult, rawNonce: String) throws(AuthError)
        -> CredentialOutcome
    {
        switch result {
        case .cancelled:
            return .cancelled
        case .failed(let reason):
            throw .uiClientFailed(.google, reason: reason)
        case .signedIn(let credential):
            guard let idToken = credential.idToken, !idToken.value.isEmpty else {
                throw .missingIdentityToken(.google)
            }
            return .credential(
                AuthCredential(
                    provider: .google, idToken: idToken, accessToken: credential.accessToken,
                    rawNonce: Secret(rawNonce),
                    fullName: credential.name.map { PersonName(givenName: $0) }, email: credential.email))
        }
    }
}

/// Obtains a Google credential through an account chooser, with a fresh nonce as for Apple: the SHA-256 hex goes
/// to Google, the raw nonce stays in the credential for the backend.
public struct GoogleUIClient: SignInUIClient {
    public let providerType = ProviderType.google
    private let chooser: any GoogleAccountChooser
    private let nonceGenerator: NonceGenerator

    /// Creates the client.
    public init(
        chooser: any GoogleAccountChooser, nonceGenerator: NonceGenerator = NonceGenerator()
    ) {
        self.chooser = chooser
        self.nonceGenerator = nonceGenerator
    }

    public func getCredential() async throws(AuthError) -> CredentialOutcome {
        let rawNonce = nonceGenerator.make()
        let result = await chooser.chooseAccount(nonce: SHA256.hexDigest(rawNonce))
        return try GoogleSignInMapper.outcome(for: result, rawNonce: rawNonce)
    }
}
