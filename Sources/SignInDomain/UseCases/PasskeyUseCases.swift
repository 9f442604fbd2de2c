/// What registering a passkey came to.
public enum PasskeyRegistrationResult: Hashable, Sendable {
    /// The passkey was added; the session afterwards is stored.
    case registered(UserSession)
    /// The user dismissed the device's sheet. Nothing changed.
    case cancelled
}

/// Registers a passkey on the signed-in account: the backend's challenge, the device's sheet, the backend's check.
/// Starting is a sensitive operation: the backend wants a recent sign-in, which ``Reauthentication`` asks for. A
/// guest account is refused before anything is asked.
public struct RegisterPasskeyUseCase: Sendable {
    private let passkeys: any PasskeyService
    private let authenticator: any PasskeyAuthenticator
    private let sessions: SessionManager
    private let reauthentication: Reauthentication

    /// Creates the use case.
    /// - Parameters:
    ///   - passkeys: The backend's passkeys.
    ///   - authenticator: The device's passkeys.
    ///   - sessions: The session manager.
    ///   - authProviders: The providers a user can sign in again with, when the backend wants a recent sign-in.
    public init(
        passkeys: any PasskeyService, authenticator: any PasskeyAuthenticator, sessions: SessionManager,
        authProviders: [any AuthProvider] = []
    ) {
        self.passkeys = passkeys
        self.authenticator = authenticator
        self.sessions = sessions
        self.reauthentication = Reauthentication(authProviders: authProviders, sessions: sessions)
    }

    /// Registers a passkey named `name`.
    /// - Parameters:
    ///   - name: What the user calls it; blank: the backend's default.
    ///   - currentPassword: The account's password, to sign in again with it if the backend asks.
    ///   - uiClients: The screen's UI clients, to sign in again if the backend asks for it.
    /// - Returns: ``PasskeyRegistrationResult/registered(_:)`` or ``PasskeyRegistrationResult/cancelled``.
    /// - Throws: ``AuthError/notSignedIn``, ``AuthError/passkeyNeedsPermanentAccount`` (before any call),
    ///   ``AuthError/recentSignInRequired(_:)``, ``AuthError/passkeyRejected(_:)``,
    ///   ``AuthError/passkeyAlreadyRegistered``, ``AuthError/noPasskeyAvailable``.
    public func callAsFunction(name: String = "", currentPassword: Secret? = nil, uiClients: SignInUIClients = [:])
        async throws(AuthError) -> PasskeyRegistrationResult
    {
        guard let current = try await sessions.currentSession() else { throw .notSignedIn }
        guard !current.isAnonymous else { throw .passkeyNeedsPermanentAccount }
        let passkeys = self.passkeys
        let request = try await reauthentication.run(uiClients: uiClients, currentPassword: currentPassword) {
            session throws(AuthError) in
            try await passkeys.startRegistration(for: session)
        }
        guard case .completed(let registration) = try await authenticator.register(request) else {
            return .cancelled
        }
        let trimmed = PasskeyName.normalized(name)
        let updated = try await sessions.authorized { session throws(AuthError) in
            try await passkeys.finishRegistration(registration, name: trimmed, for: session)
        }
        try await sessions.establish(updated)
        return .registered(updated)
    }
}

/// The signed-in account's passkeys.
public struct ListPasskeysUseCase: Sendable {
    private let passkeys: any PasskeyService
    private let sessions: SessionManager

    /// Creates the use case.
    public init(passkeys: any PasskeyService, sessions: SessionManager) {
        self.passkeys = passkeys
        self.sessions = sessions
    }

    /// The passkeys, in the order the backend lists them (oldest first).
    /// - Throws: ``AuthError/notSignedIn``.
    public func callAsFunction() async throws(AuthError) -> [Passkey] {
        let passkeys = self.passkeys
        return try await sessions.authorized { session throws(AuthError) in try await passkeys.passkeys(for: session) }
    }
}

/// Removes a passkey from the signed-in account. A sensitive operation: the backend wants a recent sign-in, which
/// ``Reauthentication`` asks for. The device may still hold the passkey; it no longer signs in.
public struct RemovePasskeyUseCase: Sendable {
    private let passkeys: any PasskeyService
    private let sessions: SessionManager
    private let reauthentication: Reauthentication

