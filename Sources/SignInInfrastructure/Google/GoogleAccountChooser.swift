import SignInDomain

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
/// third-party package), a terminal step (``TerminalGoogleAccountChooser``) in the CLI.
public protocol GoogleAccountChooser: Sendable {
    /// Shows the chooser and reports what happened.
    func chooseAccount() async -> GoogleSignInResult
}

/// The pure step that turns a chooser result into a ``CredentialOutcome``.
public enum GoogleSignInMapper {
    /// Maps a result.
    /// - Throws: ``AuthError/missingIdentityToken(_:)``, ``AuthError/uiClientFailed(_:reason:)``.
    public static func outcome(for result: GoogleSignInResult) throws(AuthError) -> CredentialOutcome {
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
                    fullName: credential.name.map { PersonName(givenName: $0) }, email: credential.email))
        }
    }
}

/// Obtains a Google credential through an account chooser.
public struct GoogleUIClient: SignInUIClient {
    public let providerType = ProviderType.google
    private let chooser: any GoogleAccountChooser
    private let tracer: any FlowTracer

    /// Creates the client.
    public init(chooser: any GoogleAccountChooser, tracer: any FlowTracer = SilentFlowTracer()) {
        self.chooser = chooser
        self.tracer = tracer
    }

    public func getCredential() async throws -> CredentialOutcome {
        tracer.record(.infrastructure, "GoogleUIClient.getCredential", "show Google's account chooser")
        return try GoogleSignInMapper.outcome(for: await chooser.chooseAccount())
    }
}
