public import Foundation
import SignInCrypto
public import SignInData
public import SignInDomain
public import SignInEmbeddedStore

/// What an administrator does to accounts, as Firebase's Admin API offers it (`projects/{project}/accounts…`, which
/// the Admin SDKs call): create, look up, list, update (disable, email, password, name, custom claims, revoke the
/// sessions) and delete. The caller is trusted: the HTTP face lets only the emulator's owner credential through.
/// Each operation is one `BackendStateStorage.update(_:)`, as the user's own operations are.
extension EmbeddedIdentityService {
    /// A new account as an administrator describes it.
    public struct NewAccount: Hashable, Sendable {
        /// The uid; a new one when `nil`. At most 128 characters.
        public var uid: String?
        public var email: String?
        /// A password, hashed as a user's own (the same policy applies).
        public var password: Secret?
        public var displayName: String?
        /// The photo's `http` or `https` URL.
        public var photoURL: String?
        public var emailVerified = false
        public var disabled = false
        /// The number that signs it in, in any form `PhoneNumber` takes.
        public var phoneNumber: String?
        /// Its phone second factors, with no code sent to them; each entry's id is ignored (a new one is made).
        public var secondFactors: [SecondFactorEntry] = []

        /// Describes an account.
        public init(
            uid: String? = nil, email: String? = nil, password: Secret? = nil, displayName: String? = nil,
            photoURL: String? = nil, emailVerified: Bool = false, disabled: Bool = false
        ) {
            self.photoURL = photoURL
            self.uid = uid
            self.email = email
            self.password = password
            self.displayName = displayName
            self.emailVerified = emailVerified
            self.disabled = disabled
        }
    }

    /// What an administrator changes in an account; `nil` leaves a field as it is.
    public struct AccountChanges: Hashable, Sendable {
        public var email: String?
        /// A new password: every session of the account ends, as after a user's own change.
        public var password: Secret?
        public var displayName: String?
        /// Removes the display name.
        public var deleteDisplayName = false
        /// The photo's `http` or `https` URL; an empty one removes it.
        public var photoURL: String?
        public var emailVerified: Bool?
        /// Disables (`true`) or enables the account. Disabling keeps the sessions, which are refused while it lasts.
        public var disabled: Bool?
        /// Refuses every token issued before this instant, seconds since 1970 (`revoke_refresh_tokens`).
        public var validSince: Int?
        /// The custom claims, the text of a JSON object (`{}` removes them).
        public var customAttributes: String?
        /// The phone number that signs the account in, in any form `PhoneNumber` takes; an empty one removes it.
        public var phoneNumber: String?
        /// The providers to unlink (Firebase's `deleteProvider`): `password` removes the password, `phone` the number.
        /// An administrator may unlink the last one.
        public var deleteProviders: [String] = []
        /// The account's phone second factors, replacing those it has (Firebase's `mfa.enrollments`); empty removes
        /// them. A TOTP factor the list names by its id (with no number) is kept as it is; one it does not name goes.
        /// An entry with the number of an earlier one is dropped.
        public var secondFactors: [SecondFactorEntry]?

        /// Describes changes.
        public init(
            email: String? = nil, password: Secret? = nil, displayName: String? = nil, deleteDisplayName: Bool = false,
            emailVerified: Bool? = nil, disabled: Bool? = nil, validSince: Int? = nil, customAttributes: String? = nil,
            photoURL: String? = nil, phoneNumber: String? = nil, secondFactors: [SecondFactorEntry]? = nil
        ) {
            self.photoURL = photoURL
            self.phoneNumber = phoneNumber
            self.secondFactors = secondFactors
            self.email = email
            self.password = password
            self.displayName = displayName
            self.deleteDisplayName = deleteDisplayName
            self.emailVerified = emailVerified
            self.disabled = disabled
            self.validSince = validSince
            self.customAttributes = customAttributes
        }
    }

