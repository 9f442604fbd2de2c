public import Foundation

/// Every way a sign-in can fail, as one typed error whose cases carry what is needed to recover.
///
/// A user's cancel is not an error: it is ``SignInResult/cancelled``. User-facing text for each case
/// lives in the Presentation layer; ``description`` here is for developers and never contains a token.
public enum AuthError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No UI client is configured for the provider (the app did not add one to the builder).
    case providerNotConfigured(ProviderType)
    /// No ``AuthProvider`` is configured for the provider.
    case authProviderMissing(ProviderType)
    /// The provider's UI returned no identity token.
    case missingIdentityToken(ProviderType)
    /// The backend rejected the identity token; the rejection says why.
    case invalidIdentityToken(IdentityTokenRejection)
    /// The provider's UI (the system sheet, the terminal prompt) failed for a reason other than a cancel.
    case uiClientFailed(ProviderType, reason: String)
    /// The backend could not be reached.
    case network(reason: String)
    /// The session could not be read or written on this device.
    case sessionStorage(reason: String)
    /// The backend answered with an error this version does not know yet; `code` is the backend's own.
    case backend(code: String, message: String)
    /// The identity backend's own storage failed; nothing was changed.
    case backendStorage(BackendStorageFailure)
    /// Anything else; `reason` is a developer-facing description.
    case unexpected(reason: String)
    /// The operation needs a signed-in user and there is none.
    case notSignedIn
    /// The session ended while the operation ran, or because of it; the reason says why.
    case signedOut(SignOutReason)
    /// The backend no longer accepts the refresh token (used, revoked, or its account is gone).
    case refreshTokenRejected
    /// The stored session could not be read (corrupt, empty, or written by a newer version). It was moved
    /// aside to `movedTo`, never deleted, and the app starts signed out.
    case storedSessionDiscarded(movedTo: String, reason: String)
    /// The email address is not well formed (checked before any call).
    case invalidEmail
    /// The password breaks the password policy (checked before any call).
    case weakPassword(PasswordRule)
    /// The email and password do not match an account. An unknown email and a wrong password give this same
    /// error, so that nobody can learn which emails have accounts.
    case wrongCredentials
    /// No account signs in with this email. Only a backend whose project lets clients learn which emails have
    /// accounts (email enumeration protection off) tells this apart from ``wrongCredentials``.
    case emailNotFound
    /// The password is not the account's. Only a backend whose project lets clients learn which emails have
    /// accounts (email enumeration protection off) tells this apart from ``wrongCredentials``.
    case wrongPassword
    /// A profile photo's URL that is not an `http` or `https` URL (``PhotoURL``).
    case invalidPhotoURL
    /// The email already belongs to an account.
    case emailAlreadyInUse(String)
    /// The credential belongs to another account. Recover by signing in with it:
    /// `SignInUseCase.signIn(with:)`.
    case credentialAlreadyInUse(AuthCredential)
    /// The provider is already linked to this account.
    case providerAlreadyLinked(ProviderType)
    /// The provider is not linked to this account.
    case providerNotLinked(ProviderType)
    /// The account's last provider cannot be unlinked: the user could not sign in again.
    case cannotUnlinkLastProvider
    /// The provider's `AuthProvider` cannot link.
    case linkNotSupported(ProviderType)
    /// The password-reset code is unknown or already used.
    case invalidResetCode
    /// The password-reset code has expired.
    case resetCodeExpired
    /// A deep link the app cannot open; the text says what is wrong.
    case invalidDeepLink(String)
    /// The operation is sensitive (deleting the account, changing the password, unlinking a provider) and the
    /// session's sign-in is older than the backend allows. Recover by signing in again with `provider`: the
    /// account use cases do it by themselves when the screen has that provider's UI client.
    case recentSignInRequired(ProviderType)
    /// A re-authentication signed in to another account than the current one; nothing changed.
    case userMismatch(ProviderType)
    /// Too many password attempts for this email; the backend waits before checking another.
    case tooManyAttempts
    /// Too many password-reset emails were asked for (for this account, or from this address); the backend sends no
    /// more for a while. The ones already sent still work.
    case tooManyResetEmails
    /// The refresh token was exchanged moments ago by another process; the session it produced should be
    /// adopted. ``SessionManager`` handles this; callers see it only if no newer session could be found.
    case refreshTokenSuperseded
    /// The account's stored password record is damaged and was not used; a password reset replaces it.
    case passwordRecordDamaged
    /// The backend does not allow this sign-in method or operation (Firebase's `OPERATION_NOT_ALLOWED` when the
    /// method is off in the console, `ADMIN_ONLY_OPERATION` when clients may not create accounts).
    case operationNotAllowed(ProviderType)
    /// The account is disabled by an administrator; it cannot sign in, and its sessions end.
    case userDisabled
    /// The email-verification link is unknown, used or expired: asking for a new one sends another.
    case invalidVerificationLink
    /// The account has no email to verify (a guest, or a provider that gave none).
    case noEmailToVerify
    /// The custom token from the team's own server was refused: malformed, expired, signed with another key or for
    /// another project. Signing in at the team's server again gives a new one.
    case invalidCustomToken
    /// An account with this email already exists with another sign-in method (Firebase's `needConfirmation`):
    /// sign in with that method first, then link this one.
    case accountExistsWithDifferentCredential(email: String)
    /// Deleting the account needs the provider (Apple) to revoke this app's access first, and it did not: the
    /// authorization code was refused, missing, or the provider could not be reached. The account was not deleted.
    case providerRevocationFailed(ProviderType)
    /// The identity backend does not offer the feature at all (a team's own REST API without guest accounts,
    /// Sign in with Apple or linking, say): no retry helps.
    case notSupportedByBackend(BackendFeature)
    /// The account has second factors: the sign-in stopped after its first step and waits for a code.
    /// ``SignInUseCase`` returns it as ``SignInResult/secondFactorRequired(_:)``; finish it with
    /// ``FinishSecondFactorSignInUseCase``.
    case secondFactorRequired(SecondFactorChallenge)
    /// The one-time code is not the authenticator's code for now: wrong, already used, from another account's secret,
    /// or too old. A new code may be tried.
    case invalidSecondFactorCode
    /// The sign-in waiting for a second factor expired or was already finished: sign in again.
    case secondFactorChallengeExpired
    /// The authenticator's enrolment was not confirmed in time: start it again.
    case secondFactorEnrollmentExpired
    /// The account has no such second factor.
    case secondFactorNotFound
    /// The account has more than one second factor, and the code was sent without saying which one it is from:
    /// choose one of the challenge's ``SecondFactorChallenge/factors``. Nothing was sent to the backend.
    case secondFactorChoiceRequired
    /// Removing the account's last second factor turns two-step sign-in off: confirm it first.
    case lastSecondFactor
    /// Too many wrong codes for this account; the backend waits before checking another.
    case tooManySecondFactorAttempts
    /// A guest account cannot have second factors: link a permanent way to sign in first.
    case secondFactorNeedsPermanentAccount
    /// The recovery code is not one of the account's unused codes: mistyped, already used, or from a set that was
    /// replaced.
    case invalidRecoveryCode
    /// Recovery codes stand in for a second factor: the account has none, so there is nothing to recover.
    case recoveryCodesNeedSecondFactor
    /// The OpenID Connect sign-in with the provider stopped before an identity token came back: what went wrong is
    /// the ``OpenIDConnectFailure``. (A token that came back and was refused is ``invalidIdentityToken(_:)``.)
    case openIDConnect(ProviderType, OpenIDConnectFailure)
    /// The backend refused the device's passkey proof: why is the ``PasskeyRejection``. Nobody was signed in and no
    /// passkey was added.
    case passkeyRejected(PasskeyRejection)
    /// No account has this passkey (it was removed, or made for another app), or the account has no passkey of this
    /// id.
    case passkeyNotFound
    /// The account already has this device's passkey.
    case passkeyAlreadyRegistered
    /// A guest account cannot have passkeys: link a permanent way to sign in first.
    case passkeyNeedsPermanentAccount
    /// The device has no passkey for this app, or cannot make one.
    case noPasskeyAvailable
    /// The account has as many passkeys as the backend allows: remove one before adding another.
    case tooManyPasskeys
    /// The sign-in link (or the code in its mail) is unknown or was already used: ask for a new link.
    case invalidSignInLink
    /// The sign-in link has expired: ask for a new one.
    case signInLinkExpired
    /// The sign-in link was mailed to another email than the one given: type the email the link was sent to.
    case signInLinkEmailMismatch
    /// The link was opened where nobody asked for it (another device, or after the app forgot the email): the user
    /// types the email it was sent to, as a proof that the link is theirs. Nothing was sent to the backend.
    case signInLinkNeedsEmail
    /// Not a phone number in international form (E.164: `+`, the country calling code, the number); a national form
    /// such as `(555) 555-0100` is refused, since its country cannot be known. Nothing was sent.
    case invalidPhoneNumber
    /// The code typed is not the one sent by SMS. A few wrong codes end the verification.
    case invalidPhoneCode
    /// The SMS code expired, was used, or was typed wrong too often: ask for a new one.
    case phoneCodeExpired
    /// Another account signs in with this phone number: it cannot be linked to this one.
    case phoneNumberAlreadyInUse
    /// The project sends no SMS to numbers of this country (its SMS region policy). Nothing was sent.
    case phoneRegionNotAllowed
    /// Too many SMS were asked for (for this number, its range, from this app, or by the whole project today), or too
    /// many codes tried: wait, then ask for a new code.
    case tooManyPhoneCodes
    /// A phone second factor needs the account's email verified first (Firebase's rule): verify it, then enrol.
    case secondFactorNeedsVerifiedEmail
    /// This number is already one of the account's second factors.
    case phoneFactorAlreadyEnrolled

    public var description: String {
        switch self {
        case .providerNotConfigured(let provider):
            "No UI client is configured for \(provider)."
        case .authProviderMissing(let provider):
            "No AuthProvider is configured for \(provider)."
        case .missingIdentityToken(let provider):
            "The \(provider) credential has no identity token."
        case .invalidIdentityToken(let rejection):
            "The identity token was rejected: \(rejection.rawValue)."
        case .uiClientFailed(let provider, let reason):
            "The \(provider) UI client failed: \(reason)"
        case .network(let reason):
            "Network error: \(reason)"
        case .sessionStorage(let reason):
            "Session storage error: \(reason)"
        case .backendStorage(let failure):
            "The backend's storage failed (\(failure.kind.rawValue)): \(failure.reason)"
        case .backend(let code, let message):
            "Backend error \(code): \(message)"
        case .unexpected(let reason):
            "Unexpected error: \(reason)"
        case .notSignedIn:
            "No user is signed in."
        case .signedOut(let reason):
            "Signed out: \(reason.rawValue)."
        case .refreshTokenRejected:
            "The refresh token was rejected."
        case .storedSessionDiscarded(let movedTo, let reason):
            "The stored session was unreadable (\(reason)) and was moved to \(movedTo)."
        case .invalidEmail: "The email address is not valid."
        case .weakPassword(let rule): "The password breaks the policy: \(rule.rawValue)."
        case .wrongCredentials: "Wrong email or password."
        case .emailNotFound: "No account signs in with this email."
        case .wrongPassword: "Wrong password."
        case .invalidPhotoURL: "The photo URL is not an http or https URL."
        case .emailAlreadyInUse(let email): "\(email) already belongs to an account."
        case .credentialAlreadyInUse(let credential):
            "The \(credential.provider) credential belongs to another account."
        case .providerAlreadyLinked(let provider): "\(provider) is already linked."
        case .providerNotLinked(let provider): "\(provider) is not linked."
        case .cannotUnlinkLastProvider: "The last provider cannot be unlinked."
        case .linkNotSupported(let provider): "\(provider) cannot be linked."
        case .invalidResetCode: "The reset code is unknown or used."
        case .resetCodeExpired: "The reset code has expired."
        case .invalidDeepLink(let detail): "Invalid deep link: \(detail)"
        case .recentSignInRequired(let provider): "The operation needs a recent sign-in with \(provider)."
        case .userMismatch(let provider): "The \(provider) credential belongs to another account."
        case .tooManyAttempts: "Too many password attempts; try again later."
        case .tooManyResetEmails: "Too many password-reset emails were asked for; try again later."
        case .refreshTokenSuperseded: "The refresh token was already exchanged by another process."
        case .passwordRecordDamaged: "The stored password record is damaged."
        case .operationNotAllowed(let provider): "The backend does not allow \(provider) here."
        case .userDisabled: "The account is disabled."
        case .invalidCustomToken: "The custom token was refused."
        case .invalidVerificationLink: "The email-verification link is unknown, used or expired."
        case .noEmailToVerify: "The account has no email to verify."
        case .accountExistsWithDifferentCredential(let email):
            "\(email) already has an account with another sign-in method."
        case .notSupportedByBackend(let feature): "The identity backend does not offer \(feature)."
        case .providerRevocationFailed(let provider):
            "\(provider) did not revoke the app's access; the account was not deleted."
        case .secondFactorRequired: "The account asks for a second factor."
        case .invalidSecondFactorCode: "The one-time code is not valid."
        case .secondFactorChallengeExpired: "The sign-in waiting for a second factor expired or was finished."
        case .secondFactorEnrollmentExpired: "The authenticator's enrolment was not confirmed in time."
        case .secondFactorNotFound: "The account has no such second factor."
        case .secondFactorChoiceRequired: "The account has more than one second factor; the code's was not chosen."
        case .lastSecondFactor: "Removing the last second factor turns two-step sign-in off; it must be confirmed."
        case .tooManySecondFactorAttempts: "Too many wrong one-time codes; try again later."
        case .secondFactorNeedsPermanentAccount: "A guest account cannot have second factors."
        case .invalidRecoveryCode: "The recovery code is not one of the account's unused codes."
        case .recoveryCodesNeedSecondFactor: "The account has no second factor, so it has no recovery codes."
        case .openIDConnect(let provider, let failure):
            "The OpenID Connect sign-in with \(provider) failed: \(failure.rawValue)."
        case .passkeyRejected(let rejection): "The backend refused the passkey: \(rejection.rawValue)."
        case .passkeyNotFound: "No account has this passkey."
        case .passkeyAlreadyRegistered: "The account already has this device's passkey."
        case .passkeyNeedsPermanentAccount: "A guest account cannot have passkeys."
        case .noPasskeyAvailable: "The device has no passkey for this app."
        case .tooManyPasskeys: "The account has as many passkeys as it may have."
        case .invalidSignInLink: "The sign-in link is unknown or already used."
        case .signInLinkExpired: "The sign-in link has expired."
        case .signInLinkEmailMismatch: "The sign-in link was sent to another email."
        case .signInLinkNeedsEmail: "The sign-in link needs the email it was sent to."
        case .invalidPhoneNumber: "The phone number is not in international form (+, country code, number)."
        case .invalidPhoneCode: "The code is not the one sent by SMS."
        case .phoneCodeExpired: "The SMS code has expired or was used."
        case .phoneNumberAlreadyInUse: "Another account signs in with this phone number."
        case .phoneRegionNotAllowed: "The project sends no SMS to numbers of this country."
        case .tooManyPhoneCodes: "Too many SMS codes were asked for or tried."
        case .secondFactorNeedsVerifiedEmail: "A phone second factor needs a verified email."
        case .phoneFactorAlreadyEnrolled: "This number is already one of the account's second factors."
        }
    }
}

