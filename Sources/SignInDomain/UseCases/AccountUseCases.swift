/// Creates an email/password account and signs it in. The email's syntax and the password policy are
/// checked before any call.
public struct SignUpUseCase: Sendable {
    private let accounts: any SignUpService
    private let sessions: SessionManager

    /// Creates the use case.
    public init(accounts: any SignUpService, sessions: SessionManager) {
        self.accounts = accounts
        self.sessions = sessions
    }

    /// Signs up.
    /// - Throws: ``AuthError/invalidEmail``, ``AuthError/weakPassword(_:)``,
    ///   ``AuthError/emailAlreadyInUse(_:)``.
    public func callAsFunction(email: String, password: Secret) async throws(AuthError) -> UserSession {
        let email = try EmailAddress.validate(email)
        try PasswordPolicy.validate(password.value)
        let session = try await accounts.signUp(email: email, password: password)
        try await sessions.establish(session)
        return session
    }
}

/// How a link ended when it did not fail.
public enum LinkResult: Hashable, Sendable {
    /// Linked: the same uid, one more provider.
    case linked(UserSession)
    /// The user cancelled the provider's UI. Nothing changed.
    case cancelled
}

/// Links another provider to the signed-in account: how a guest keeps their uid, and everything stored for
/// it, when they choose a permanent sign-in (Firebase's anonymous-account upgrade).
public struct LinkProviderUseCase: Sendable {
    private let authProviders: [ProviderType: any AuthProvider]
    private let sessions: SessionManager

    /// Creates the use case.
    public init(
        authProviders: [any AuthProvider], sessions: SessionManager
    ) {
        self.authProviders = Dictionary(authProviders.map { ($0.type, $0) }, uniquingKeysWith: { _, last in last })
        self.sessions = sessions
    }

    /// Links `provider`, getting its credential from the screen's UI client.
    /// - Throws: ``AuthError/notSignedIn``, ``AuthError/providerAlreadyLinked(_:)``,
    ///   ``AuthError/providerNotConfigured(_:)``, ``AuthError/authProviderMissing(_:)``, the email and password
    ///   checks, ``AuthError/credentialAlreadyInUse(_:)`` (the account stays signed in and unchanged),
    ///   ``AuthError/emailAlreadyInUse(_:)``.
    public func callAsFunction(_ provider: ProviderType, uiClients: SignInUIClients) async throws(AuthError)
        -> LinkResult
    {
        guard let current = try await sessions.currentSession() else { throw .notSignedIn }
        guard !current.providerIds.contains(provider) else { throw .providerAlreadyLinked(provider) }
        guard let uiClient = uiClients[provider] else { throw .providerNotConfigured(provider) }
        guard authProviders[provider] != nil else { throw .authProviderMissing(provider) }
        guard case .credential(let credential) = try await uiClient.getCredential() else { return .cancelled }
        return .linked(try await link(credential))
    }

    /// Links a credential the screen collected itself: an email and a password typed into its form.
    /// - Throws: As ``callAsFunction(_:uiClients:)``, without the UI client's.
    public func callAsFunction(with credential: AuthCredential) async throws(AuthError) -> UserSession {
        guard let current = try await sessions.currentSession() else { throw .notSignedIn }
        guard !current.providerIds.contains(credential.provider) else {
            throw .providerAlreadyLinked(credential.provider)
        }
        return try await link(credential)
    }

    private func link(_ credential: AuthCredential) async throws(AuthError) -> UserSession {
        let provider = credential.provider
        guard let authProvider = authProviders[provider] else { throw .authProviderMissing(provider) }
        if provider == .emailPassword {
            _ = try EmailAddress.validate(credential.email ?? "")
            try PasswordPolicy.validate(credential.password?.value ?? "")
        }
        let linked = try await sessions.authorized { session throws(AuthError) in
            try await authProvider.link(credential, to: session)
        }
        try await sessions.establish(linked)
        return linked
    }
}

