public import Foundation
public import SignInDomain

extension SessionTokens {
    /// Tokens with readable fake values, expiring an hour after 2026-01-01.
    public static func fixture(
        idToken: Secret = "fixture-id-token", refreshToken: Secret = "fixture-refresh-token",
        expiresAt: Date = Date(timeIntervalSince1970: 1_767_229_200)
    ) -> SessionTokens {
        SessionTokens(idToken: idToken, refreshToken: refreshToken, expiresAt: expiresAt)
    }
}

extension UserSession {
    /// An Apple session with sensible defaults.
    public static func fixture(
        uid: String = "uid-fixture", email: String? = "jane.appleseed@example.com",
        displayName: String? = "Jane Appleseed", providerIds: [ProviderType] = [.apple],
        isAnonymous: Bool = false, isNewUser: Bool = false, tokens: SessionTokens = .fixture(),
        signInProvider: ProviderType? = nil
    ) -> UserSession {
        UserSession(
            uid: uid, email: email, displayName: displayName, providerIds: providerIds, isAnonymous: isAnonymous,
            isNewUser: isNewUser, tokens: tokens, signInProvider: signInProvider)
    }
}

extension AuthCredential {
    /// An Apple credential with fake token values.
    public static func fixture(
        provider: ProviderType = .apple, idToken: Secret? = "fixture-apple-identity-token",
        rawNonce: Secret? = "fixture-raw-nonce", authorizationCode: Secret? = "fixture-code",
        fullName: PersonName? = nil, email: String? = nil
    ) -> AuthCredential {
        AuthCredential(
            provider: provider, idToken: idToken, rawNonce: rawNonce, authorizationCode: authorizationCode,
            fullName: fullName, email: email)
    }
}

extension SessionManager {
    /// A manager for tests: over `store`, on a test clock, with a token service that must not be called
    /// unless the test gives one.
    public static func fixture(
        store: any SessionStore = SpySessionStore(), tokenService: (any SessionTokenService)? = nil,
        clock: any WallClock = TestClock(), reportIssue: @escaping IssueReporter
    ) -> SessionManager {
        SessionManager(
            store: store, tokenService: tokenService ?? FailingSessionTokenService(reportIssue: reportIssue),
            clock: clock)
    }
}
