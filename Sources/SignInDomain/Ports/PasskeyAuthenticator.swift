/// What the device's passkey sheet gave back: the result, or the user's cancel (which is not an error).
public enum PasskeyOutcome<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The user completed the sheet.
    case completed(Value)
    /// The user dismissed the sheet.
    case cancelled
}

/// The device's passkeys: makes one for a relying party and signs a challenge with one. On Apple platforms
/// Infrastructure implements it with `ASAuthorizationPlatformPublicKeyCredentialProvider`; the demo implements it
/// with a software authenticator; tests use the testing kit's double.
///
/// The protocol lives in Domain because the passkey use cases call it (ports live with their caller).
public protocol PasskeyAuthenticator: Sendable {
    /// Shows the device's sheet to create a passkey and waits for the user.
    /// - Returns: The registration, or ``PasskeyOutcome/cancelled`` (the user's cancel, or the waiting task's).
    /// - Throws: ``AuthError/noPasskeyAvailable`` when the device cannot make one, ``AuthError`` for other
    ///   failures.
    func register(_ request: PasskeyCreationRequest) async throws(AuthError) -> PasskeyOutcome<PasskeyRegistration>

    /// Shows the device's sheet to sign in with a passkey and waits for the user.
    /// - Returns: The assertion, or ``PasskeyOutcome/cancelled`` (the user's cancel, or the waiting task's).
    /// - Throws: ``AuthError/noPasskeyAvailable`` when the device holds no passkey for the relying party,
    ///   ``AuthError`` for other failures.
    func assert(_ request: PasskeyAssertionRequest) async throws(AuthError) -> PasskeyOutcome<PasskeyAssertion>
}

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