/// Unlinks a provider from the signed-in account, except its last one. A sensitive operation: the backend wants
/// a recent sign-in, which ``Reauthentication`` asks for.
public struct UnlinkProviderUseCase: Sendable {
    private let accounts: any UnlinkService
    private let sessions: SessionManager
    private let reauthentication: Reauthentication

    /// Creates the use case.
    /// - Parameters:
    ///   - accounts: The account service.
    ///   - sessions: The session manager.
    ///   - authProviders: The providers the user can sign in again with when the backend asks for it.
    public init(accounts: any UnlinkService, sessions: SessionManager, authProviders: [any AuthProvider] = []) {
        self.accounts = accounts
        self.sessions = sessions
        self.reauthentication = Reauthentication(authProviders: authProviders, sessions: sessions)
    }

    /// Unlinks `provider`.
    /// - Parameters:
    ///   - provider: The provider to unlink.
    ///   - uiClients: The screen's UI clients, to sign in again if the backend asks for it.
    ///   - currentPassword: The account's password, to sign in again with it if the backend asks.
    /// - Throws: ``AuthError/notSignedIn``, ``AuthError/providerNotLinked(_:)``,
    ///   ``AuthError/cannotUnlinkLastProvider``, ``AuthError/recentSignInRequired(_:)`` when the user did not
    ///   sign in again.
    public func callAsFunction(
        _ provider: ProviderType, uiClients: SignInUIClients = [:], currentPassword: Secret? = nil
    ) async throws(AuthError) -> UserSession {
        guard let current = try await sessions.currentSession() else { throw .notSignedIn }
        guard current.providerIds.contains(provider) else { throw .providerNotLinked(provider) }
        guard current.providerIds.count > 1 else { throw .cannotUnlinkLastProvider }
        let accounts = self.accounts
        let updated = try await reauthentication.run(uiClients: uiClients, currentPassword: currentPassword) {
            session throws(AuthError) in
            try await accounts.unlink(provider, from: session)
        }
        try await sessions.establish(updated)
        return updated
    }
}

/// Changes the signed-in user's password. A sensitive operation: the backend wants a recent sign-in, which
/// ``Reauthentication`` asks for. Every other session of the account ends; this one goes on with new tokens.
public struct ChangePasswordUseCase: Sendable {
    private let accounts: any PasswordChangeService
    private let sessions: SessionManager
    private let reauthentication: Reauthentication

    /// Creates the use case.
    /// - Parameters:
    ///   - accounts: The account service.
    ///   - sessions: The session manager.
    ///   - authProviders: The providers the user can sign in again with when the backend asks for it.
    public init(
        accounts: any PasswordChangeService, sessions: SessionManager, authProviders: [any AuthProvider] = []
    ) {
        self.accounts = accounts
        self.sessions = sessions
        self.reauthentication = Reauthentication(authProviders: authProviders, sessions: sessions)
    }

    /// Sets `newPassword`.
    /// - Throws: ``AuthError/weakPassword(_:)`` (before any call), ``AuthError/notSignedIn``,
    ///   ``AuthError/providerNotLinked(_:)`` when the account has no password,
    ///   ``AuthError/recentSignInRequired(_:)`` when the user did not sign in again.
    public func callAsFunction(
        newPassword: Secret, currentPassword: Secret? = nil, uiClients: SignInUIClients = [:]
    ) async throws(AuthError) -> UserSession {
        try PasswordPolicy.validate(newPassword.value)
        guard let current = try await sessions.currentSession() else { throw .notSignedIn }
        guard current.providerIds.contains(.emailPassword) else { throw .providerNotLinked(.emailPassword) }
        let accounts = self.accounts
        let updated = try await reauthentication.run(uiClients: uiClients, currentPassword: currentPassword) {
            session throws(AuthError) in
            try await accounts.changePassword(newPassword, for: session)
        }
        try await sessions.establish(updated)
        return updated
    }
}

/// Asks for a password-reset mail (the Go todo service). The answer is the same whether or not the email has an account.
public struct RequestPasswordResetUseCase: Sendable {
    private let accounts: any PasswordResetService

