import Foundation
public import SignInDomain

/// Sign-in links at an ``EmailLinkBackend``: the Data side of `EmailLinkSignInService`.
public struct BackendEmailLinkSignInService: EmailLinkSignInService {
    private let backend: any EmailLinkBackend
    private let clock: any WallClock

    /// Creates the service.
    public init(backend: any EmailLinkBackend, clock: any WallClock = SystemWallClock()) {
        self.backend = backend
        self.clock = clock
    }

    public func sendSignInLink(email: String) async throws(AuthError) {
        try await IdentityBackendError.translating(for: .emailPassword) {
            try await backend.sendSignInLink(email: email)
        }
    }

    /// The codes a reset also answers mean something else here: a refused code is the sign-in link's, and an invalid
    /// email is one the link was not sent to.
    public func signIn(email: String, code: Secret) async throws(AuthError) -> UserSession {
        try await IdentityBackendError.translating(
            for: .emailPassword,
            special: { error in
                switch error.code {
                case .invalidOOBCode: .invalidSignInLink
                case .expiredOOBCode: .signInLinkExpired
                case .invalidEmail: .signInLinkEmailMismatch
                default: nil
                }
            }
        ) {
            try await backend.signInWithEmailLink(email: email, code: code).toDomain(now: clock.now())
        }
    }
}

/// A `SignInEmailStore` that lasts as long as the process: a link opened after a restart needs the email typed.
public actor InMemorySignInEmailStore: SignInEmailStore {
    private var email: String?

    /// Creates an empty store.
    public init() {}

    public func pendingEmail() -> String? { email }
    public func remember(_ email: String) { self.email = email }
    public func forget() { email = nil }
}
