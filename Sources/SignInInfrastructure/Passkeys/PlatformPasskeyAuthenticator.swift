#if canImport(AuthenticationServices) && !os(watchOS)
    public import AuthenticationServices
    import Foundation
    public import SignInDomain

    /// The device's passkeys on Apple platforms: the `PasskeyAuthenticator` of an app, through
    /// `ASAuthorizationPlatformPublicKeyCredentialProvider` and an `ASAuthorizationController` over the app's window.
    /// A humble shell: the sheet's answer goes through the same controller run as Sign in with Apple, and every decision
    /// is ``PasskeyAuthorizationMapper``'s. The user's cancel is `PasskeyOutcome.cancelled`; no passkey on the device
    /// throws `AuthError.noPasskeyAvailable`; one the account already has, `AuthError.passkeyAlreadyRegistered`; any
    /// other failure, `AuthError.uiClientFailed(_:reason:)` with `ProviderType.passkey`.
    ///
    /// **What the app needs**: the Associated Domains entitlement `webcredentials:<rp id>` and the domain's
    /// `apple-app-site-association` file listing the app; without them every request fails (1004).
    ///
    /// **Status**: run on Linux against stand-ins as Apple documents them (`.ci/apple-behaviour`); never on a device.
    public final class PlatformPasskeyAuthenticator: PasskeyAuthenticator {
        private let presentationAnchor: @MainActor @Sendable () -> ASPresentationAnchor?
        private let preferImmediatelyAvailableCredentials: Bool

        /// Creates the authenticator.
        /// - Parameters:
        ///   - preferImmediatelyAvailableCredentials: Whether a sign-in asks only for this device's passkeys (the
        ///     default): one without any then says so (`AuthError.noPasskeyAvailable`) instead of iOS 18's cancel.
        ///     `false` lets the sheet offer another device's passkey by QR code.
        ///   - presentationAnchor: The window the sheet is presented over; `nil`, none: the request fails saying so.
        public init(
            preferImmediatelyAvailableCredentials: Bool = true,
            presentationAnchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor?
        ) {
            self.preferImmediatelyAvailableCredentials = preferImmediatelyAvailableCredentials
            self.presentationAnchor = presentationAnchor
        }

        public func register(_ request: PasskeyCreationRequest) async throws(AuthError)
            -> PasskeyOutcome<PasskeyRegistration>
        {
            let excluding = PasskeyAuthorizationFailure.excludes(request)
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
                failure: { error, _ in .failed(.init(error: error, excludedCredentials: excluding)) })
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

        /// The registration request: the challenge, the user handle and names, the passkeys the account already has
        /// (a device holding one answers 1006 instead of making a second), and whether the user must be verified.
        @MainActor
        private static func registrationRequest(for request: PasskeyCreationRequest) -> ASAuthorizationRequest {
            let provider = ASAuthorizationPlatformPublicKeyCredentialProvider(
                relyingPartyIdentifier: request.relyingPartyID)
            let registration = provider.createCredentialRegistrationRequest(
                challenge: Data(request.challenge), name: request.userName, userID: Data(request.userID))
            registration.displayName = request.userDisplayName.isEmpty ? nil : request.userDisplayName
            registration.userVerificationPreference = verification(required: request.requiresUserVerification)
            #if !os(tvOS) && !os(visionOS)  // unavailable there: a device holding one may make a second
                registration.excludedCredentials = request.excludedCredentialIDs.map {
                    ASAuthorizationPlatformPublicKeyCredentialDescriptor(credentialID: Data($0))
                }
            #endif
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
        private static func verification(required: Bool) -> ASAuthorizationPublicKeyCredentialUserVerificationPreference
        {
            required ? .required : .preferred
        }
    }
#endif