    /// A second factor as an administrator lists it.
    public struct SecondFactorEntry: Hashable, Sendable {
        /// Its enrolment id; a new one when `nil`.
        public var enrollmentID: String?
        /// The number its codes go to, in any form `PhoneNumber` takes; `nil` names a TOTP factor the account has.
        public var phoneNumber: String?
        public var displayName: String?
        /// When it was enrolled; now when `nil`.
        public var enrolledAt: Date?

        /// Describes a factor.
        public init(
            enrollmentID: String? = nil, phoneNumber: String? = nil, displayName: String? = nil,
            enrolledAt: Date? = nil
        ) {
            self.enrollmentID = enrollmentID
            self.phoneNumber = phoneNumber
            self.displayName = displayName
            self.enrolledAt = enrolledAt
        }
    }

    /// The longest uid an administrator may choose, as Firebase's.
    public static let maximumUIDLength = 128
    /// The longest custom claims, as Firebase's: 1,000 characters of JSON.
    public static let maximumCustomAttributesLength = 1000
    /// The claims an ID token has of its own, which custom claims may not name (Firebase's reserved names).
    public static let reservedClaims: Set<String> = [
        "acr", "amr", "at_hash", "aud", "auth_time", "azp", "cnf", "c_hash", "exp", "firebase", "iat", "iss", "jti",
        "nbf", "nonce", "sub", "user_id", "email", "email_verified", "name", "sid",
    ]

    /// Creates an account (Firebase's admin `accounts` with no ID token): with an email and a password it signs
    /// in with them; without a password it has no sign-in method until one is linked.
    /// - Throws: `DUPLICATE_LOCAL_ID` for a uid in use, `EMAIL_EXISTS`, `INVALID_EMAIL`, `WEAK_PASSWORD`,
    ///   `INVALID_LOCAL_ID` for an empty or too long uid, `MISSING_EMAIL` for a password without an email.
    public func createAccount(_ new: NewAccount) throws(IdentityBackendError) -> EmbeddedAccount {
        let now = clock.now()
        if let uid = new.uid, uid.isEmpty || uid.count > Self.maximumUIDLength {
            throw IdentityBackendError(.invalidLocalID, message: "a uid is 1 to \(Self.maximumUIDLength) characters")
        }
        let email = try new.email.map { email throws(IdentityBackendError) in try checkedEmail(email) }
        if new.password != nil, email == nil {
            throw IdentityBackendError(.missingEmail, message: "a password needs an email")
        }
        let hash = try new.password.map { password throws(IdentityBackendError) in
            try checkPolicy(password)
            return hashPassword(password)
        }
        let photo = try new.photoURL.flatMap { url throws(IdentityBackendError) in try Self.checkedPhotoURL(url) }
        let phone = try new.phoneNumber.map { text throws(IdentityBackendError) in try Self.checkedPhoneNumber(text) }
        let factors = try checkedSecondFactors(
            new.secondFactors.map { SecondFactorEntry(phoneNumber: $0.phoneNumber ?? "", displayName: $0.displayName) },
            now: now)
        let fresh = Fresh(self)
        return try storage.update { state throws(IdentityBackendError) in
            let uid = new.uid ?? fresh.uid(avoiding: state)
            guard state.identity.accounts[uid] == nil else {
                throw IdentityBackendError(.duplicateLocalID, message: "the uid is in use")
            }
            let kept = try email.map { email throws(IdentityBackendError) in try claimEmail(email, for: uid, in: state)
            }
            var account = EmbeddedAccount(
                uid: uid, email: kept, emailVerified: new.emailVerified,
                displayName: Self.boundedName(new.displayName), createdAt: now)
            account.photoURL = photo
            if let hash, let kept {
                let identity = LinkedIdentity(
                    providerId: ProviderType.emailPassword.rawValue, subject: kept, email: kept)
                account.identities = [identity]
                account.passwordHash = hash
                account.passwordUpdatedAt = now
                state.identity.identities[identity.key] = uid
            }
            account.disabledAt = new.disabled ? now : nil
            account.secondFactors = factors.isEmpty ? nil : factors
            if let phone { try setPhoneNumber(phone, of: &account, state: &state) }
            state.identity.accounts[uid] = account
            return account
        }
    }

