import Foundation

/// The JSON bodies of Identity Toolkit v1 and the Secure Token API, field for field as Firebase's REST reference
/// names them. Optional fields that are `nil` are left out of a request.
enum FirebaseWire {
    // MARK: Requests

    /// `accounts:signUp`: a guest with no fields, an email/password account, or (with `idToken`) email and
    /// password linked to the signed-in user.
    struct SignUpRequest: Encodable {
        var email: String?
        var password: String?
        var idToken: String?
        var returnSecureToken = true
        var tenantId: String?
    }

    /// `accounts:signInWithCustomToken`.
    struct CustomTokenSignInRequest: Encodable {
        var token: String
        var returnSecureToken = true
        var tenantId: String?
    }

    /// `accounts:signInWithPassword`.
    struct PasswordSignInRequest: Encodable {
        var email: String
        var password: String
        var returnSecureToken = true
        var tenantId: String?
    }

    /// `accounts:signInWithIdp`: `postBody` carries the provider's credential, form-encoded; `idToken` links it to
    /// the signed-in user; `autoCreate: false` refuses to create an account (a re-authentication).
    struct IdPSignInRequest: Encodable {
        var requestUri: String
        var postBody: String
        var returnSecureToken = true
        var returnIdpCredential = true
        var idToken: String?
        var autoCreate: Bool?
        var tenantId: String?
        /// Signs in to the account a refused link named, in place of the identity token.
        var pendingToken: String?
    }

    /// `accounts:lookup` and `accounts:delete`.
    struct IDTokenRequest: Encodable {
        var idToken: String
        var tenantId: String?
    }

    /// `accounts:revokeToken` (v2): revoke an identity provider's token of the user, here Apple's authorization code.
    struct RevokeTokenRequest: Encodable {
        var idToken: String
        var providerId: String
        var tokenType: String
        var token: String
        var tenantId: String?
    }

    /// `accounts:update`: a new password, or providers to unlink.
    struct UpdateRequest: Encodable {
        var idToken: String
        var password: String?
        var email: String?
        var displayName: String?
        var photoUrl: String?
        var deleteAttribute: [String]?
        var deleteProvider: [String]?
        var deletePasskey: [String]?
        var returnSecureToken = true
        var tenantId: String?
    }

    /// `accounts:sendOobCode` for a password-reset mail.
    struct OOBCodeRequest: Encodable {
        var requestType = "PASSWORD_RESET"
        var email: String
        var tenantId: String?
    }

    /// `accounts:sendOobCode` for a sign-in link: where it continues, a link the app handles itself.
    struct SignInLinkRequest: Encodable {
        var requestType = "EMAIL_SIGNIN"
        var email: String
        var continueUrl: String?
        var canHandleCodeInApp = true
        var tenantId: String?
    }

    /// `accounts:sendVerificationCode`: the number, and the app's proof (a reCAPTCHA token, or the receipt of the
    /// app's APNs token and the secret pushed to it).
    struct SendVerificationCodeRequest: Encodable {
        var phoneNumber: String
        var recaptchaToken: String?
        var iosReceipt: String?
        var iosSecret: String?
        var tenantId: String?
    }

    /// What `accounts:sendVerificationCode` answers.
    struct SendVerificationCodeAnswer: Decodable {
        var sessionInfo: String
    }

    /// `accounts:signInWithPhoneNumber`: the verification and its code; with `idToken`, a link to that account.
    struct PhoneSignInRequest: Encodable {
        var sessionInfo: String
        var code: String
        var idToken: String?
        var tenantId: String?
    }

    /// `accounts:signInWithEmailLink`: the link's code and the email it was mailed to.
    struct EmailLinkSignInRequest: Encodable {
        var email: String
        var oobCode: String
        var returnSecureToken = true
        var tenantId: String?
    }

    /// `accounts:sendOobCode` for a verification mail to the signed-in user's email.
    struct VerifyEmailRequest: Encodable {
        var requestType = "VERIFY_EMAIL"
        var idToken: String
        var tenantId: String?
    }

