import Foundation
public import SignInData
public import SignInDomain
import SignInEmbeddedStore

/// Importing accounts in bulk, as Firebase's Admin API does (`accounts:batchCreate`, the Admin SDKs'
/// `import_users`): each account with the uid it had elsewhere, its email, phone number, linked identities and
/// custom claims, and a password given in the clear (hashed here as a user's own) or as the hash another system made
/// (checked at the account's first sign-in, which then hashes the password again the backend's way). A bad entry is
/// reported by its index and skipped; the good ones are imported together, in one update.
extension EmbeddedIdentityService {
    /// An account as an import describes it.
    public struct ImportedAccount: Hashable, Sendable {
        /// The uid it keeps; required.
        public var uid: String?
        /// The email, kept in lower case, as Firebase's import keeps it.
        public var email: String?
        public var emailVerified = false
        public var displayName: String?
        /// The photo's `http` or `https` URL.
        public var photoURL: String?
        /// The number that signs it in, in any form `PhoneNumber` takes.
        public var phoneNumber: String?
        /// The custom claims, the text of a JSON object.
        public var customAttributes: String?
        public var disabled = false
        /// A password in the clear (Firebase's `rawPassword`), hashed as a user's own; it needs an email.
        public var password: Secret?
        /// The hash another system made of the password (Firebase's `passwordHash`), under the import's
        /// ``ImportedPasswordHashing``; it needs an email, and excludes ``password``.
        public var passwordHash: [UInt8]?
        /// The salt of ``passwordHash`` (Firebase's `salt`); none is an empty salt.
        public var salt: [UInt8]?
        /// The identities linked at other providers.
        public var identities: [ImportedIdentity] = []
        /// Its phone second factors (Firebase's `mfaInfo`); they need a verified email.
        public var secondFactors: [SecondFactorEntry] = []
        /// The tenant the entry says it belongs to (Firebase's `tenantId` in a user record), or `nil`.
        public var tenantID: String?

        /// Describes an account.
        public init(uid: String? = nil, email: String? = nil, password: Secret? = nil) {
            self.uid = uid
            self.email = email
            self.password = password
        }
    }

    /// An identity at another provider, as an import lists it (Firebase's `providerUserInfo`).
    public struct ImportedIdentity: Hashable, Sendable {
        public var providerId: String?
        /// The user's id at the provider (Firebase's `rawId`).
        public var rawId: String?
        /// The provider's whole user id (Firebase's `federatedId`), which this backend does not parse.
        public var federatedId: String?
        public var email: String?

        /// Describes an identity.
        public init(providerId: String? = nil, rawId: String? = nil, federatedId: String? = nil, email: String? = nil) {
            self.providerId = providerId
            self.rawId = rawId
            self.federatedId = federatedId
            self.email = email
        }
    }

    /// An entry that was not imported, and why, in Firebase's words.
    public struct ImportFailure: Hashable, Sendable {
        /// Its index in the request.
        public var index: Int
        public var message: String

        /// Describes a refusal.
        public init(index: Int, message: String) {
            self.index = index
            self.message = message
        }
    }

    /// The most accounts one import takes, as Firebase's.
    public static let maximumImportSize = 1000

