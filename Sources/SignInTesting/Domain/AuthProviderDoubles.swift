public import SignInDomain

/// An auth provider that answers every call (sign-in, link, re-authentication) with the same session or error.
public struct StubAuthProvider: AuthProvider {
    public let type: ProviderType
    private let result: Result<UserSession, AuthError>

    /// Creates a stub answering `result`.
    public init(_ type: ProviderType, result: Result<UserSession, AuthError>) {
        self.type = type
        self.result = result
    }

    public func signIn(with credential: AuthCredential) async throws(AuthError) -> UserSession { try result.get() }

    public func link(_ credential: AuthCredential, to session: UserSession) async throws(AuthError) -> UserSession {
        try result.get()
    }

    public func reauthenticate(_ credential: AuthCredential, session: UserSession) async throws(AuthError)
        -> UserSession
    {
        try result.get()
    }
}

/// An auth provider that records the credentials it was given, answering like a ``StubAuthProvider``.
public actor SpyAuthProvider: AuthProvider {
    public nonisolated let type: ProviderType
    private let result: Result<UserSession, AuthError>
    /// The credentials received by `signIn`, in order.
    public private(set) var credentials: [AuthCredential] = []
    /// The credentials received by `link`, with the uid they were linked to, in order.
    public private(set) var links: [(credential: AuthCredential, uid: String)] = []

    /// Creates a spy answering `result`.
    public init(_ type: ProviderType, result: Result<UserSession, AuthError>) {
        self.type = type
        self.result = result
    }

    public func signIn(with credential: AuthCredential) async throws(AuthError) -> UserSession {
        credentials.append(credential)
        return try result.get()
    }

    public func link(_ credential: AuthCredential, to session: UserSession) async throws(AuthError) -> UserSession {
        links.append((credential, session.uid))
        return try result.get()
    }

    /// The credentials received by `reauthenticate`, with the uid of the session they were for, in order.
    public private(set) var reauthentications: [(credential: AuthCredential, uid: String)] = []

    public func reauthenticate(_ credential: AuthCredential, session: UserSession) async throws(AuthError)
        -> UserSession
    {
        reauthentications.append((credential, session.uid))
        return try result.get()
    }
}

/// An auth provider that must not be called.
public struct FailingAuthProvider: AuthProvider {
    public let type: ProviderType
    private let reportIssue: IssueReporter

    /// Creates the double.
    public init(_ type: ProviderType, reportIssue: @escaping IssueReporter) {
        self.type = type
        self.reportIssue = reportIssue
    }

    public func signIn(with credential: AuthCredential) async throws(AuthError) -> UserSession {
        reportIssue("FailingAuthProvider(\(type)).signIn(with:) was called")
        throw UnexpectedCallError("AuthProvider.signIn").authError
    }

    public func link(_ credential: AuthCredential, to session: UserSession) async throws(AuthError) -> UserSession {
        reportIssue("FailingAuthProvider(\(type)).link(_:to:) was called")
        throw UnexpectedCallError("AuthProvider.link").authError
    }

    public func reauthenticate(_ credential: AuthCredential, session: UserSession) async throws(AuthError)
        -> UserSession
    {
        reportIssue("FailingAuthProvider(\(type)).reauthenticate(_:session:) was called")
        throw UnexpectedCallError("AuthProvider.reauthenticate").authError
    }
}