    /// Creates the use case.
    public init(passkeys: any PasskeyService, sessions: SessionManager, authProviders: [any AuthProvider] = []) {
        self.passkeys = passkeys
        self.sessions = sessions
        self.reauthentication = Reauthentication(authProviders: authProviders, sessions: sessions)
    }

    /// Removes the passkey `id`.
    /// - Parameters:
    ///   - id: The passkey's id, as ``ListPasskeysUseCase`` lists it.
    ///   - currentPassword: The account's password, to sign in again with it if the backend asks.
    ///   - uiClients: The screen's UI clients, to sign in again if the backend asks for it.
    /// - Returns: The session afterwards, stored.
    /// - Throws: ``AuthError/notSignedIn``, ``AuthError/passkeyNotFound`` (nothing changed),
    ///   ``AuthError/recentSignInRequired(_:)``.
    public func callAsFunction(id: String, currentPassword: Secret? = nil, uiClients: SignInUIClients = [:])
        async throws(AuthError) -> UserSession
    {
        guard try await sessions.currentSession() != nil else { throw .notSignedIn }
        let passkeys = self.passkeys
        let registered = try await sessions.authorized { session throws(AuthError) in
            try await passkeys.passkeys(for: session)
        }
        guard registered.contains(where: { $0.id == id }) else { throw .passkeyNotFound }
        let updated = try await reauthentication.run(uiClients: uiClients, currentPassword: currentPassword) {
            session throws(AuthError) in
            try await passkeys.removePasskey(id: id, for: session)
        }
        try await sessions.establish(updated)
        return updated
    }
}

/// Signs in with a passkey, without a user name: the device offers the passkeys it holds for the relying party
/// (discoverable credentials), the user picks one, and the backend finds the account from it. No password is asked.
public struct SignInWithPasskeyUseCase: Sendable {
    private let passkeys: any PasskeyService
    private let authenticator: any PasskeyAuthenticator
    private let sessions: SessionManager

    /// Creates the use case.
    public init(passkeys: any PasskeyService, authenticator: any PasskeyAuthenticator, sessions: SessionManager) {
        self.passkeys = passkeys
        self.authenticator = authenticator
        self.sessions = sessions
    }

    /// Signs in.
    /// - Returns: ``SignInResult/signedIn(_:)`` with the stored session, or ``SignInResult/cancelled``.
    /// - Throws: ``AuthError/noPasskeyAvailable``, ``AuthError/passkeyRejected(_:)``, ``AuthError/passkeyNotFound``,
    ///   ``AuthError/userDisabled``.
    public func callAsFunction() async throws(AuthError) -> SignInResult {
        let request = try await passkeys.startSignIn()
        guard case .completed(let assertion) = try await authenticator.assert(request) else {
            return .cancelled
        }
        var session: UserSession
        session = try await passkeys.finishSignIn(assertion)
        if session.signInProvider == nil { session.signInProvider = .passkey }
        try await sessions.establish(session)
        return .signedIn(session)
    }
}

/// A passkey's name as the user typed it: without control or format characters, trimmed, at most ``maximumLength``
/// characters. Empty when the user gave none: a screen shows its own default ("Passkey 1") in the user's language.
public enum PasskeyName {
    /// The longest name kept; a longer one is cut.
    public static let maximumLength = 64

    /// `name` trimmed of white space and control characters and cut to ``maximumLength`` characters.
    public static func normalized(_ name: String) -> String {
        // Control characters, and format characters that would reorder what a list shows (U+202E).
        let printable = name.unicodeScalars.filter {
            $0.properties.generalCategory != .control && $0.properties.generalCategory != .format
        }
        let text = String(String.UnicodeScalarView(printable))
        let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
        let end = text.lastIndex { !$0.isWhitespace }.map { text.index(after: $0) } ?? start
        var cut = text[start..<max(start, end)].prefix(maximumLength)
        // Cut after a space, the name would end in one.
        while cut.last?.isWhitespace == true { cut = cut.dropLast() }
        return String(cut)
    }
}
