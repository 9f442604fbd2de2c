public import Foundation
import SignInCrypto
public import SignInData
public import SignInDomain
import SignInEmbeddedStore

/// Phone sign-in (Firebase's `accounts:sendVerificationCode`, then `accounts:signInWithPhoneNumber`): a 6-digit code
/// sent by SMS to a number in E.164 signs that number in, once, within ``smsCodeLifetime``. The account with the
/// number signs in, or one is made; with an ID token, the signed-in account takes the number. The SMS goes to the
/// backend's SMS outbox. The code is kept only as a hash, under the hash of the session info the caller holds.
extension EmbeddedIdentityService {
    /// How long an SMS code works, in seconds.
    public static let smsCodeLifetime: TimeInterval = 300
    /// How many wrong codes a session takes before it stops working.
    public static let maximumSMSCodeAttempts = 5

    /// What ``signInWithPhoneNumber(sessionInfo:code:idToken:)`` answers: the session, the number, and whether it
    /// made the account.
    public struct PhoneSignIn: Sendable {
        public var session: BackendSessionResponse
        public var phoneNumber: String
        public var isNewUser: Bool
    }

    /// A code sent and not yet used or expired, as the emulator's `verificationCodes` endpoint lists it.
    public struct PendingSMSCode: Hashable, Sendable {
        public var phoneNumber: String
        public var sessionInfo: Secret
        public var code: Secret
    }

    /// Sends a 6-digit code to `phoneNumber` and returns the session info that goes with it. Each number may have
    /// ``EmbeddedBackendConfiguration/maximumPendingResetMails`` codes pending; each client address off this
    /// machine may ask for ``EmbeddedBackendConfiguration/maximumResetMailsPerClient`` messages of any kind an hour.
    /// - Throws: `INVALID_PHONE_NUMBER` (not E.164, or no assigned country calling code); `TOO_MANY_ATTEMPTS_TRY_LATER`
    ///   past either limit.
    public func sendPhoneCode(phoneNumber: String) throws(IdentityBackendError) -> Secret {
        let number = try Self.checkedPhoneNumber(phoneNumber)
        try storage.read { state throws(IdentityBackendError) in
            if let owner = state.identity.identities[LinkedIdentity(providerId: "phone", subject: number).key],
                let account = state.identity.accounts[owner]
            {
                try Self.refusePhoneFirstFactor(for: account)
            }
        }
        return try sendSMSCode(to: number)
    }

    /// A number in E.164, or `INVALID_PHONE_NUMBER` with words that show the form expected.
    static func checkedPhoneNumber(_ text: String) throws(IdentityBackendError) -> String {
        guard let number = PhoneNumber.normalized(text) else {
            throw IdentityBackendError(
                .invalidPhoneNumber,
                message: "expected E.164: +, the country calling code, the number (\(PhoneNumber.example))")
        }
        return number
    }

    /// Sends a 6-digit code to `number` (E.164) and keeps its hash under the hash of the session info it returns,
    /// within the limits per number and per client. `secondFactorOf` and `enrollmentID` bind a second factor's code
    /// to its account (and factor): such a code proves that factor only.
    func sendSMSCode(to number: String, secondFactorOf uid: String? = nil, enrollmentID: String? = nil)
        throws(IdentityBackendError) -> Secret
    {
        let now = clock.now()
        guard projectSettings.smsRegions.allows(number) else {
            throw IdentityBackendError(
                .unsupportedProvider, message: "SMS unable to be sent until this region enabled by the app developer.")
        }
        do throws(IdentityBackendError) {
            try countResetRequest(from: EmbeddedBackend.client, now: now)
        } catch {
            throw IdentityBackendError(.tooManyAttempts, message: "too many messages were asked for from this address")
        }
        let sessionInfo = random.token(byteCount: 32)
        let code = Self.sixDigits(random.bytes(count: 8))
        let maximum = configuration.maximumPendingResetMails
        try storage.update { state throws(IdentityBackendError) in
            let codes = state.identity.passwordResetCodes
            let pending = codes.keys(ResetCodeRecord.byAccount, "").filter { key in
                codes[key].map { $0.smsPhoneNumber == number && $0.expiresAt > now } ?? false
            }
            guard pending.count < maximum else {
                throw IdentityBackendError(.tooManyAttempts, message: "too many codes are pending for this number")
            }
            try countSMS(to: number, state: &state, now: now)
            var record = ResetCodeRecord(
                uid: "", expiresAt: now.addingTimeInterval(Self.smsCodeLifetime), smsPhoneNumber: number,
                smsCodeHash: SHA256.hexDigest("\(sessionInfo):\(code)"))
            record.smsSecondFactorOf = uid
            record.smsEnrollmentID = enrollmentID
            state.identity.passwordResetCodes[SHA256.hexDigest(sessionInfo)] = record
        }
        try smsOutbox.deliver(
            OutboxMessage(
                to: number, subject: "SMS", body: "\(code) is your signin-demo code. It works for 5 minutes.",
                link: "signin-demo://sms?session=\(sessionInfo)&code=\(code)", sentAt: now))
        return Secret(sessionInfo)
    }

