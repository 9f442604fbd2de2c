public import SignInDomain

/// The key of a user-facing message: one per `AuthError` case and `IdentityTokenRejection`.
public enum MessageKey: String, Hashable, Sendable, CaseIterable {
    case providerNotConfigured
    case authProviderMissing
    case missingIdentityToken
    case tokenMalformed
    case tokenExpired
    case tokenNotYetValid
    case tokenBadSignature
    case tokenUnsupportedAlgorithm
    case tokenWrongIssuer
    case tokenWrongAudience
    case tokenReplayed
    case tokenNonceMismatch
    case uiClientFailed
    case network
    case sessionStorage
    case backend
    case backendStorage
    case unexpected
    case notSignedIn
    case signedOutByUser
    case sessionExpired
    case storedSessionUnreadable
    case unauthorized
    case credentialRevoked
    case accountDeleted
    case invalidEmail
    case passwordTooShort
    case passwordAllSame
    case wrongCredentials
    case emailNotFound
    case wrongPassword
    case invalidPhotoURL
    case emailAlreadyInUse
    case credentialAlreadyInUse
    case providerAlreadyLinked
    case providerNotLinked
    case cannotUnlinkLastProvider
    case linkNotSupported
    case invalidResetCode
    case resetCodeExpired
    case invalidDeepLink
    case passwordTooLong
    case recentSignInRequired
    case userMismatch
    case tooManyAttempts
    case tooManyResetEmails
    case refreshTokenSuperseded
    case passwordRecordDamaged
    case operationNotAllowed
    case userDisabled
    case invalidCustomToken
    case invalidVerificationLink
    case noEmailToVerify
    case accountDisabled
    case accountExistsWithDifferentCredential
    case tokenRejected
    case passwordRejectedByBackend
    case notSupportedByBackend
    case providerRevocationFailed
    case secondFactorRequired
    case invalidSecondFactorCode
    case secondFactorChallengeExpired
    case secondFactorEnrollmentExpired
    case secondFactorNotFound
    case secondFactorChoiceRequired
    case lastSecondFactor
    case tooManySecondFactorAttempts
    case secondFactorNeedsPermanentAccount
    case invalidRecoveryCode
    case recoveryCodesNeedSecondFactor
    case featureRecoveryCodes
    case oidcDiscoveryFailed
    case oidcIssuerMismatch
    case oidcInsecureEndpoint
    case oidcRedirectUnavailable
    case oidcStateMismatch
    case oidcAuthorizationRefused
    case oidcCodeExchangeFailed
    case oidcClientAuthenticationFailed
    case oidcClientAuthenticationUnsupported
    case oidcTimedOut
    case passkeyChallengeExpired
    case passkeyWrongRelyingParty
    case passkeyBadSignature
    case passkeyCloned
    case passkeyUserNotVerified
    case passkeyUnsupported
    case passkeyMalformed
    case passkeyNotFound
    case passkeyAlreadyRegistered
    case passkeyNeedsPermanentAccount
    case noPasskeyAvailable
    case tooManyPasskeys
    case invalidSignInLink
    case signInLinkExpired
    case signInLinkEmailMismatch
    case signInLinkNeedsEmail
    case invalidPhoneNumber
    case invalidPhoneCode
    case phoneCodeExpired
    case phoneNumberAlreadyInUse
    case phoneRegionNotAllowed
    case tooManyPhoneCodes
    case secondFactorNeedsVerifiedEmail
    case phoneFactorAlreadyEnrolled
    /// An operation's name, not a message: "Sign in with {provider}", as a backend that lacks it is named.
    case signInWithProvider
    /// What a backend may lack, as ``notSupportedByBackend``'s `{operation}` names it.
    case featureGuestSignIn
    case featureLinking
    case featureUnlinking
    case featurePasswordChange
    case featureEmailVerification
    case featureProfileUpdate
    case featurePasswordReset
    case featureAccountDeletion
    case featureSecondFactors
    case featurePasskeys
    case featureEmailLinkSignIn
    case featurePhoneSignIn
    /// How a passkey is named where a provider's name goes ("Sign in with {provider}").
    case passkeyProviderName
    /// How a phone number is named where a provider's name goes.
    case phoneProviderName

    /// The key of a sign-out reason's message.
    public static func signOut(_ reason: SignOutReason) -> MessageKey {
        switch reason {
        case .userRequested: .signedOutByUser
        case .sessionExpired: .sessionExpired
        case .storedSessionUnreadable: .storedSessionUnreadable
        case .unauthorized: .unauthorized
        case .credentialRevoked: .credentialRevoked
        case .accountDeleted: .accountDeleted
        case .accountDisabled: .accountDisabled
        }
    }

    /// The key of an OpenID Connect failure's message.
    public static func openIDConnect(_ failure: OpenIDConnectFailure) -> MessageKey {
        switch failure {
        case .discoveryFailed: .oidcDiscoveryFailed
        case .issuerMismatch: .oidcIssuerMismatch
        case .insecureEndpoint: .oidcInsecureEndpoint
        case .redirectUnavailable: .oidcRedirectUnavailable
        case .stateMismatch: .oidcStateMismatch
        case .authorizationRefused: .oidcAuthorizationRefused
        case .codeExchangeFailed: .oidcCodeExchangeFailed
        case .clientAuthenticationFailed: .oidcClientAuthenticationFailed
        case .clientAuthenticationUnsupported: .oidcClientAuthenticationUnsupported
        case .timedOut: .oidcTimedOut
        }
    }

    /// The key of a passkey rejection's message.
    public static func passkey(_ rejection: PasskeyRejection) -> MessageKey {
        switch rejection {
        case .challengeExpired: .passkeyChallengeExpired
        case .wrongRelyingParty: .passkeyWrongRelyingParty
        case .badSignature: .passkeyBadSignature
        case .clonedAuthenticator: .passkeyCloned
        case .userNotVerified: .passkeyUserNotVerified
        case .unsupported: .passkeyUnsupported
        case .malformed: .passkeyMalformed
        }
    }

    /// The key of a token rejection's message.
    public static func rejection(_ rejection: IdentityTokenRejection) -> MessageKey {
        switch rejection {
        case .malformed: .tokenMalformed
        case .expired: .tokenExpired
        case .notYetValid: .tokenNotYetValid
        case .badSignature: .tokenBadSignature
        case .unsupportedAlgorithm: .tokenUnsupportedAlgorithm
        case .wrongIssuer: .tokenWrongIssuer
        case .wrongAudience: .tokenWrongAudience
        case .replayed: .tokenReplayed
        case .nonceMismatch: .tokenNonceMismatch
        case .rejected: .tokenRejected
        }
    }
}