    /// What `accounts:update` answers when it applied a verification code.
    struct ApplyCodeAnswer: Decodable {
        var email: String?
        var emailVerified: Bool?
    }

    /// `accounts:resetPassword` with the code alone (a check), or `accounts:update` applying a verification code.
    struct CodeRequest: Encodable {
        var oobCode: String
        var tenantId: String?
    }

    /// What `accounts:resetPassword` answers: the email of the account whose password the code sets.
    struct ResetCodeAnswer: Decodable {
        var email: String?
        var requestType: String?
    }

    /// `accounts:resetPassword`.
    struct ResetPasswordRequest: Encodable {
        var oobCode: String
        var newPassword: String
        var tenantId: String?
    }

    /// The `user` field of an Apple first sign-in's `postBody`, which Firebase reads the name from.
    struct AppleUser: Encodable {
        struct Name: Encodable {
            var firstName: String?
            var lastName: String?
        }
        var name: Name
        var email: String?
    }

    // MARK: Answers

    /// The answer of every call that signs in (`signUp`, `signInWithPassword`, `signInWithIdp`, `update`).
    /// `signInWithIdp` may answer HTTP 200 with `errorMessage`, or with `needConfirmation`, and no tokens.
    struct SignInAnswer: Decodable {
        var localId: String?
        var email: String?
        var displayName: String?
        var photoUrl: String?
        var idToken: String?
        var refreshToken: String?
        var expiresIn: FlexibleInt?
        var isNewUser: Bool?
        var errorMessage: String?
        var needConfirmation: Bool?
        var providerUserInfo: [ProviderUserInfo]?
        /// With `FEDERATED_USER_ID_ALREADY_LINKED`: the identity token and the pending token that sign in to the
        /// account that has the identity.
        var oauthIdToken: String?
        var pendingToken: String?
        /// For an account with second factors: what finishes the sign-in, instead of tokens.
        var mfaPendingCredential: String?
        var mfaInfo: [MFAEnrollment]?
        /// With a phone number another account has, from a link (`accounts:signInWithPhoneNumber` with `idToken`):
        /// the number's temporary proof and the number, instead of tokens.
        var temporaryProof: String?
        var phoneNumber: String?
    }

    /// One enrolled second factor (`mfaInfo`): a TOTP factor has `totpInfo`, an SMS one `phoneInfo`.
    struct MFAEnrollment: Decodable {
        var mfaEnrollmentId: String
        var displayName: String?
        var enrolledAt: String?
        var totpInfo: [String: FlexibleInt]?
        var phoneInfo: String?
    }

    /// `accounts/mfaEnrollment:start` for TOTP.
    struct StartTOTPEnrollmentRequest: Encodable {
        struct Empty: Encodable {}
        var idToken: String
        var totpEnrollmentInfo = Empty()
        var tenantId: String?
    }

    /// Its answer.
    struct StartTOTPEnrollmentAnswer: Decodable {
        struct Info: Decodable {
            var sharedSecretKey: String
            var verificationCodeLength: FlexibleInt?
            var hashingAlgorithm: String?
            var periodSec: FlexibleInt?
            var sessionInfo: String
            var finalizeEnrollmentTime: String?
        }
        var totpSessionInfo: Info
    }

    /// A TOTP code, and the enrolment it confirms (none at sign-in).
    struct TOTPVerificationInfo: Encodable {
        var sessionInfo: String?
        var verificationCode: String
    }

    /// `accounts/mfaEnrollment:finalize`.
    struct FinalizeTOTPEnrollmentRequest: Encodable {
        var idToken: String
        var displayName: String?
        var totpVerificationInfo: TOTPVerificationInfo
        var tenantId: String?
    }

    /// The phone and the app's proof of `phoneEnrollmentInfo` and `phoneSignInInfo`.
    struct PhoneInfo: Encodable {
        var phoneNumber: String?
        var recaptchaToken: String?
        var iosReceipt: String?
        var iosSecret: String?
    }