extension AuthError {
    /// Why this error ends the session when a call made for the signed-in user gets it, or `nil` when it does not:
    /// the account is gone or disabled, or its refresh token is refused. (An expired or revoked ID token,
    /// ``signedOut(_:)`` with ``SignOutReason/sessionExpired``, is first answered with one refresh.)
    public var sessionEndReason: SignOutReason? {
        switch self {
        case .refreshTokenRejected: .sessionExpired
        case .userDisabled: .accountDisabled
        case .signedOut(.accountDeleted): .accountDeleted
        default: nil
        }
    }
}

/// Why a backend refused an identity token. Each reason has its own user-facing message.
public enum IdentityTokenRejection: String, Hashable, Sendable, CaseIterable {
    /// Not a well-formed JWT (wrong number of parts, bad base64url, bad JSON, missing claims).
    case malformed
    /// The `exp` claim has passed.
    case expired
    /// The `iat` claim lies in the future, beyond the allowed clock skew.
    case notYetValid
    /// The signature does not verify with the issuer's key.
    case badSignature
    /// The `alg` header is not the one the backend accepts (for example `none`).
    case unsupportedAlgorithm
    /// The `iss` claim is not the expected issuer.
    case wrongIssuer
    /// The `aud` claim is not this app.
    case wrongAudience
    /// The token's nonce was already used: a replay.
    case replayed
    /// The SHA-256 of the raw nonce does not match the token's `nonce` claim.
    case nonceMismatch
    /// The backend refused the token without saying which check failed (Firebase's `INVALID_IDP_RESPONSE`).
    case rejected
}