    /// Creates the use case.
    public init(accounts: any PasswordResetService) {
        self.accounts = accounts
    }

    /// Requests the mail.
    /// - Throws: ``AuthError/invalidEmail`` (before any call).
    public func callAsFunction(email: String) async throws(AuthError) {
        let email = try EmailAddress.validate(email)
        try await accounts.sendPasswordReset(email: email)
    }
}

/// Changes the signed-in user's display name or email. A new email is a sensitive change (whoever controls the email
/// can reset the password): when the backend wants a recent sign-in, the user signs in again first.
public struct UpdateProfileUseCase: Sendable {
    private let accounts: any ProfileService
    private let sessions: SessionManager
    private let reauthentication: Reauthentication

    /// Creates the use case.
    public init(accounts: any ProfileService, sessions: SessionManager, authProviders: [any AuthProvider] = []) {
        self.accounts = accounts
        self.sessions = sessions
        self.reauthentication = Reauthentication(authProviders: authProviders, sessions: sessions)
    }

    /// Changes what is given: `displayName` and `photoURL` (empty removes them) and `email`.
    /// - Throws: ``AuthError/invalidEmail``, ``AuthError/invalidPhotoURL`` (before any call),
    ///   ``AuthError/notSignedIn``, ``AuthError/emailAlreadyInUse(_:)``, ``AuthError/recentSignInRequired(_:)`` when
    ///   the user did not sign in again.
    public func callAsFunction(
        displayName: String? = nil, email: String? = nil, photoURL: String? = nil, currentPassword: Secret? = nil,
        uiClients: SignInUIClients = [:]
    ) async throws(AuthError) -> UserSession {
        let email = try email.map { email throws(AuthError) in try EmailAddress.validate(email) }
        let photoURL = try photoURL.map { url throws(AuthError) in try PhotoURL.validate(url) }
        guard try await sessions.currentSession() != nil else { throw .notSignedIn }
        let accounts = self.accounts
        let updated = try await reauthentication.run(uiClients: uiClients, currentPassword: currentPassword) {
            session throws(AuthError) in
            try await accounts.updateProfile(displayName: displayName, email: email, photoURL: photoURL, for: session)
        }
        try await sessions.establish(updated)
        return updated
    }
}

/// Mails a verification link to the signed-in account's email.
public struct SendEmailVerificationUseCase: Sendable {
    private let accounts: any EmailVerificationService
    private let sessions: SessionManager

    /// Creates the use case.
    public init(accounts: any EmailVerificationService, sessions: SessionManager) {
        self.accounts = accounts
        self.sessions = sessions
    }

    /// Mails the link.
    /// - Returns: The email it was mailed to.
    /// - Throws: ``AuthError/notSignedIn``, ``AuthError/noEmailToVerify`` (before any call).
    public func callAsFunction() async throws(AuthError) -> String {
        guard let current = try await sessions.currentSession() else { throw .notSignedIn }
        guard let email = current.email, !email.isEmpty else { throw .noEmailToVerify }
        let accounts = self.accounts
        try await sessions.authorized { session throws(AuthError) in
            try await accounts.sendEmailVerification(for: session)
        }
        return email
    }
}

/// Marks an email as verified with the code from the mailed link. The link says nothing of whose account it is, so
/// the user need not be signed in.
public struct ApplyEmailVerificationUseCase: Sendable {
    private let accounts: any EmailVerificationService

    /// Creates the use case.
    public init(accounts: any EmailVerificationService) {
        self.accounts = accounts
    }

    /// Applies the code.
    /// - Returns: The email now verified.
    /// - Throws: ``AuthError/invalidVerificationLink``.
    public func callAsFunction(code: Secret) async throws(AuthError) -> String {
        return try await accounts.applyEmailVerification(code: code)
    }
}

/// Says whose password a reset link sets, without using its code: what a screen shows when the link is opened,
/// before it asks for a new password. A link that is no good is refused here, before the user types anything.
public struct CheckPasswordResetCodeUseCase: Sendable {
    private let accounts: any PasswordResetCodeService