    /// The accounts with any of `uids`, `emails`, `phoneNumbers` (in any form `PhoneNumber` takes) or linked
    /// `identities` (a provider and the user's id there: Firebase's `federatedUserId`), each once, in no particular
    /// order (Firebase's admin `accounts:lookup`); the unknown ones are left out.
    public func accounts(
        uids: [String], emails: [String], phoneNumbers: [String] = [], identities: [LinkedIdentity] = []
    ) throws(IdentityBackendError) -> [EmbeddedAccount] {
        try storage.read { state in
            var found: [String: EmbeddedAccount] = [:]
            for uid in uids { found[uid] = state.identity.accounts[uid] }
            for email in emails {
                for uid in emailOwners(email, in: state) { found[uid] = state.identity.accounts[uid] }
            }
            let phones = phoneNumbers.compactMap(PhoneNumber.normalized).map {
                LinkedIdentity(providerId: "phone", subject: $0)
            }
            for identity in phones + identities {
                if let uid = state.identity.identities[identity.key] { found[uid] = state.identity.accounts[uid] }
            }
            return found.values.sorted { $0.uid < $1.uid }
        }
    }

    /// A page of every account, by uid (Firebase's admin `accounts:batchGet`): at most `maximumCount` accounts
    /// whose uid comes after `pageToken`, and the token of the next page whenever the page is full (as Firebase's,
    /// even when no account follows; `nil` after a page that is not).
    public func accounts(maximumCount: Int, after pageToken: String?) throws(IdentityBackendError)
        -> (accounts: [EmbeddedAccount], nextPageToken: String?)
    {
        let count = min(max(maximumCount, 1), 1000)
        return try storage.read { state in
            let uids = state.identity.accounts.keys.sorted().filter { pageToken == nil || $0 > pageToken ?? "" }
            let page = uids.prefix(count).compactMap { state.identity.accounts[$0] }
            return (page, page.count == count ? page.last?.uid : nil)
        }
    }

    /// How many accounts there are, and `limit` of them by uid from the `offset`-th on (Firebase's admin
    /// `accounts:query` without a filter).
    public func queryAccounts(limit: Int, offset: Int) throws(IdentityBackendError)
        -> (count: Int, accounts: [EmbeddedAccount])
    {
        try storage.read { state in
            let uids = state.identity.accounts.keys.sorted()
            let page = uids.dropFirst(max(offset, 0)).prefix(min(max(limit, 0), 1000))
            return (uids.count, page.compactMap { state.identity.accounts[$0] })
        }
    }