/// Why an OpenID Connect sign-in (discovery, the browser's authorization, the code's exchange) stopped before the
/// provider handed over an identity token.
public enum OpenIDConnectFailure: String, Hashable, Sendable, CaseIterable {
    /// The provider's configuration (`/.well-known/openid-configuration`) could not be fetched or read.
    case discoveryFailed
    /// The configuration names another issuer than the one registered (OpenID Connect Discovery §4.3), or the
    /// redirect named another issuer (RFC 9207): someone else's configuration, refused.
    case issuerMismatch
    /// An endpoint of the provider is not `https` (plain `http` is taken on this machine's loopback only).
    case insecureEndpoint
    /// No redirect could be received: the loopback listener could not be opened, or the browser is unavailable.
    case redirectUnavailable
    /// The redirect's `state` is not the one this sign-in sent: a forged or stale redirect, refused before the code
    /// is used.
    case stateMismatch
    /// The provider answered the authorization with an error other than the user's refusal.
    case authorizationRefused
    /// The token endpoint refused the code (wrong, used, expired, or the PKCE verifier did not match).
    case codeExchangeFailed
    /// The token endpoint refused the app itself (`invalid_client`): the provider wants the app's client secret, or
    /// the client id is not one it knows.
    case clientAuthenticationFailed
    /// The app has a client secret, but the provider takes it neither with HTTP Basic nor in the form (its
    /// `token_endpoint_auth_methods_supported`): refused before the user is sent to sign in.
    case clientAuthenticationUnsupported
    /// Nobody completed the sign-in in the browser in time.
    case timedOut
}

/// Why a backend refused a passkey's registration or sign-in (the WebAuthn relying party's checks).
public enum PasskeyRejection: String, Hashable, Sendable, CaseIterable {
    /// The challenge is unknown, was already used, or expired: start again.
    case challengeExpired
    /// The proof was made for another site or app (its origin or relying party id is not this backend's).
    case wrongRelyingParty
    /// The signature does not verify with the passkey's public key.
    case badSignature
    /// The authenticator's signature counter went back: the passkey may have been copied.
    case clonedAuthenticator
    /// The device did not report the user present and verified.
    case userNotVerified
    /// The passkey uses an algorithm or attestation the backend does not take (ES256 with `none` or self attestation
    /// is required).
    case unsupported
    /// The device's answer is not well formed.
    case malformed
}

extension AuthError: LocalizedError {
    /// The developer's description, so that `localizedDescription` says what happened instead of Foundation's "The
    /// operation could not be completed". A screen shows the Presentation layer's message, in the user's language.
    public var errorDescription: String? { description }
}