    /// Counts one SMS to `number` against its range's hour and the project's day, or refuses it past either limit
    /// (``EmbeddedBackendConfiguration/smsLimits``): `TOO_MANY_ATTEMPTS_TRY_LATER` for the range, `QUOTA_EXCEEDED` for
    /// the day. Counted in the caller's write, only when it is allowed.
    func countSMS(to number: String, state: inout EmbeddedBackendState, now: Date) throws(IdentityBackendError) {
        let limits = configuration.smsLimits
        let seconds = now.timeIntervalSince1970
        let hour = (seconds / 3600).rounded(.down)
        let day = (seconds / 86_400).rounded(.down)
        let rangeKey = "range \(number.dropLast(max(0, limits.rangeDigits))) \(Int(hour))"
        let dayKey = "day \(Int(day))"
        let inRange = state.identity.smsCounters[rangeKey].map { $0.windowEndsAt > now ? $0.count : 0 } ?? 0
        guard inRange < limits.perNumberRangePerHour else {
            throw IdentityBackendError(.tooManyAttempts, message: "too many codes went to numbers of this range")
        }
        let today = state.identity.smsCounters[dayKey].map { $0.windowEndsAt > now ? $0.count : 0 } ?? 0
        guard today < limits.perProjectPerDay else {
            throw IdentityBackendError(.quotaExceeded, message: "the project's SMS for today are used up")
        }
        state.identity.smsCounters[rangeKey] = SMSCounter(
            count: inRange + 1, windowEndsAt: Date(timeIntervalSince1970: (hour + 1) * 3600))
        state.identity.smsCounters[dayKey] = SMSCounter(
            count: today + 1, windowEndsAt: Date(timeIntervalSince1970: (day + 1) * 86_400))
    }

    /// Uses the SMS code of `sessionInfo`: the record, once the code matches, removed so that it works once. A wrong
    /// code is counted and kept (the caller must not throw the update away); past
    /// ``maximumSMSCodeAttempts`` the session ends.
    /// - Returns: `INVALID_SESSION_INFO`, `SESSION_EXPIRED` or `INVALID_CODE` as a failure, which the caller returns
    ///   from the update rather than throwing, so that the count is kept.
    func useSMSCode(_ code: Secret, sessionInfo: Secret, now: Date, state: inout EmbeddedBackendState)
        -> Result<ResetCodeRecord, IdentityBackendError>
    {
        let key = SHA256.hexDigest(sessionInfo.value)
        guard sessionInfo.value.utf8.count <= 256, var record = state.identity.passwordResetCodes[key],
            record.smsPhoneNumber != nil, let expected = record.smsCodeHash
        else { return .failure(IdentityBackendError(.invalidSessionInfo, message: "unknown or used session")) }
        guard record.expiresAt > now else {
            state.identity.passwordResetCodes[key] = nil
            return .failure(IdentityBackendError(.sessionExpired, message: "the code has expired"))
        }
        guard code.value.utf8.count <= 16, SHA256.hexDigest("\(sessionInfo.value):\(code.value)") == expected else {
            record.failedAttempts = (record.failedAttempts ?? 0) + 1
            state.identity.passwordResetCodes[key] =
                record.failedAttempts ?? 0 >= Self.maximumSMSCodeAttempts ? nil : record
            return .failure(IdentityBackendError(.invalidCode, message: "the code is not the one sent"))
        }
        state.identity.passwordResetCodes[key] = nil
        return .success(record)
    }

