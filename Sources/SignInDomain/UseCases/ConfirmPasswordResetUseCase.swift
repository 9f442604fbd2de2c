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
