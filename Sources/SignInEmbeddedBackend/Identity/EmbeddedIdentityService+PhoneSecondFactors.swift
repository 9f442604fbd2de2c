import Foundation
import SignInCrypto
public import SignInData
public import SignInDomain
import SignInEmbeddedStore
import SignInJOSE

/// Phone numbers as second factors, beside TOTP (Identity Platform's `phoneEnrollmentInfo` and `phoneSignInInfo`):
/// enrolling sends a code by SMS to the number, and the code confirms it; signing in with the factor sends a code to
/// its number after the first step, and that code, with the pending credential, ends the sign-in.
///
/// A factor's code is bound to its account (and, at sign-in, to the factor): it proves nothing else, and no phone
/// sign-in takes it. The codes follow the phone sign-in's rules: 6 digits, once, for ``smsCodeLifetime``, ended
/// after ``maximumSMSCodeAttempts`` wrong ones, and limited per number and per client. Enrolling needs a verified
/// email, a recent sign-in, and a first factor other than the phone itself (a number that signs in cannot also be
/// the second proof).
extension EmbeddedIdentityService {
    /// Starts enrolling `phoneNumber` as a second factor of the signed-in account: sends it a code, and returns the
    /// session info that goes with it.
    /// - Throws: `UNVERIFIED_EMAIL`, `UNSUPPORTED_FIRST_FACTOR` (a guest, or a session signed in by phone),
    ///   `CREDENTIAL_TOO_OLD_LOGIN_AGAIN`, `INVALID_PHONE_NUMBER`, `SECOND_FACTOR_EXISTS` (the number is already one
    ///   of its factors), the ID token's refusals, and the SMS limits.
    public func startPhoneEnrollment(idToken: Secret, phoneNumber: String) throws(IdentityBackendError) -> Secret {
        let now = clock.now()
        let account = try storage.read { state throws(IdentityBackendError) in
            let (account, claims) = try authenticate(idToken, state: state, now: now)
            try Self.requirePhoneFactorEligible(account, claims: claims)
            try requireRecentSignIn(claims, account: account, now: now)
            return account
        }
        let number = try Self.checkedPhoneNumber(phoneNumber)
        guard !(account.secondFactors ?? []).contains(where: { $0.phoneNumber == number }) else {
            throw IdentityBackendError(.secondFactorExists, message: Self.secondFactorExistsWords)
        }
        return try sendSMSCode(to: number, secondFactorOf: account.uid)
    }

    /// Confirms a phone factor with the code sent to it: the factor is added, and the caller's session is issued
    /// again, as after a TOTP enrolment (without recovery codes).
    /// - Throws: `INVALID_SESSION_INFO` (unknown, used, another account's, or a sign-in's code), `SESSION_EXPIRED`,
    ///   `INVALID_CODE`, `SECOND_FACTOR_EXISTS`, the ID token's refusals.
    public func finalizePhoneEnrollment(idToken: Secret, sessionInfo: Secret, code: Secret, displayName: String?)
        throws(IdentityBackendError) -> BackendTOTPEnrollmentResult
    {
        let now = clock.now()
        let fresh = Fresh(self)
        let id = random.string(count: 16, alphabet: Self.factorIDAlphabet)
        let key = SHA256.hexDigest(sessionInfo.value)
        let outcome: Result<BackendSessionResponse, IdentityBackendError> = try storage.update { state in
            do throws(IdentityBackendError) {
                var (account, claims) = try authenticate(idToken, state: state, now: now)
                let pending = state.identity.passwordResetCodes[key]
                guard pending?.smsSecondFactorOf == account.uid, pending?.smsEnrollmentID == nil else {
                    throw IdentityBackendError(.invalidSessionInfo, message: "no such enrolment for this account")
                }
                let record = try useSMSCode(code, sessionInfo: sessionInfo, now: now, state: &state).get()
                guard let number = record.smsPhoneNumber else {
                    throw IdentityBackendError(.invalidSessionInfo, message: "no such enrolment for this account")
                }
                guard !(account.secondFactors ?? []).contains(where: { $0.phoneNumber == number }) else {
                    throw IdentityBackendError(.secondFactorExists, message: Self.secondFactorExistsWords)
                }
                let factor = TOTPFactorRecord(
                    id: id, displayName: Self.boundedName(displayName), enrolledAt: now, sealedSecret: "",
                    lastUsedStep: 0, phoneNumber: number)
                account.secondFactors = (account.secondFactors ?? []) + [factor]
                state.identity.accounts[account.uid] = account
                return .success(
                    try reissueSession(
                        for: account, provider: claims.signInProvider, replacing: claims, secondFactor: id,
                        fresh: fresh, now: now, state: &state))
            } catch {
                // A wrong code's count is kept: the update is returned, not thrown away.
                return .failure(error)
            }
        }
        // Phone factors bring no recovery codes.
        return BackendTOTPEnrollmentResult(session: try outcome.get())
    }