    /// Changes an account as an administrator (Firebase's admin `accounts:update`).
    /// - Throws: `USER_NOT_FOUND`, `EMAIL_EXISTS`, `INVALID_EMAIL`, `WEAK_PASSWORD`, `INVALID_CLAIMS` for custom
    ///   claims that are not a JSON object, `CLAIMS_TOO_LARGE`, `FORBIDDEN_CLAIM` for a reserved name.
    @discardableResult
    public func updateAccount(uid: String, _ changes: AccountChanges) throws(IdentityBackendError) -> EmbeddedAccount {
        let now = clock.now()
        let email = try changes.email.map { email throws(IdentityBackendError) in try checkedEmail(email) }
        let hash = try changes.password.map { password throws(IdentityBackendError) in
            try checkPolicy(password)
            return hashPassword(password)
        }
        let claims = try changes.customAttributes.map { text throws(IdentityBackendError) in
            try Self.checkedClaims(text)
        }
        // An empty photo URL removes the photo.
        let photo = try changes.photoURL.map { url throws(IdentityBackendError) in try Self.checkedPhotoURL(url) ?? "" }
        // An empty phone number removes the number.
        let phone = try changes.phoneNumber.map { text throws(IdentityBackendError) -> String in
            guard !text.isEmpty else { return "" }
            guard let number = PhoneNumber.normalized(text) else {
                throw IdentityBackendError(
                    .invalidPhoneNumber,
                    message: "expected E.164: +, the country calling code, the number (\(PhoneNumber.example))")
            }
            return number
        }
        let factors = try changes.secondFactors.map { entries throws(IdentityBackendError) in
            try checkedSecondFactors(entries, now: now)
        }
        return try storage.update { state throws(IdentityBackendError) in
            guard var account = state.identity.accounts[uid] else {
                throw IdentityBackendError(.userNotFound, message: "no account has this uid")
            }
            if let factors {
                account.secondFactors = try factors.map { factor throws(IdentityBackendError) in
                    guard factor.phoneNumber == nil else { return factor }
                    guard
                        let kept = account.secondFactors?.first(where: { $0.id == factor.id && $0.phoneNumber == nil })
                    else {
                        throw IdentityBackendError(.invalidMFAPhoneNumber, message: "a factor needs its phone number")
                    }
                    return kept
                }
                if account.secondFactors?.isEmpty == true { account.secondFactors = nil }
            }
            if let email { changeEmail(of: &account, to: try claimEmail(email, for: uid, in: state), state: &state) }
            if changes.deleteDisplayName { account.displayName = nil }
            if let photo { account.photoURL = photo.isEmpty ? nil : photo }
            if let name = changes.displayName { account.displayName = Self.boundedName(name) }
            if let verified = changes.emailVerified { account.emailVerified = verified }
            if let disabled = changes.disabled { account.disabledAt = disabled ? (account.disabledAt ?? now) : nil }
            if let claims { account.customAttributes = claims == "{}" ? nil : claims }
            if let validSince = changes.validSince { account.validSince = max(account.validSince ?? 0, validSince) }
            for providerId in changes.deleteProviders {
                for removed in account.identities where removed.providerId == providerId {
                    state.identity.identities[removed.key] = nil
                }
                account.identities.removeAll { $0.providerId == providerId }
                if providerId == ProviderType.emailPassword.rawValue { account.passwordHash = nil }
                if providerId == "phone" { account.phoneNumber = nil }
            }
            if let phone { try setPhoneNumber(phone.isEmpty ? nil : phone, of: &account, state: &state) }
            if let hash {
                if account.passwordHash == nil, let kept = account.email {
                    let identity = LinkedIdentity(providerId: "password", subject: kept, email: kept)
                    guard state.identity.identities[identity.key] == nil else {
                        throw IdentityBackendError(.emailExists, message: "the email signs in to another account")
                    }
                    account.identities.append(identity)
                    state.identity.identities[identity.key] = uid
                }
                account.passwordHash = hash
                account.passwordUpdatedAt = now
                revokeEverySession(of: &account, now: now, state: &state)
            }
            state.identity.accounts[uid] = account
            return account
        }
    }

    /// Gives `account` the email `email` (which `claimEmail` allowed): its password identity, named by the email it
    /// signs in with, follows.
    func changeEmail(of account: inout EmbeddedAccount, to email: String, state: inout EmbeddedBackendState) {
        account.email = email
        if let index = account.identities.firstIndex(where: { $0.providerId == "password" }) {
            state.identity.identities[account.identities[index].key] = nil
            account.identities[index] = LinkedIdentity(providerId: "password", subject: email, email: email)
            state.identity.identities[account.identities[index].key] = account.uid
        }
    }