    /// Imports `accounts`: those that pass every check are created (or, with `allowOverwrite`, replace the account
    /// with the same uid, which loses what the new entry does not list); the others are reported.
    ///
    /// An email, a phone number or a linked identity another account has is refused for that entry, whatever
    /// `sanityCheck` says: an email names one account here. `sanityCheck` also refuses the whole request when two
    /// entries share an email or an identity. Phone second factors are imported as listed, with no code sent.
    /// - Parameters:
    ///   - accounts: The entries, 1 to ``maximumImportSize``.
    ///   - hashing: How the entries' `passwordHash` were made; required when one has a hash.
    ///   - allowOverwrite: Whether an entry replaces the account with its uid.
    ///   - sanityCheck: Whether entries that share an email or an identity refuse the whole request.
    /// - Throws: `MISSING_USER_ACCOUNT` for none or more than ``maximumImportSize``, `DUPLICATE_LOCAL_ID` when two
    ///   entries share a uid, `DUPLICATE_EMAIL` and `DUPLICATE_RAW_ID` under `sanityCheck`; `INVALID_HASH_ALGORITHM`
    ///   when an entry has a hash and `hashing` is `nil`, and what ``ImportedPasswordHashing/check()`` throws.
    public func importAccounts(
        _ accounts: [ImportedAccount], hashing: ImportedPasswordHashing? = nil, allowOverwrite: Bool = false,
        sanityCheck: Bool = false
    ) throws(IdentityBackendError) -> [ImportFailure] {
        guard (1...Self.maximumImportSize).contains(accounts.count) else {
            throw IdentityBackendError(.missingUserAccount, message: "1 to \(Self.maximumImportSize) accounts")
        }
        if let hashing {
            try hashing.check()
        } else if accounts.contains(where: { $0.passwordHash != nil }) {
            throw IdentityBackendError(
                .invalidHashAlgorithm, message: "an entry gives a passwordHash: name its hashAlgorithm")
        }
        try Self.refuseDuplicates(accounts, sanityCheck: sanityCheck)
        let now = clock.now()
        var failures: [ImportFailure] = []
        var checked: [(index: Int, account: EmbeddedAccount)] = []
        for (index, entry) in accounts.enumerated() {
            switch checkedImport(entry, hashing: hashing, now: now) {
            case .success(let account): checked.append((index, account))
            case .failure(let message): failures.append(ImportFailure(index: index, message: message.text))
            }
        }
        let late = try storage.update { state -> [ImportFailure] in
            var refused: [ImportFailure] = []
            for (index, account) in checked {
                if let message = Self.conflict(of: account, allowOverwrite: allowOverwrite, in: state) {
                    refused.append(ImportFailure(index: index, message: message))
                    continue
                }
                if let old = state.identity.accounts[account.uid] { remove(old, from: &state) }
                state.identity.accounts[account.uid] = account
                for identity in account.identities { state.identity.identities[identity.key] = account.uid }
            }
            return refused
        }
        return (failures + late).sorted { $0.index < $1.index }
    }

    /// A reason an entry is refused, in Firebase's words.
    struct ImportRefusal: Error {
        let text: String
        init(_ text: String) { self.text = text }
    }