    /// Signs in with an SMS code. The code works once, for the number it was sent to, until it expires; a session
    /// that was given ``maximumSMSCodeAttempts`` wrong codes stops working. Without `idToken`: the account with the
    /// number signs in (a second factor is still asked for), or a new account is made with it. With `idToken`: the
    /// signed-in account takes the number.
    /// - Throws: `INVALID_SESSION_INFO`, `INVALID_CODE`, `SESSION_EXPIRED`, `USER_DISABLED`, `PHONE_NUMBER_EXISTS`
    ///   (linking a number another account has: the code is used, and the error's `pendingToken` is a temporary proof
    ///   of the number for ``signInWithPhoneNumber(temporaryProof:phoneNumber:idToken:)``, Firebase's
    ///   `temporaryProof`), the ID token's refusals, and the second factor's challenge.
    public func signInWithPhoneNumber(sessionInfo: Secret, code: Secret, idToken: Secret?) throws(IdentityBackendError)
        -> PhoneSignIn
    {
        let now = clock.now()
        let fresh = Fresh(self)
        var isNewUser = false
        let key = SHA256.hexDigest(sessionInfo.value)
        let outcome: Result<(FirstStep, String), IdentityBackendError> = try storage.update { state in
            // A second factor's code proves that factor only: it never signs a number in.
            if state.identity.passwordResetCodes[key]?.smsSecondFactorOf != nil {
                return .failure(IdentityBackendError(.invalidSessionInfo, message: "unknown or used session"))
            }
            let record: ResetCodeRecord
            switch useSMSCode(code, sessionInfo: sessionInfo, now: now, state: &state) {
            case .success(let used): record = used
            case .failure(let error): return .failure(error)
            }
            guard let number = record.smsPhoneNumber else {
                return .failure(IdentityBackendError(.invalidSessionInfo, message: "unknown or used session"))
            }
            do throws(IdentityBackendError) {
                return .success(
                    (
                        try phoneSignInStep(
                            number: number, idToken: idToken, provesNumber: true, isNewUser: &isNewUser, fresh: fresh,
                            now: now, state: &state), number
                    ))
            } catch {
                return .failure(error)
            }
        }
        let (step, number) = try outcome.get()
        return PhoneSignIn(session: try step.answer(), phoneNumber: number, isNewUser: isNewUser)
    }

    /// Signs in (or, with `idToken`, links) with the temporary proof of `phoneNumber` that a refused link gave in
    /// place of a new SMS code (Firebase's `temporaryProof`): it works once, for its number, for five minutes.
    /// - Throws: `INVALID_TEMPORARY_PROOF` for a proof this backend did not make, for another number, used or
    ///   expired; then as ``signInWithPhoneNumber(sessionInfo:code:idToken:)``, `PHONE_NUMBER_EXISTS` with no new
    ///   proof.
    public func signInWithPhoneNumber(temporaryProof: Secret, phoneNumber: String, idToken: Secret?)
        throws(IdentityBackendError) -> PhoneSignIn
    {
        let now = clock.now()
        let fresh = Fresh(self)
        var isNewUser = false
        let given = try Self.checkedPhoneNumber(phoneNumber)
        let step = try storage.update { state throws(IdentityBackendError) in
            let identity: LinkedIdentity
            do throws(IdentityBackendError) {
                identity = try acceptPendingToken(temporaryProof, providerId: "phone", state: &state, now: now)
            } catch {
                throw IdentityBackendError(.invalidTemporaryProof, message: error.message)
            }
            guard identity.subject == given else {
                throw IdentityBackendError(.invalidTemporaryProof, message: "the proof is for another number")
            }
            return try phoneSignInStep(
                number: given, idToken: idToken, provesNumber: false, isNewUser: &isNewUser, fresh: fresh, now: now,
                state: &state)
        }
        return PhoneSignIn(session: try step.answer(), phoneNumber: given, isNewUser: isNewUser)
    }

