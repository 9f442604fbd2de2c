#if canImport(AuthenticationServices)
    public import AuthenticationServices
    import Foundation
    public import SignInDomain

    /// The device's passkeys on Apple platforms (iOS 16+, macOS 13+; the package needs iOS 18 and macOS 15): the
    /// `PasskeyAuthenticator` of an app, through `ASAuthorizationPlatformPublicKeyCredentialProvider` and an
    /// `ASAuthorizationController` presented over the app's window. A humble shell: the requests come from the
    /// backend (through the passkey use cases), the sheet's answer goes through the same controller run and
    /// ``AuthorizationCallbackBridge`` as Sign in with Apple (resume exactly once), and every decision is
    /// ``PasskeyAuthorizationMapper``'s.
    ///
    /// The user's cancel is `PasskeyOutcome.cancelled`; a device without a passkey (or that cannot make
    /// one) throws `AuthError.noPasskeyAvailable`; a device that already holds one of the account's
    /// passkeys, `AuthError.passkeyAlreadyRegistered`; any other failure,
    /// `AuthError.uiClientFailed(_:reason:)` with `ProviderType.passkey`.
    ///
    /// **What the app needs.** The system makes and uses passkeys only for a relying party the app is associated
    /// with: the **Associated Domains** entitlement with `webcredentials:<rp id>` (`webcredentials:example.com`, the
    /// `relyingPartyID` the backend sends), and an `apple-app-site-association` file served at
    /// `https://<rp id>/.well-known/apple-app-site-association` listing the app (`{"webcredentials": {"apps":
    /// ["TEAMID.com.example.app"]}}`). Without them every request fails (`ASAuthorizationError` 1004, which becomes
    /// `uiClientFailed`).
    ///
    /// **Status.** Type-checked on Linux against the stand-ins of `Tools/AppleStandIns` (`.ci/typecheck-apple`); it has
    /// never run on a device or a simulator.
    ///
    /// ```swift
    /// let passkeys = PlatformPasskeyAuthenticator { window }
    /// let signIn = SignInWithPasskeyUseCase(passkeys: service, authenticator: passkeys, sessions: sessions)
    /// ```
    public final class PlatformPasskeyAuthenticator: PasskeyAuthenticator {
        private let presentationAnchor: @MainActor @Sendable () -> ASPresentationAnchor
        private let preferImmediatelyAvailableCredentials: Bool

        /// Creates the authenticator.
        /// - Parameters:
        ///   - preferImmediatelyAvailableCredentials: Whether a sign-in asks only for the passkeys on this device
        ///     (`ASAuthorizationController.RequestOptions.preferImmediatelyAvailableCredentials`, the default): a
        ///     device without one then says so at once (`AuthError.noPasskeyAvailable`), where iOS 18 would otherwise
        ///     end as if the user had cancelled. `false` lets the sheet offer another device's passkey by QR code.
        ///   - presentationAnchor: The window the passkey sheet is presented over.
        public init(
            preferImmediatelyAvailableCredentials: Bool = true,
            presentationAnchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor
        ) {
            self.preferImmediatelyAvailableCredentials = preferImmediatelyAvailableCredentials
            self.presentationAnchor = presentationAnchor
        }

        public func register(_ request: PasskeyCreationRequest) async throws(AuthError)
            -> PasskeyOutcome<PasskeyRegistration>
        {
            let result = await AuthorizationControllerRun.result(
                of: PasskeyAuthorizationMapper.bridge(for: PasskeyRegistration.self), anchor: presentationAnchor,
                requests: { [Self.registrationRequest(for: request)] },
                answer: { authorization in
                    guard
                        let credential = authorization.credential
                            as? ASAuthorizationPlatformPublicKeyCredentialRegistration
                    else { return PasskeyAuthorizationMapper.notAPasskey("registration") }
                    return PasskeyAuthorizationMapper.registration(
                        credentialID: credential.credentialID, clientDataJSON: credential.rawClientDataJSON,
                        attestationObject: credential.rawAttestationObject)
                },
                failure: { error, _ in .failed(PasskeyAuthorizationFailure(error: error)) })
            return try PasskeyAuthorizationMapper.outcome(for: result)
        }

        public func assert(_ request: PasskeyAssertionRequest) async throws(AuthError)
            -> PasskeyOutcome<PasskeyAssertion>
        {
            let allowed = request.allowedCredentialIDs
            let immediate = preferImmediatelyAvailableCredentials
            let result = await AuthorizationControllerRun.result(
                of: PasskeyAuthorizationMapper.bridge(for: PasskeyAssertion.self), anchor: presentationAnchor,
                options: immediate ? .preferImmediatelyAvailableCredentials : [],
                requests: { [Self.assertionRequest(for: request)] },
                answer: { authorization in
                    guard
                        let credential = authorization.credential
                            as? ASAuthorizationPlatformPublicKeyCredentialAssertion
                    else { return PasskeyAuthorizationMapper.notAPasskey("assertion") }
                    return PasskeyAuthorizationMapper.assertion(
                        credentialID: credential.credentialID, clientDataJSON: credential.rawClientDataJSON,
                        authenticatorData: credential.rawAuthenticatorData, signature: credential.signature,
                        userID: credential.userID, allowedCredentialIDs: allowed)
                },
                failure: { error, presented in
                    .failed(PasskeyAuthorizationFailure(error: error, immediateAndUnpresented: immediate && !presented))
                })
            return try PasskeyAuthorizationMapper.outcome(for: result)
        }

        /// The registration request: the challenge, the account's user handle and names, the passkeys the account
        /// already has (a device holding one of them answers 1006 instead of making a second), and whether the user
        /// must be verified.
        @MainActor
        private static func registrationRequest(for request: PasskeyCreationRequest) -> ASAuthorizationRequest {
            let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(
                relyingPartyIdentifier: request.relyingPartyID)
            let registration = provider.createCredentialRegistrationRequest(
                challenge: Data(request.challenge), name: request.userName, userID: Data(request.userID))
            registration.displayName = request.userDisplayName.isEmpty ? nil : request.userDisplayName
            registration.userVerificationPreference = verification(required: request.requiresUserVerification)
            registration.excludedCredentials = request.excludedCredentialIDs.map {
                ASAuthorizationPlatformPublicKeyCredentialDescriptor(credentialID: Data($0))
            }
            return registration
        }

        /// The assertion request: the challenge, the passkeys that may answer (none listed: any of the relying
        /// party's, chosen on the device), and whether the user must be verified.
        @MainActor
        private static func assertionRequest(for request: PasskeyAssertionRequest) -> ASAuthorizationRequest {
            let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(
                relyingPartyIdentifier: request.relyingPartyID)
            let assertion = provider.createCredentialAssertionRequest(challenge: Data(request.challenge))
            assertion.allowedCredentials = request.allowedCredentialIDs.map {
                ASAuthorizationPlatformPublicKeyCredentialDescriptor(credentialID: Data($0))
            }
            assertion.userVerificationPreference = verification(required: request.requiresUserVerification)
            return assertion
        }

        /// `required` when the backend needs the user verified (biometrics or the passcode), `preferred` otherwise.
        private static func verification(required: Bool)
            -> ASAuthorizationPublicKeyCredentialUserVerificationPreference
        {
            required ? .required : .preferred
        }
    }
#endif