    /// Second factors as an administrator lists them, checked: each number in E.164, no id twice for two numbers,
    /// an entry with the number of an earlier one dropped. A TOTP factor (no number) keeps only its id here.
    /// - Throws: `INVALID_MFA_PHONE_NUMBER`, `DUPLICATE_MFA_ENROLLMENT_ID`.
    func checkedSecondFactors(_ entries: [SecondFactorEntry], now: Date) throws(IdentityBackendError)
        -> [TOTPFactorRecord]
    {
        var factors: [TOTPFactorRecord] = []
        for entry in entries {
            let id = entry.enrollmentID ?? random.string(count: 16, alphabet: Self.factorIDAlphabet)
            var number: String?
            if let text = entry.phoneNumber {
                guard let valid = PhoneNumber.normalized(text) else {
                    throw IdentityBackendError(
                        .invalidMFAPhoneNumber, message: "expected E.164 (\(PhoneNumber.example))")
                }
                number = valid
            } else if entry.enrollmentID == nil {
                throw IdentityBackendError(.invalidMFAPhoneNumber, message: "a new factor needs its phone number")
            }
            if let other = factors.first(where: { $0.id == id }), other.phoneNumber != number {
                throw IdentityBackendError(.duplicateMFAEnrollmentID, message: "two factors share the id \(id)")
            }
            guard !factors.contains(where: { $0.phoneNumber != nil && $0.phoneNumber == number || $0.id == id }) else {
                continue
            }
            factors.append(
                TOTPFactorRecord(
                    id: id, displayName: Self.boundedName(entry.displayName), enrolledAt: entry.enrolledAt ?? now,
                    sealedSecret: "", lastUsedStep: 0, phoneNumber: number))
        }
        return factors
    }

    /// Deletes an account with its identities and tokens (Firebase's admin `accounts:delete`).
    /// - Throws: `USER_NOT_FOUND`.
    public func deleteAccount(uid: String) throws(IdentityBackendError) {
        try storage.update { state throws(IdentityBackendError) in
            guard let account = state.identity.accounts[uid] else {
                throw IdentityBackendError(.userNotFound, message: "no account has this uid")
            }
            remove(account, from: &state)
        }
    }

    /// The most accounts one ``deleteAccounts(uids:force:)`` takes, as Firebase's `accounts:batchDelete`.
    public static let maximumBatchDeletion = 1000

    /// Deletes the accounts of `uids` at once (Firebase's admin `accounts:batchDelete`): only disabled ones unless
    /// `force`, so that an account in use is not deleted by a list made earlier. Unknown uids are skipped.
    /// - Returns: The position and uid of each account left because it is enabled.
    /// - Throws: `LOCAL_ID_LIST_EXCEEDS_LIMIT` for no uid or more than ``maximumBatchDeletion``.
    public func deleteAccounts(uids: [String], force: Bool) throws(IdentityBackendError) -> [(index: Int, uid: String)]
    {
        guard (1...Self.maximumBatchDeletion).contains(uids.count) else {
            throw IdentityBackendError(
                .localIdListExceedsLimit, message: "1 to \(Self.maximumBatchDeletion) uids per batch")
        }
        return try storage.update { state in
            var enabled: [(index: Int, uid: String)] = []
            for (index, uid) in uids.enumerated() {
                guard let account = state.identity.accounts[uid] else { continue }
                guard force || account.isDisabled else {
                    enabled.append((index, uid))
                    continue
                }
                remove(account, from: &state)
            }
            return enabled
        }
    }

    /// Removes `account`, its identities, its refresh tokens (current and exchanged) and its reset codes.
    func remove(_ account: EmbeddedAccount, from state: inout EmbeddedBackendState) {
        for identity in account.identities { state.identity.identities[identity.key] = nil }
        state.identity.accounts[account.uid] = nil
        state.identity.refreshTokens.removeAll(RefreshTokenRecord.byAccount, account.uid)
        state.identity.rotatedRefreshTokens.removeAll(RotatedRefreshToken.byAccount, account.uid)
        state.identity.passwordResetCodes.removeAll(ResetCodeRecord.byAccount, account.uid)
    }

    /// Custom claims as Firebase accepts them: a JSON object of at most 1,000 characters naming no reserved claim.
    /// - Returns: The object as compact JSON with sorted keys.
    static func checkedClaims(_ text: String) throws(IdentityBackendError) -> String {
        guard text.count <= maximumCustomAttributesLength else {
            throw IdentityBackendError(.claimsTooLarge, message: "custom claims are at most 1,000 characters")
        }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
            let compact = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { throw IdentityBackendError(.invalidClaims, message: "custom claims must be a JSON object") }
        if let reserved = object.keys.sorted().first(where: reservedClaims.contains) {
            throw IdentityBackendError(.forbiddenClaim, message: reserved)
        }
        return String(decoding: compact, as: UTF8.self)
    }
}