    /// `accounts/mfaEnrollment:start` for a phone.
    struct StartPhoneEnrollmentRequest: Encodable {
        var idToken: String
        var phoneEnrollmentInfo: PhoneInfo
        var tenantId: String?
    }

    /// What `accounts/mfaEnrollment:start` answers for a phone (`phoneSessionInfo`), and `accounts/mfaSignIn:start`
    /// (`phoneResponseInfo`).
    struct PhoneStartAnswer: Decodable {
        struct SessionInfo: Decodable { var sessionInfo: String }
        var phoneSessionInfo: SessionInfo?
        var phoneResponseInfo: SessionInfo?
    }

    /// `phoneVerificationInfo`: the session info and the code sent with it.
    struct PhoneVerificationInfo: Encodable {
        var sessionInfo: String
        var code: String
    }

    /// `accounts/mfaEnrollment:finalize` for a phone.
    struct FinalizePhoneEnrollmentRequest: Encodable {
        var idToken: String
        var displayName: String?
        var phoneVerificationInfo: PhoneVerificationInfo
        var tenantId: String?
    }

    /// `accounts/mfaSignIn:start` for a phone factor.
    struct StartPhoneSignInRequest: Encodable {
        var mfaPendingCredential: String
        var mfaEnrollmentId: String
        var phoneSignInInfo: PhoneInfo
        var tenantId: String?
    }

    /// `accounts/mfaSignIn:finalize` for a phone factor.
    struct FinalizePhoneSignInRequest: Encodable {
        var mfaPendingCredential: String
        var phoneVerificationInfo: PhoneVerificationInfo
        var tenantId: String?
    }

    /// `accounts/mfaEnrollment:withdraw`.
    struct WithdrawRequest: Encodable {
        var idToken: String
        var mfaEnrollmentId: String
        var tenantId: String?
    }

    /// `accounts/mfaSignIn:finalize`.
    struct FinalizeSignInRequest: Encodable {
        var mfaPendingCredential: String
        var mfaEnrollmentId: String
        var totpVerificationInfo: TOTPVerificationInfo
        var tenantId: String?
    }

    /// The answer of the finalizing calls: new tokens.
    struct TokensAnswer: Decodable {
        var idToken: String
        var refreshToken: String
    }

    /// One provider linked to an account.
    struct ProviderUserInfo: Decodable {
        var providerId: String
        var rawId: String?
        var federatedId: String?
        var email: String?
    }

    /// `accounts:lookup`.
    struct LookupAnswer: Decodable {
        var users: [User]?
    }

    /// An account as `accounts:lookup` describes it.
    struct User: Decodable {
        var localId: String
        var email: String?
        var displayName: String?
        var photoUrl: String?
        var providerUserInfo: [ProviderUserInfo]?
        var mfaInfo: [MFAEnrollment]?
        var passkeyInfo: [PasskeyInfo]?
    }

    /// A passkey as `accounts:lookup` lists it.
    struct PasskeyInfo: Decodable {
        var name: String?
        var credentialId: String
    }

    /// The Secure Token API's answer, in snake case.
    struct RefreshAnswer: Decodable {
        var idToken: String
        var refreshToken: String
        var expiresIn: FlexibleInt
        var userId: String?

        enum CodingKeys: String, CodingKey {
            case idToken = "id_token"
            case refreshToken = "refresh_token"
            case expiresIn = "expires_in"
            case userId = "user_id"
        }
    }

    /// The error envelope: `{"error": {"code": 400, "message": "CODE : detail"}}`.
    struct ErrorEnvelope: Decodable {
        struct Body: Decodable {
            var code: Int?
            var message: String?
        }
        var error: Body
    }

    /// A count of seconds that Firebase sends as a string (`"3600"`); a JSON number is read too.
    struct FlexibleInt: Decodable {
        var value: Int

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                value = number
            } else if let parsed = Int(try container.decode(String.self)) {
                value = parsed
            } else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a whole number")
            }
        }
    }
}