    /// Creates the use case.
    public init(accounts: any PasswordResetCodeService) {
        self.accounts = accounts
    }

    /// Checks the code.
    /// - Returns: The email of the account whose password the code sets.
    /// - Throws: ``AuthError/invalidResetCode`` (an empty code, before any call), ``AuthError/resetCodeExpired``.
    public func callAsFunction(code: Secret) async throws(AuthError) -> String {
        guard !code.value.isEmpty else { throw .invalidResetCode }
        return try await accounts.checkPasswordResetCode(code)
    }
}

/// Sets a new password with the code from the mailed link.
///
/// A reset ends every session of the account, and the link does not say whose account it is. So when this device
/// is signed in, the use case has the session manager ask the backend about its session once more
/// (``SessionManager/recheck()``): if it was the account's, the backend refuses it and the manager signs out with
/// ``SignOutReason/sessionExpired``; another account's session goes on. Without that check the app would show a
/// signed-in user whose next call fails. A backend without a refresh (a team's API whose sessions expire) cannot be
/// asked, and the session is kept until its next call.
public struct ConfirmPasswordResetUseCase: Sendable {
    private let accounts: any PasswordResetService
    private let sessions: SessionManager

    /// Creates the use case.
    public init(accounts: any PasswordResetService, sessions: SessionManager) {
        self.accounts = accounts
        self.sessions = sessions
    }

    /// Resets the password, then checks this device's session as the type's description says.
    /// - Returns: This device's session afterwards; `nil` when signed out.
    /// - Throws: ``AuthError/weakPassword(_:)`` (before any call), ``AuthError/invalidResetCode``,
    ///   ``AuthError/resetCodeExpired``. A failed session check throws nothing: the password is set either way,
    ///   and a session the backend could not be asked about is kept.
    @discardableResult
    public func callAsFunction(code: Secret, newPassword: Secret) async throws(AuthError) -> UserSession? {
        guard !code.value.isEmpty else { throw .invalidResetCode }
        try PasswordPolicy.validate(newPassword.value)
        try await accounts.confirmPasswordReset(code: code, newPassword: newPassword)
        return await sessions.recheck()
    }
}

/// Why the Apple credential state is checked: what decides how loud the check is.
public enum AppleCredentialCheckTrigger: String, Hashable, Sendable, CaseIterable {
    /// The user asked (a "check" button, the CLI's command): every problem is an error.
    case userAsked
    /// The app launched: nothing to check (signed out, or no Apple identity) is not an error, and Apple
    /// unreachable keeps the session.
    case appLaunched
    /// The app came back to the foreground: as at launch.
    case appBecameActive
    /// Apple's `credentialRevokedNotification` arrived: the user is signed out without asking Apple again.
    case revocationNotified
}

/// Checks the signed-in user's Apple credential state (the KMP app); a revoked or unknown credential signs out with
/// ``SignOutReason/credentialRevoked``, which the auth state stream announces.
public struct CheckAppleCredentialUseCase: Sendable {
    private let checker: any AppleCredentialStateChecker
    private let sessions: SessionManager

    /// Creates the use case.
    public init(checker: any AppleCredentialStateChecker, sessions: SessionManager) {
        self.checker = checker
        self.sessions = sessions
    }

