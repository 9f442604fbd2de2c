import Foundation
public import SignInDomain

/// Passkeys at the backend, as Identity Platform's v2 endpoints have them: `accounts/passkeyEnrollment:start` and
/// `:finalize`, `accounts/passkeySignIn:start` and `:finalize`, the `passkeyInfo` of `accounts:lookup`, and
/// `deletePasskey` of `accounts:update`. Binary fields travel base64url, as WebAuthn's JSON forms have them.
public protocol PasskeyBackend: Sendable {
    /// Starts registering a passkey for the account of `idToken`.
    /// - Throws: ``IdentityBackendError/Code/credentialTooOld`` when its sign-in is not recent,
    ///   ``IdentityBackendError/Code/unsupportedFirstFactor`` for a guest.
    func startPasskeyEnrollment(idToken: Secret) async throws -> PasskeyCreationRequest

    /// Sends the device's registration.
    /// - Throws: ``IdentityBackendError/Code/invalidPasskey`` (``IdentityBackendError/passkeyRejection`` says why),
    ///   ``IdentityBackendError/Code/passkeyAlreadyExists``.
    func finalizePasskeyEnrollment(idToken: Secret, registration: PasskeyRegistration, name: String)
        async throws -> BackendSessionResponse

    /// The account's passkeys.
    func passkeys(idToken: Secret) async throws -> [Passkey]

    /// Removes a passkey.
    /// - Throws: ``IdentityBackendError/Code/credentialTooOld``, ``IdentityBackendError/Code/passkeyNotFound``.
    func deletePasskey(idToken: Secret, credentialID: String) async throws -> BackendSessionResponse

    /// Starts a sign-in with any passkey of the relying party.
    func startPasskeySignIn() async throws -> PasskeyAssertionRequest

    /// Sends the device's assertion.
    /// - Throws: ``IdentityBackendError/Code/invalidPasskey``, ``IdentityBackendError/Code/passkeyNotFound``,
    ///   ``IdentityBackendError/Code/userDisabled``.
    func finalizePasskeySignIn(_ assertion: PasskeyAssertion) async throws -> BackendSessionResponse
}