    /// The sign-in or link of a number someone just proved: the account that has it, the signed-in account
    /// (`idToken`), or a new one. A link to a number another account has is `PHONE_NUMBER_EXISTS`, with a temporary
    /// proof of the number when it was proved by a code (`provesNumber`).
    private func phoneSignInStep(
        number: String, idToken: Secret?, provesNumber: Bool, isNewUser: inout Bool, fresh: Fresh, now: Date,
        state: inout EmbeddedBackendState
    ) throws(IdentityBackendError) -> FirstStep {
        var account: EmbeddedAccount
        let identity = LinkedIdentity(providerId: "phone", subject: number)
        let owner = state.identity.identities[identity.key]
        if let idToken {
            account = try authenticate(idToken, state: state, now: now).account
            try Self.refusePhoneFirstFactor(for: account)
            if let owner, owner != account.uid {
                var error = IdentityBackendError(.phoneNumberExists, message: "another account has this number")
                if provesNumber {
                    error.pendingToken = try makePendingToken(
                        providerId: "phone", subject: number, now: now, state: state)
                    error.phoneNumber = number
                }
                throw error
            }
        } else if let owner, let existing = state.identity.accounts[owner] {
            account = existing
        } else {
            account = EmbeddedAccount(uid: fresh.uid(avoiding: state), createdAt: now)
            isNewUser = true
        }
        try Self.requireEnabled(account)
        try setPhoneNumber(number, of: &account, state: &state)
        account.isAnonymous = false
        state.identity.accounts[account.uid] = account
        return try finishFirstStep(
            for: account, provider: "phone", isNewUser: isNewUser, fresh: fresh, now: now, state: &state)
    }

    /// Makes `number` (E.164) the phone number that signs `account` in, in place of the one it had, or with `nil`
    /// removes it: the account's `phone` identity and its `phoneNumber` change together.
    /// - Throws: `PHONE_NUMBER_EXISTS` when another account has the number.
    func setPhoneNumber(_ number: String?, of account: inout EmbeddedAccount, state: inout EmbeddedBackendState)
        throws(IdentityBackendError)
    {
        let identity = number.map { LinkedIdentity(providerId: "phone", subject: $0) }
        if let identity, let owner = state.identity.identities[identity.key], owner != account.uid {
            throw IdentityBackendError(.phoneNumberExists, message: "another account has this number")
        }
        for old in account.identities where old.providerId == "phone" {
            state.identity.identities[old.key] = nil
        }
        account.identities.removeAll { $0.providerId == "phone" }
        account.phoneNumber = number
        if let identity {
            account.identities.append(identity)
            state.identity.identities[identity.key] = account.uid
        }
    }

    /// The SMS codes that would still be accepted now, oldest first, read from the SMS outbox and checked against
    /// the stored hashes: the Firebase Auth emulator's `verificationCodes`.
    public func pendingSMSCodes() throws(IdentityBackendError) -> [PendingSMSCode] {
        let now = clock.now()
        let sent = try smsOutbox.messages().compactMap { message -> PendingSMSCode? in
            let items = URLComponents(string: message.link)?.queryItems ?? []
            guard let session = items.first(where: { $0.name == "session" })?.value,
                let code = items.first(where: { $0.name == "code" })?.value
            else { return nil }
            return PendingSMSCode(phoneNumber: message.to, sessionInfo: Secret(session), code: Secret(code))
        }
        return try storage.read { state in
            sent.filter { pending in
                guard let record = state.identity.passwordResetCodes[SHA256.hexDigest(pending.sessionInfo.value)]
                else { return false }
                return record.expiresAt > now && record.smsPhoneNumber == pending.phoneNumber
            }
        }
    }

    /// Six decimal digits from eight random bytes (2^64 values over 10^6 codes: no bias worth counting).
    static func sixDigits(_ bytes: [UInt8]) -> String {
        let value = bytes.prefix(8).reduce(UInt64(0)) { ($0 << 8) | UInt64($1) }
        return String(format: "%06llu", value % 1_000_000)
    }
}

extension EmbeddedIdentityService: PhoneBackend {
    /// Sends a code by SMS, as ``sendPhoneCode(phoneNumber:)``. The app's proof is not asked for: the limits per
    /// number, per client and per project stand in for it.
    public func sendPhoneCode(phoneNumber: String, appProof: PhoneAppProof) throws(IdentityBackendError) -> Secret {
        try sendPhoneCode(phoneNumber: phoneNumber)
    }

    /// Signs in with an SMS code, or links its number, as ``signInWithPhoneNumber(sessionInfo:code:idToken:)``.
    public func signInWithPhoneCode(sessionInfo: Secret, code: Secret, idToken: Secret?) throws(IdentityBackendError)
        -> BackendSessionResponse
    {
        try signInWithPhoneNumber(sessionInfo: sessionInfo, code: code, idToken: idToken).session
    }
}
