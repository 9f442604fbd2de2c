public import SignInDomain

/// An error answer from an identity backend: a code (Firebase style, `INVALID_IDP_RESPONSE`) and a
/// message for developers. ``toDomain(provider:)`` maps the known codes to `AuthError`; an unknown code is kept
/// as `AuthError/backend(code:message:)` so that nothing is lost.
public struct IdentityBackendError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The backend's error code.
    public var code: Code
    /// A developer-facing message.
    public var message: String
    /// The email the answer is about, where the app needs it to recover (an account that exists with another
    /// sign-in method).
    public var email: String?
    /// With a refused link of an identity another account has (`FEDERATED_USER_ID_ALREADY_LINKED`), what the backend
    /// returned to sign in to that account instead: the identity token (Firebase's `oauthIdToken`) and the
    /// `pendingToken`. With a refused link of a phone number another account has (`PHONE_NUMBER_EXISTS`), the
    /// `pendingToken` is the number's temporary proof, and `phoneNumber` the number.
    public var returnedIDToken: Secret?
    public var pendingToken: Secret?
    public var phoneNumber: String?
    /// With ``Code/secondFactorRequired``: what finishes the sign-in (the pending credential and the account's
    /// factors).
    public var secondFactor: BackendSecondFactorChallenge?

    /// Creates an error.
    public init(_ code: Code, message: String = "", email: String? = nil) {
        self.code = code
        self.message = message
        self.email = email
    }

    public var description: String { "\(code.rawValue): \(message)" }

    /// With ``Code/invalidPasskey``: which check failed, when the backend said; `nil` otherwise.
    public var passkeyRejection: PasskeyRejection?

    /// A refused passkey: the code ``Code/invalidPasskey``, the reason as a value, and a detail for developers.
    public static func passkey(_ rejection: PasskeyRejection, _ detail: String) -> IdentityBackendError {
        var error = IdentityBackendError(.invalidPasskey, message: detail)
        error.passkeyRejection = rejection
        return error
    }

    /// A backend error code. Open, like `ProviderType`: a backend may answer with one not listed.
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The identity token is not a well-formed JWT with the required claims.
        public static let malformedIdToken = Code(rawValue: "MALFORMED_ID_TOKEN")
        /// The identity token has expired.
        public static let idTokenExpired = Code(rawValue: "ID_TOKEN_EXPIRED")
        /// The identity token was issued in the future.
        public static let idTokenNotYetValid = Code(rawValue: "ID_TOKEN_NOT_YET_VALID")
        /// The identity token's signature does not verify.
        public static let invalidSignature = Code(rawValue: "INVALID_SIGNATURE")
        /// The identity token's `alg` is not accepted.
        public static let unsupportedAlgorithm = Code(rawValue: "UNSUPPORTED_ALGORITHM")
        /// The identity token's issuer is wrong.
        public static let invalidIssuer = Code(rawValue: "INVALID_ISSUER")
        /// The identity token's audience is wrong.
        public static let invalidAudience = Code(rawValue: "INVALID_AUDIENCE")
        /// The identity token's nonce was already used.
        public static let nonceAlreadyUsed = Code(rawValue: "NONCE_ALREADY_USED")
        /// The raw nonce does not hash to the token's nonce.
        public static let nonceMismatch = Code(rawValue: "NONCE_MISMATCH")
        /// The request had no identity token.
        public static let missingIdToken = Code(rawValue: "MISSING_ID_TOKEN")
        /// The backend does not know the provider.
        public static let unsupportedProvider = Code(rawValue: "OPERATION_NOT_ALLOWED")
        /// The refresh token is unknown, already used, or revoked.
        public static let invalidRefreshToken = Code(rawValue: "INVALID_REFRESH_TOKEN")
        /// The account behind a token no longer exists.
        public static let userNotFound = Code(rawValue: "USER_NOT_FOUND")
        /// The backend could not read or write its own data.
        public static let storageUnavailable = Code(rawValue: "STORAGE_UNAVAILABLE")
        /// The backend's own data is damaged, not its own, or written by a newer version: it was left untouched.
        public static let storageDamaged = Code(rawValue: "STORAGE_DAMAGED")
        /// The session's ID token is not valid (expired, forged, or its account is gone).
        public static let invalidIDToken = Code(rawValue: "INVALID_ID_TOKEN")
        /// The email already belongs to an account.
        public static let emailExists = Code(rawValue: "EMAIL_EXISTS")
        /// Unknown email or wrong password: one code for both.
        public static let invalidLoginCredentials = Code(rawValue: "INVALID_LOGIN_CREDENTIALS")
        /// The email is not well formed.
        public static let invalidEmail = Code(rawValue: "INVALID_EMAIL")
        /// The password breaks the backend's policy.
        public static let weakPassword = Code(rawValue: "WEAK_PASSWORD")
        /// The identity belongs to another account.
        public static let credentialAlreadyInUse = Code(rawValue: "CREDENTIAL_ALREADY_IN_USE")
        /// The account already has this provider.
        public static let providerAlreadyLinked = Code(rawValue: "PROVIDER_ALREADY_LINKED")
        /// The account does not have this provider.
        public static let noSuchProvider = Code(rawValue: "NO_SUCH_PROVIDER")
        /// The account's last provider cannot be unlinked.
        public static let lastProvider = Code(rawValue: "LAST_PROVIDER")
        /// The reset code is unknown or used.
        public static let invalidOOBCode = Code(rawValue: "INVALID_OOB_CODE")
        /// The reset code has expired.
        public static let expiredOOBCode = Code(rawValue: "EXPIRED_OOB_CODE")
        /// The operation is sensitive and the session's sign-in is not recent: sign in again first.
        public static let credentialTooOld = Code(rawValue: "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
        /// A re-authentication's credential belongs to another account than the session's (or to none).
        public static let userMismatch = Code(rawValue: "USER_MISMATCH")
        /// Too many password attempts for this email: the backend waits before checking another.
        public static let tooManyAttempts = Code(rawValue: "TOO_MANY_ATTEMPTS_TRY_LATER")
        /// The refresh token was exchanged moments ago (within the backend's grace window), most likely by
        /// another process of the same app: the newer session should be adopted, not signed out.
        public static let refreshTokenAlreadyRotated = Code(rawValue: "REFRESH_TOKEN_ALREADY_ROTATED")
        /// A signing key in the backend's own state is missing, short or damaged; the backend stops.
        public static let invalidKey = Code(rawValue: "INVALID_KEY")
        /// A stored record breaks its bounds (a password hash's parameters, say) and was not used.
        public static let damagedRecord = Code(rawValue: "DAMAGED_RECORD")
        /// The account is disabled by an administrator.
        public static let userDisabled = Code(rawValue: "USER_DISABLED")
        /// The custom token is malformed, expired or not signed with a key the backend accepts.
        public static let invalidCustomToken = Code(rawValue: "INVALID_CUSTOM_TOKEN")
        /// The custom token is for another project.
        public static let credentialMismatch = Code(rawValue: "CREDENTIAL_MISMATCH")
        /// An administrator chose a uid that is empty or longer than 128 characters.
        public static let invalidLocalID = Code(rawValue: "INVALID_LOCAL_ID")
        /// An administrator chose a uid another account has.
        public static let duplicateLocalID = Code(rawValue: "DUPLICATE_LOCAL_ID")
        /// A password was given without an email to sign in with.
        public static let missingEmail = Code(rawValue: "MISSING_EMAIL")
        /// Custom claims that are not a JSON object.
        public static let invalidClaims = Code(rawValue: "INVALID_CLAIMS")
        /// Custom claims longer than 1,000 characters.
        public static let claimsTooLarge = Code(rawValue: "CLAIMS_TOO_LARGE")
        /// Custom claims that name a claim the ID token has of its own.
        public static let forbiddenClaim = Code(rawValue: "FORBIDDEN_CLAIM")
        /// The session's credential is no longer valid: expired, or revoked by a password change (Firebase).
        public static let tokenExpired = Code(rawValue: "TOKEN_EXPIRED")
        /// The password breaks the project's password policy (Firebase, with a policy configured).
        public static let passwordDoesNotMeetRequirements = Code(rawValue: "PASSWORD_DOES_NOT_MEET_REQUIREMENTS")
        /// The nonce is missing, or the raw nonce does not hash to the token's (Firebase).
        public static let missingOrInvalidNonce = Code(rawValue: "MISSING_OR_INVALID_NONCE")
        /// The identity provider's token was refused, without naming the check (Firebase).
        public static let invalidIdPResponse = Code(rawValue: "INVALID_IDP_RESPONSE")
        /// The identity provider's account is linked to another account (Firebase's name for
        /// ``credentialAlreadyInUse`` when linking).
        public static let federatedUserIdAlreadyLinked = Code(rawValue: "FEDERATED_USER_ID_ALREADY_LINKED")
        /// The project does not let clients do this (Firebase: sign-up turned off for clients).
        public static let adminOnlyOperation = Code(rawValue: "ADMIN_ONLY_OPERATION")
        /// Too many reset mails were asked for this email (Firebase's `RESET_PASSWORD_EXCEED_LIMIT`).
        public static let resetPasswordExceedLimit = Code(rawValue: "RESET_PASSWORD_EXCEED_LIMIT")
        /// A photo URL that is not an `http` or `https` URL (Firebase's `INVALID_PHOTO_URL`).
        public static let invalidPhotoURL = Code(rawValue: "INVALID_PHOTO_URL")
        /// No account has this email (older Firebase projects, without email enumeration protection).
        public static let emailNotFound = Code(rawValue: "EMAIL_NOT_FOUND")
        /// The password is wrong (older Firebase projects, without email enumeration protection).
        public static let invalidPassword = Code(rawValue: "INVALID_PASSWORD")
        /// An account with the identity's email exists with another sign-in method (Firebase answers
        /// `needConfirmation: true`); ``IdentityBackendError/email`` names it.
        public static let needConfirmation = Code(rawValue: "NEED_CONFIRMATION")
        /// The backend does not offer what the call needs (a team's own REST API asked to revoke Sign in with Apple,
        /// say): `AuthError/notSupportedByBackend(_:)` with signing in with the call's provider.
        public static let notSupportedByBackend = Code(rawValue: "NOT_SUPPORTED_BY_BACKEND")
        /// The identity provider did not revoke the app's tokens before an account deletion (the authorization
        /// code was unknown, used, expired or another user's); the account was not deleted. Ours: Firebase's own
        /// answers to `accounts:revokeToken` are carried in the message.
        public static let idpRevocationFailed = Code(rawValue: "IDP_REVOCATION_FAILED")
        /// The first step of a sign-in succeeded and the account has second factors: ``IdentityBackendError/secondFactor``
        /// holds what finishes it. Ours: Firebase answers such a sign-in with `mfaPendingCredential` instead of tokens.
        public static let secondFactorRequired = Code(rawValue: "SECOND_FACTOR_REQUIRED")
        /// The one-time code is wrong, used, or out of its time window (Firebase's `INVALID_CODE`).
        public static let invalidCode = Code(rawValue: "INVALID_CODE")
        /// The recovery code is not one of the account's unused codes.
        public static let invalidRecoveryCode = Code(rawValue: "INVALID_RECOVERY_CODE")
        /// The pending credential of a sign-in waiting for a second factor is unknown, used or expired.
        public static let invalidMFAPendingCredential = Code(rawValue: "INVALID_MFA_PENDING_CREDENTIAL")
        /// The account has no second factor with this id.
        public static let mfaEnrollmentNotFound = Code(rawValue: "MFA_ENROLLMENT_NOT_FOUND")
        /// The enrolment being finalized is unknown or expired.
        public static let invalidSessionInfo = Code(rawValue: "INVALID_SESSION_INFO")
        /// The account's way of signing in cannot have second factors (a guest; Firebase's
        /// `UNSUPPORTED_FIRST_FACTOR`).
        public static let unsupportedFirstFactor = Code(rawValue: "UNSUPPORTED_FIRST_FACTOR")
        /// The passkey's registration or assertion failed the relying party's checks:
        /// ``IdentityBackendError/passkeyRejection`` says which, when the backend said.
        public static let invalidPasskey = Code(rawValue: "INVALID_PASSKEY")
        /// No account has the passkey, or the account has no passkey of this id.
        public static let passkeyNotFound = Code(rawValue: "PASSKEY_NOT_FOUND")
        /// No account has the passkey a sign-in names: Firebase's word for ``passkeyNotFound`` at a sign-in.
        public static let passkeyCredentialNotFound = Code(rawValue: "PASSKEY_CREDENTIAL_NOT_FOUND")
        /// A phone number's temporary proof is not this backend's, is for another number, was used, or expired.
        public static let invalidTemporaryProof = Code(rawValue: "INVALID_TEMPORARY_PROOF")
        /// The account already has this credential.
        public static let passkeyAlreadyExists = Code(rawValue: "PASSKEY_ALREADY_EXISTS")
        /// The backend cannot check signatures (no cryptographic library): its failure, not the request's.
        public static let signatureCheckUnavailable = Code(rawValue: "SIGNATURE_CHECK_UNAVAILABLE")
        /// The account has as many passkeys as the backend allows.
        public static let tooManyPasskeys = Code(rawValue: "TOO_MANY_PASSKEYS")
        /// The project's quota (here, of SMS per day) is used up.
        public static let quotaExceeded = Code(rawValue: "QUOTA_EXCEEDED")
        /// Not a phone number in E.164 (`+`, the country calling code, the number).
        public static let invalidPhoneNumber = Code(rawValue: "INVALID_PHONE_NUMBER")
        /// The SMS code's session is over: the code expired, or too many wrong codes were tried.
        public static let sessionExpired = Code(rawValue: "SESSION_EXPIRED")
        /// A session cookie's lifetime is outside what the backend issues (five minutes to two weeks).
        public static let invalidDuration = Code(rawValue: "INVALID_DURATION")
        /// A batch names no uid, or more than the backend takes at once.
        public static let localIdListExceedsLimit = Code(rawValue: "LOCAL_ID_LIST_EXCEEDS_LIMIT")
        /// Another account signs in with this phone number.
        public static let phoneNumberExists = Code(rawValue: "PHONE_NUMBER_EXISTS")
        /// The project (or the tenant) has sign-in turned off altogether.
        public static let projectDisabled = Code(rawValue: "PROJECT_DISABLED")
        /// The project (or the tenant) does not let anyone sign in with a password.
        public static let passwordLoginDisabled = Code(rawValue: "PASSWORD_LOGIN_DISABLED")
        /// The request names one tenant and its token, path or body another.
        public static let tenantIdMismatch = Code(rawValue: "TENANT_ID_MISMATCH")
        /// An import lists no account, or more than the backend takes at once.
        public static let missingUserAccount = Code(rawValue: "MISSING_USER_ACCOUNT")
        /// An import's `hashAlgorithm` is missing where an entry gives a `passwordHash`, or is not one the backend
        /// checks.
        public static let invalidHashAlgorithm = Code(rawValue: "INVALID_HASH_ALGORITHM")
        /// An import's hash key (`signerKey`) is missing where its algorithm needs one, or is too long.
        public static let invalidHashKey = Code(rawValue: "INVALID_HASH_KEY")
        /// An import's `rounds` is missing or outside its algorithm's bounds.
        public static let invalidHashRounds = Code(rawValue: "INVALID_HASH_ROUNDS")
        /// An import's scrypt memory cost is missing or outside its bounds.
        public static let invalidHashMemoryCost = Code(rawValue: "INVALID_HASH_MEMORY_COST")
        /// An import's scrypt block size is missing or outside its bounds.
        public static let invalidHashBlockSize = Code(rawValue: "INVALID_HASH_BLOCK_SIZE")
        /// An import's scrypt parallelization is missing or outside its bounds.
        public static let invalidHashParallelization = Code(rawValue: "INVALID_HASH_PARALLELIZATION")
        /// An import's scrypt derived key length is missing or outside its bounds.
        public static let invalidHashDerivedKeyLength = Code(rawValue: "INVALID_HASH_DERIVED_KEY_LENGTH")
        /// An import's salt separator is too long.
        public static let invalidHashSaltSeparator = Code(rawValue: "INVALID_HASH_SALT_SEPARATOR")
        /// Two accounts of one import share an email.
        public static let duplicateEmail = Code(rawValue: "DUPLICATE_EMAIL")
        /// Two accounts of one import share an identity at a provider.
        public static let duplicateRawID = Code(rawValue: "DUPLICATE_RAW_ID")
        /// A second factor is asked for before the account's email is verified.
        public static let unverifiedEmail = Code(rawValue: "UNVERIFIED_EMAIL")
        /// The account already has this second factor.
        public static let secondFactorExists = Code(rawValue: "SECOND_FACTOR_EXISTS")
        /// A second factor's phone number is missing or not in E.164.
        public static let invalidMFAPhoneNumber = Code(rawValue: "INVALID_MFA_PHONE_NUMBER")
        /// A second factor has no enrolment id where one is required.
        public static let invalidMFAEnrollmentID = Code(rawValue: "INVALID_MFA_ENROLLMENT_ID")
        /// Two second factors of one account share an enrolment id.
        public static let duplicateMFAEnrollmentID = Code(rawValue: "DUPLICATE_MFA_ENROLLMENT_ID")
        /// A blocking function failed, passed its deadline, or answered what cannot be used.
        public static let blockingFunctionErrorResponse = Code(rawValue: "BLOCKING_FUNCTION_ERROR_RESPONSE")
        /// A custom token names no uid.
        public static let missingIdentifier = Code(rawValue: "MISSING_IDENTIFIER")
        /// The request names a tenant the project does not have.
        public static let tenantNotFound = Code(rawValue: "TENANT_NOT_FOUND")
    }

    /// The answer to a sign-in of an account with second factors.
    public static func secondFactorRequired(_ challenge: BackendSecondFactorChallenge) -> IdentityBackendError {
        var error = IdentityBackendError(.secondFactorRequired, message: "the account asks for a second factor")
        error.secondFactor = challenge
        return error
    }

    /// The `AuthError` this answer means.
    public func toDomain(provider: ProviderType) -> AuthError {
        switch code {
        case .malformedIdToken: .invalidIdentityToken(.malformed)
        case .idTokenExpired: .invalidIdentityToken(.expired)
        case .idTokenNotYetValid: .invalidIdentityToken(.notYetValid)
        case .invalidSignature: .invalidIdentityToken(.badSignature)
        case .unsupportedAlgorithm: .invalidIdentityToken(.unsupportedAlgorithm)
        case .invalidIssuer: .invalidIdentityToken(.wrongIssuer)
        case .invalidAudience: .invalidIdentityToken(.wrongAudience)
        case .nonceAlreadyUsed: .invalidIdentityToken(.replayed)
        case .nonceMismatch: .invalidIdentityToken(.nonceMismatch)
        case .missingIdToken: .missingIdentityToken(provider)
        case .unsupportedProvider, .adminOnlyOperation, .projectDisabled, .passwordLoginDisabled:
            .operationNotAllowed(provider)
        case .invalidRefreshToken: .refreshTokenRejected
        case .userNotFound: .signedOut(.accountDeleted)
        case .userDisabled: .userDisabled
        case .invalidCustomToken, .credentialMismatch, .missingIdentifier: .invalidCustomToken
        case .invalidIDToken, .tokenExpired: .signedOut(.sessionExpired)
        case .invalidLoginCredentials: .wrongCredentials
        case .emailNotFound: .emailNotFound
        case .invalidPassword: .wrongPassword
        case .invalidPhotoURL: .invalidPhotoURL
        case .invalidEmail: .invalidEmail
        case .weakPassword: .weakPassword(.tooShort)
        case .passwordDoesNotMeetRequirements: .weakPassword(.rejectedByBackend)
        case .missingOrInvalidNonce: .invalidIdentityToken(.nonceMismatch)
        case .invalidIdPResponse: .invalidIdentityToken(.rejected)
        case .needConfirmation: .accountExistsWithDifferentCredential(email: email ?? "")
        case .providerAlreadyLinked: .providerAlreadyLinked(provider)
        case .noSuchProvider: .providerNotLinked(provider)
        case .lastProvider: .cannotUnlinkLastProvider
        case .invalidOOBCode: .invalidResetCode
        case .expiredOOBCode: .resetCodeExpired
        case .credentialTooOld: .recentSignInRequired(provider)
        case .userMismatch: .userMismatch(provider)
        case .tooManyAttempts: .tooManyAttempts
        case .resetPasswordExceedLimit: .tooManyResetEmails
        case .refreshTokenAlreadyRotated: .refreshTokenSuperseded
        case .damagedRecord: .passwordRecordDamaged
        case .notSupportedByBackend: .notSupportedByBackend(.signIn(provider))
        case .idpRevocationFailed: .providerRevocationFailed(provider)
        case .secondFactorRequired:
            secondFactor.map { .secondFactorRequired($0.domain(provider: provider)) }
                ?? .backend(code: code.rawValue, message: message)
        case .invalidCode: .invalidSecondFactorCode
        case .invalidRecoveryCode: .invalidRecoveryCode
        case .invalidMFAPendingCredential: .secondFactorChallengeExpired
        case .mfaEnrollmentNotFound: .secondFactorNotFound
        case .invalidSessionInfo: .secondFactorEnrollmentExpired
        case .unsupportedFirstFactor: .secondFactorNeedsPermanentAccount
        case .invalidPasskey: .passkeyRejected(passkeyRejection ?? .malformed)
        case .passkeyNotFound, .passkeyCredentialNotFound: .passkeyNotFound
        case .passkeyAlreadyExists: .passkeyAlreadyRegistered
        case .tooManyPasskeys: .tooManyPasskeys
        case .storageUnavailable, .invalidKey:
            .backendStorage(BackendStorageFailure(kind: .unavailable, reason: message))
        case .storageDamaged: .backendStorage(BackendStorageFailure(kind: .damaged, reason: message))
        default: .backend(code: code.rawValue, message: message)
        }
    }
}
