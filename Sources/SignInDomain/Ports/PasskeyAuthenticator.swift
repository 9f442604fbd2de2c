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