    /// Checks the state.
    /// - Parameter trigger: Why; only ``AppleCredentialCheckTrigger/userAsked`` reports problems as errors.
    /// - Returns: The state (``AppleCredentialState/revoked`` for a revocation notice); after
    ///   ``AppleCredentialState/revoked`` or ``AppleCredentialState/notFound`` the user is signed out with
    ///   ``SignOutReason/credentialRevoked``. `nil` when a launch or foreground check had nothing to check or
    ///   could not reach Apple (the session is kept), or a notice came for a session without Apple.
    /// - Throws: When the user asked: ``AuthError/notSignedIn``, ``AuthError/providerNotLinked(_:)`` when the account
    ///   has no Apple identity, the checker's error. Otherwise only a failure to sign out.
    @discardableResult
    public func callAsFunction(trigger: AppleCredentialCheckTrigger = .userAsked) async throws(AuthError)
        -> AppleCredentialState?
    {
        let quiet = trigger != .userAsked
        let current: UserSession?
        do {
            current = try await sessions.currentSession()
        } catch {
            if quiet { return nil }  // The stored session cannot be read now: nothing to sign out of.
            throw error
        }
        guard let current else {
            if quiet { return nil }
            throw .notSignedIn
        }
        let state: AppleCredentialState
        if trigger == .revocationNotified {
            guard current.providerIds.contains(.apple) else { return nil }
            state = .revoked
        } else {
            guard let appleUserID = current.providerUserIDs[ProviderType.apple.rawValue] else {
                if quiet { return nil }
                throw .providerNotLinked(.apple)
            }
            do {
                state = try await checker.credentialState(forUserID: appleUserID)
            } catch {
                if quiet { return nil }  // Offline at launch is not a revocation.
                throw error
            }
        }
        if state != .authorized {
            // Only the user the check was for: another may have signed in while Apple answered.
            let signedOut = try await sessions.signOut(reason: .credentialRevoked, ifSignedInAs: current.uid)
            if !signedOut && quiet { return nil }
        }
        return state
    }
}

/// Deletes the signed-in account (App Store Review Guideline 5.1.1(v)): its identities are removed, its tokens
/// revoked, and the user signed out. A sensitive operation: the backend wants a recent sign-in, which
/// ``Reauthentication`` asks for.
///
/// An account with an Apple identity is first signed in again with Apple, whatever the backend asks: Apple wants
/// the app's tokens revoked with the account, and revoking needs the fresh authorization code of that sign-in.
/// If the revocation fails, the account is not deleted.
public struct DeleteAccountUseCase: Sendable {
    private let accounts: any AccountDeletionService
    private let sessions: SessionManager
    private let reauthentication: Reauthentication

    /// Creates the use case.
    /// - Parameters:
    ///   - accounts: The account service.
    ///   - sessions: The session manager.
    ///   - authProviders: The providers the user can sign in again with when the backend asks for it.
    public init(
        accounts: any AccountDeletionService, sessions: SessionManager, authProviders: [any AuthProvider] = []
    ) {
        self.accounts = accounts
        self.sessions = sessions
        self.reauthentication = Reauthentication(authProviders: authProviders, sessions: sessions)
    }

    /// Deletes the account.
    /// - Parameters:
    ///   - uiClients: The screen's UI clients, to sign in again (with Apple always, for an account that has it;
    ///     otherwise if the backend asks for it).
    ///   - currentPassword: The account's password, to sign an email account in again if the backend asks.
    /// - Throws: ``AuthError/notSignedIn``, ``AuthError/recentSignInRequired(_:)`` when the user did not sign in
    ///   again, ``AuthError/userMismatch(_:)``, ``AuthError/providerRevocationFailed(_:)``; on any error the account
    ///   and the session stay.
    public func callAsFunction(uiClients: SignInUIClients = [:], currentPassword: Secret? = nil) async throws(AuthError)
    {
        guard let current = try await sessions.currentSession() else { throw .notSignedIn }
        let accounts = self.accounts
        if current.providerIds.contains(.apple) {
            let credential = try await reauthentication.signInAgain(with: .apple, uiClients: uiClients)
            guard let code = credential.authorizationCode, !code.value.isEmpty else {
                throw .providerRevocationFailed(.apple)
            }
            let revocation = ProviderRevocation(provider: .apple, authorizationCode: code)
            // The sign-in is recent now, and the code works once: no second sign-in and retry with the same code.
            try await sessions.authorized { session throws(AuthError) in
                try await accounts.deleteAccount(session, revoking: revocation)
            }
        } else {
            try await reauthentication.run(uiClients: uiClients, currentPassword: currentPassword) {
                session throws(AuthError) in
                try await accounts.deleteAccount(session, revoking: nil)
            }
        }
        try await sessions.signOut(reason: .accountDeleted)
    }
}
