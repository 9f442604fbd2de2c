/// Passkeys at the backend: the relying party's side. The Data layer implements it where the backend has passkeys
/// (Identity Platform's `accounts/passkeyEnrollment:*` and `accounts/passkeySignIn:*`, the embedded backend).
public protocol PasskeyService: Sendable {
    /// Starts registering a passkey for the session's account: a fresh challenge.
    /// - Throws: ``AuthError/recentSignInRequired(_:)`` when the session's sign-in is not recent.
    func startRegistration(for session: UserSession) async throws(AuthError) -> PasskeyCreationRequest

    /// Sends the device's registration: the backend checks it and keeps the passkey's public key.
    /// - Returns: The session afterwards.
    /// - Throws: ``AuthError/passkeyRejected(_:)`` (an expired or used challenge among the reasons),
    ///   ``AuthError/passkeyAlreadyRegistered``, ``AuthError/tooManyPasskeys``.
    func finishRegistration(_ registration: PasskeyRegistration, name: String, for session: UserSession)
        async throws(AuthError) -> UserSession

    /// The account's passkeys.
    func passkeys(for session: UserSession) async throws(AuthError) -> [Passkey]

    /// Removes a passkey. A sensitive operation: the backend wants a recent sign-in.
    /// - Returns: The session afterwards.
    /// - Throws: ``AuthError/recentSignInRequired(_:)``, ``AuthError/passkeyNotFound``.
    func removePasskey(id: String, for session: UserSession) async throws(AuthError) -> UserSession

    /// Starts a sign-in with a passkey: a fresh challenge, for any passkey of the relying party.
    func startSignIn() async throws(AuthError) -> PasskeyAssertionRequest

    /// Sends the device's assertion: the backend checks it and signs the passkey's account in.
    /// - Throws: ``AuthError/passkeyRejected(_:)``, ``AuthError/passkeyNotFound`` (no account has the credential).
    func finishSignIn(_ assertion: PasskeyAssertion) async throws(AuthError) -> UserSession
}