    /// The second step of a sign-in with a phone factor: sends a code to the factor's number, and returns the
    /// session info that goes with it. The pending credential is checked, not used.
    /// - Throws: `INVALID_MFA_PENDING_CREDENTIAL`, `MFA_ENROLLMENT_NOT_FOUND` (no such factor, or a TOTP one), the
    ///   SMS limits.
    public func startPhoneSecondFactorSignIn(pendingCredential: Secret, enrollmentID: String)
        throws(IdentityBackendError) -> Secret
    {
        let now = clock.now()
        let (uid, number) = try storage.read { state throws(IdentityBackendError) in
            let (_, account) = try acceptPendingCredential(pendingCredential, state: state, now: now)
            guard let number = account.secondFactors?.first(where: { $0.id == enrollmentID })?.phoneNumber else {
                throw IdentityBackendError(.mfaEnrollmentNotFound, message: "the account has no such phone factor")
            }
            return (account.uid, number)
        }
        return try sendSMSCode(to: number, secondFactorOf: uid, enrollmentID: enrollmentID)
    }

    /// Ends a sign-in with the code sent to a phone factor: the session, as a TOTP code's would be, naming the
    /// factor (`sign_in_second_factor: phone`). The pending credential then works no more.
    /// - Throws: `INVALID_MFA_PENDING_CREDENTIAL`, `INVALID_SESSION_INFO` (unknown, used, or another account's or
    ///   factor's code), `SESSION_EXPIRED`, `INVALID_CODE`, `USER_DISABLED`.
    public func finalizePhoneSecondFactorSignIn(pendingCredential: Secret, sessionInfo: Secret, code: Secret)
        throws(IdentityBackendError) -> BackendSessionResponse
    {
        let now = clock.now()
        let fresh = Fresh(self)
        let key = SHA256.hexDigest(sessionInfo.value)
        let outcome: Result<BackendSessionResponse, IdentityBackendError> = try storage.update { state in
            do throws(IdentityBackendError) {
                let (claims, account) = try acceptPendingCredential(pendingCredential, state: state, now: now)
                let pending = state.identity.passwordResetCodes[key]
                guard pending?.smsSecondFactorOf == account.uid, let enrollmentID = pending?.smsEnrollmentID,
                    account.secondFactors?.contains(where: { $0.id == enrollmentID && $0.phoneNumber != nil }) == true
                else {
                    throw IdentityBackendError(.invalidSessionInfo, message: "no such sign-in for this account")
                }
                _ = try useSMSCode(code, sessionInfo: sessionInfo, now: now, state: &state).get()
                state.identity.usedNonces[Self.pendingReplayKey(claims.jti)] = Date(
                    timeIntervalSince1970: TimeInterval(claims.exp))
                return .success(
                    try issueSession(
                        for: account, provider: claims.provider, isNewUser: false, fresh: fresh, now: now,
                        authenticatedAt: now, secondFactor: enrollmentID,
                        signIn: SignInEvent(method: claims.provider, secondFactor: "phone"), state: &state))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// Refuses a phone factor to an account whose email is not verified, to a guest, and to a session the phone
    /// itself signed in.
    private static func requirePhoneFactorEligible(_ account: EmbeddedAccount, claims: SessionTokenClaims)
        throws(IdentityBackendError)
    {
        guard !account.isAnonymous, claims.signInProvider != "phone", claims.signInProvider != "anonymous" else {
            throw IdentityBackendError(
                .unsupportedFirstFactor, message: "MFA is not available for the given first factor.")
        }
        guard account.email != nil, account.emailVerified else {
            throw IdentityBackendError(
                .unverifiedEmail, message: "Need to verify email first before enrolling second factors.")
        }
    }

    /// Firebase's words for a number that is already one of the account's factors.
    static let secondFactorExistsWords = "Phone number already enrolled as second factor for this account."

    /// Refuses a phone number as the way into (or onto) an account with phone second factors: the number would be
    /// both proofs.
    static func refusePhoneFirstFactor(for account: EmbeddedAccount) throws(IdentityBackendError) {
        guard !(account.secondFactors ?? []).contains(where: { $0.phoneNumber != nil }) else {
            throw IdentityBackendError(
                .unsupportedFirstFactor,
                message: "A phone number cannot be set as a first factor on an SMS based MFA user.")
        }
    }
}

extension EmbeddedIdentityService: PhoneSecondFactorBackend {
    /// As ``startPhoneEnrollment(idToken:phoneNumber:)``; the app's proof is not asked for.
    public func startPhoneEnrollment(idToken: Secret, phoneNumber: String, appProof: PhoneAppProof)
        throws(IdentityBackendError) -> Secret
    {
        try startPhoneEnrollment(idToken: idToken, phoneNumber: phoneNumber)
    }

    /// As ``startPhoneSecondFactorSignIn(pendingCredential:enrollmentID:)``; the app's proof is not asked for.
    public func startPhoneSecondFactorSignIn(pendingCredential: Secret, enrollmentID: String, appProof: PhoneAppProof)
        throws(IdentityBackendError) -> Secret
    {
        try startPhoneSecondFactorSignIn(pendingCredential: pendingCredential, enrollmentID: enrollmentID)
    }
}