    /// The account an entry describes, or why it cannot be one. The password is hashed here, outside any lock.
    private func checkedImport(_ entry: ImportedAccount, hashing: ImportedPasswordHashing?, now: Date)
        -> Result<EmbeddedAccount, ImportRefusal>
    {
        guard let uid = entry.uid, !uid.isEmpty else { return .failure(ImportRefusal("localId is missing")) }
        guard uid.count <= Self.maximumUIDLength else { return .failure(ImportRefusal("localId is too long")) }
        if let tenant = entry.tenantID, tenant != configuration.tenantID {
            return .failure(ImportRefusal("Tenant id in userInfo does not match the tenant id in request."))
        }
        var email: String?
        if let given = entry.email {
            guard let valid = EmailAddress.normalized(given) else { return .failure(ImportRefusal("email is invalid")) }
            email = valid.lowercased()
        }
        var phone: String?
        if let given = entry.phoneNumber {
            guard let valid = PhoneNumber.normalized(given) else {
                return .failure(ImportRefusal("phone number format is invalid"))
            }
            phone = valid
        }
        var claims: String?
        if let text = entry.customAttributes {
            do throws(IdentityBackendError) {
                claims = try Self.checkedClaims(text)
            } catch {
                switch error.code {
                case .forbiddenClaim: return .failure(ImportRefusal("Custom claims provided include a reserved claim."))
                case .claimsTooLarge: return .failure(ImportRefusal("Custom claims provided are too large."))
                default: return .failure(ImportRefusal("Invalid custom claims provided."))
                }
            }
        }
        var identities: [LinkedIdentity] = []
        for identity in entry.identities {
            guard let providerId = identity.providerId, let rawId = identity.rawId, !providerId.isEmpty, !rawId.isEmpty
            else {
                return .failure(
                    ImportRefusal(
                        identity.federatedId != nil && identity.providerId == nil && identity.rawId == nil
                            ? "((Parsing federatedId is not implemented in Auth Emulator; please specify providerId AND rawId as a workaround.))"
                            : "federatedId or (providerId & rawId) is required"))
            }
            identities.append(LinkedIdentity(providerId: providerId, subject: rawId, email: identity.email))
        }
        var factors: [TOTPFactorRecord] = []
        if !entry.secondFactors.isEmpty {
            guard email != nil else {
                return .failure(ImportRefusal("Second factor account requires email to be presented."))
            }
            guard entry.emailVerified else {
                return .failure(ImportRefusal("Second factor account requires email to be verified."))
            }
            do throws(IdentityBackendError) {
                factors = try checkedSecondFactors(entry.secondFactors, now: now)
            } catch {
                return .failure(ImportRefusal("a second factor's phone number is invalid"))
            }
            guard factors.allSatisfy({ $0.phoneNumber != nil }) else {
                return .failure(ImportRefusal("a second factor's phone number is invalid"))
            }
        }
        var account = EmbeddedAccount(
            uid: uid, email: email, emailVerified: entry.emailVerified,
            displayName: Self.boundedName(entry.displayName),
            createdAt: now)
        account.photoURL = entry.photoURL.flatMap { try? Self.checkedPhotoURL($0) }
        account.customAttributes = claims == "{}" ? nil : claims
        account.secondFactors = factors.isEmpty ? nil : factors
        account.disabledAt = entry.disabled ? now : nil
        if entry.password != nil || entry.passwordHash != nil {
            guard let email else { return .failure(ImportRefusal("a password needs an email")) }
            if let password = entry.password {
                guard entry.passwordHash == nil else {
                    return .failure(ImportRefusal("give rawPassword or passwordHash, not both"))
                }
                do throws(IdentityBackendError) {
                    try checkPolicy(password)
                } catch {
                    return .failure(ImportRefusal("the password is too weak: \(error.message)"))
                }
                account.passwordHash = hashPassword(password)
            } else if let hash = entry.passwordHash, let hashing {
                let salt = entry.salt ?? []
                if let problem = hashing.problem(hash: hash, salt: salt) { return .failure(ImportRefusal(problem)) }
                account.passwordHash = hashing.record(hash: hash, salt: salt)
            }
            account.passwordUpdatedAt = now
            identities.append(
                LinkedIdentity(providerId: ProviderType.emailPassword.rawValue, subject: email, email: email))
        }
        if let phone {
            account.phoneNumber = phone
            identities.append(LinkedIdentity(providerId: "phone", subject: phone))
        }
        account.identities = identities
        return .success(account)
    }

    /// Why `account` cannot go into `state`: its uid, email or an identity belongs to another account.
    private static func conflict(of account: EmbeddedAccount, allowOverwrite: Bool, in state: EmbeddedBackendState)
        -> String?
    {
        if state.identity.accounts[account.uid] != nil, !allowOverwrite {
            return "localId belongs to an existing account - can not overwrite."
        }
        if let email = account.email,
            !state.identity.accounts.keys(EmbeddedAccount.byEmail, EmbeddedAccount.lookupEmail(email))
                .allSatisfy({ $0 == account.uid })
        {
            return "email exists in other account in database"
        }
        for identity in account.identities {
            if let owner = state.identity.identities[identity.key], owner != account.uid {
                return identity.providerId == "phone"
                    ? "phone number exists in other account in database"
                    : "raw id exists in other account in database"
            }
        }
        return nil
    }

    /// Refuses a request whose entries share a uid, or (under `sanityCheck`) an email or an identity.
    private static func refuseDuplicates(_ accounts: [ImportedAccount], sanityCheck: Bool) throws(IdentityBackendError)
    {
        var uids: Set<String> = []
        var emails: Set<String> = []
        var identities: Set<String> = []
        for entry in accounts {
            if let uid = entry.uid, !uids.insert(uid).inserted {
                throw IdentityBackendError(.duplicateLocalID, message: uid)
            }
            guard sanityCheck else { continue }
            if let email = entry.email?.lowercased(), !emails.insert(email).inserted {
                throw IdentityBackendError(.duplicateEmail, message: email)
            }
            for identity in entry.identities {
                guard let providerId = identity.providerId, let rawId = identity.rawId else { continue }
                if !identities.insert("\(providerId)|\(rawId)").inserted {
                    throw IdentityBackendError(
                        .duplicateRawID, message: "Provider id(\(providerId)), Raw id(\(rawId))")
                }
            }
        }
    }
}
