public import Foundation
public import SignInData
import SignInJOSE

/// What the embedded identity service keeps: accounts, the identity index, refresh tokens (by their
/// SHA-256, never in clear) and the nonces already used.
public struct IdentityServiceState: Codable, Hashable, Sendable {
    /// Accounts by uid.
    public var accounts: Table<EmbeddedAccount> = [:]
    /// uid by ``LinkedIdentity/key``.
    public var identities: Table<String> = [:]
    /// Refresh tokens by the SHA-256 hex of the token.
    public var refreshTokens: Table<RefreshTokenRecord> = [:]
    /// Nonces already accepted, with the time after which they can be forgotten (their token expired).
    package var usedNonces: Table<Date> = [:]
    /// Password-reset codes by the SHA-256 hex of the code.
    public var passwordResetCodes: Table<ResetCodeRecord> = [:]
    /// Refresh tokens already exchanged, by the SHA-256 hex of the token, kept for a while to recognise reuse.
    package var rotatedRefreshTokens: Table<RotatedRefreshToken> = [:]
    /// Recent password sign-in attempts by the SHA-256 hex of the normalised email (also for emails with no
    /// account), for throttling guesses.
    package var passwordAttempts: Table<PasswordAttempts> = [:]
    /// How many SMS were sent in a window, by what was counted (a number range's hour, the project's day).
    package var smsCounters: Table<SMSCounter> = [:]
    /// When expired records were last looked for; `nil` before the first time.
    package var lastPrunedAt: Date?

    /// An empty state.
    public init() {}

    /// This state with every table in memory (see ``EmbeddedBackendState/detached()``).
    public func detached() -> IdentityServiceState {
        var copy = self
        copy.accounts = accounts.detached()
        copy.identities = identities.detached()
        copy.refreshTokens = refreshTokens.detached()
        copy.usedNonces = usedNonces.detached()
        copy.passwordResetCodes = passwordResetCodes.detached()
        copy.rotatedRefreshTokens = rotatedRefreshTokens.detached()
        copy.passwordAttempts = passwordAttempts.detached()
        copy.smsCounters = smsCounters.detached()
        return copy
    }

    private enum CodingKeys: String, CodingKey {
        case accounts, identities, refreshTokens, usedNonces, passwordResetCodes, rotatedRefreshTokens
        case passwordAttempts, smsCounters, lastPrunedAt
    }

    /// Decodes a state; parts added after version 1 may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accounts = try container.decode(Table<EmbeddedAccount>.self, forKey: .accounts)
        identities = try container.decode(Table<String>.self, forKey: .identities)
        refreshTokens = try container.decode(Table<RefreshTokenRecord>.self, forKey: .refreshTokens)
        usedNonces = try container.decode(Table<Date>.self, forKey: .usedNonces)
        passwordResetCodes =
            try container.decodeIfPresent(Table<ResetCodeRecord>.self, forKey: .passwordResetCodes) ?? [:]
        rotatedRefreshTokens =
            try container.decodeIfPresent(Table<RotatedRefreshToken>.self, forKey: .rotatedRefreshTokens) ?? [:]
        passwordAttempts =
            try container.decodeIfPresent(Table<PasswordAttempts>.self, forKey: .passwordAttempts) ?? [:]
        smsCounters = try container.decodeIfPresent(Table<SMSCounter>.self, forKey: .smsCounters) ?? [:]
        lastPrunedAt = try container.decodeIfPresent(Date.self, forKey: .lastPrunedAt)
    }
}

/// A password-reset code as the service keeps it (by its hash).
public struct ResetCodeRecord: Codable, Hashable, Sendable {
    /// The account whose password it resets, or whose email it verifies.
    public var uid: String
    /// When it stops working.
    public var expiresAt: Date
    /// The email it verifies, for an email-verification code; `nil` for a password-reset code (and in records
    /// written before verification codes existed). A verification code verifies only that email: if the account's
    /// email changed since, it does nothing.
    public var verifiesEmail: String?
    /// The email it signs in, for an email sign-in link's code (its `uid` is the account that had the email when it
    /// was mailed, or empty); `nil` for the other codes. It signs in only that email.
    public var signsInEmail: String?
    /// The phone number an SMS code was sent to, for an SMS verification (keyed by the hash of its session info,
    /// with an empty `uid`); `nil` for the other codes.
    public var smsPhoneNumber: String?
    /// The SMS code's SHA-256 over `<session info>:<code>`, for an SMS verification.
    public var smsCodeHash: String?
    /// How many wrong SMS codes were tried against it: past a few, it stops working.
    public var failedAttempts: Int?
    /// The email an email-change code makes the account's (verified) once opened, for Firebase's
    /// `VERIFY_AND_CHANGE_EMAIL`; its `verifiesEmail` is then the account's email when it was mailed (empty when it had
    /// none). `nil` for the other codes.
    public var changesEmailTo: String?
    /// The email a recovery code gives back to the account, for Firebase's `RECOVER_EMAIL`: mailed to that email when
    /// the user changed it, so that its owner can undo a change they did not make. Its `verifiesEmail` is the email
    /// the change set, which must still be the account's. `nil` for the other codes.
    public var restoresEmail: String?
    /// For an SMS code that proves a phone second factor (enrolling it, or signing in with it), the account's uid;
    /// `nil` for a phone sign-in's code, which such a code can never stand in for.
    public var smsSecondFactorOf: String?
    /// For an SMS code that signs in with a phone second factor, the factor's enrolment id; `nil` when enrolling.
    public var smsEnrollmentID: String?

    /// Creates a record.
    public init(
        uid: String, expiresAt: Date, verifiesEmail: String? = nil, signsInEmail: String? = nil,
        smsPhoneNumber: String? = nil, smsCodeHash: String? = nil
    ) {
        self.uid = uid
        self.expiresAt = expiresAt
        self.verifiesEmail = verifiesEmail
        self.signsInEmail = signsInEmail
        self.smsPhoneNumber = smsPhoneNumber
        self.smsCodeHash = smsCodeHash
    }
}

/// A refresh token as the service keeps it.
public struct RefreshTokenRecord: Codable, Hashable, Sendable {
    /// The account it refreshes.
    public var uid: String
    /// When it was issued.
    public var issuedAt: Date
    /// The provider of the sign-in that started this chain of refreshes.
    public var provider: String
    /// When the user last proved who they are (the sign-in that started the chain, or a re-authentication):
    /// refreshed ID tokens keep it as their `auth_time`. `nil` in records written before it existed.
    public var authTime: Date?
    /// The chain of refreshes this token belongs to: every token rotated from one sign-in shares it. `nil` in
    /// records written before it existed.
    public var family: String?
    /// The developer claims of the custom token that started the chain: every ID token refreshed from it carries
    /// them, as Firebase's do. `nil` for any other sign-in, and in records written before it existed.
    public var developerClaims: [String: JSONValue]?
    /// The enrolment id of the second factor the chain's sign-in gave: every ID token refreshed from it says so
    /// (`firebase.sign_in_second_factor`). `nil` for a sign-in of one step, and in records written before it existed.
    public var secondFactor: String?
    /// What the SAML provider of the chain's sign-in asserted (`firebase.sign_in_attributes`): every ID token
    /// refreshed from it carries them. `nil` for any other sign-in, and in records written before it existed.
    public var signInAttributes: [String: JSONValue]?

    /// Creates a record.
    public init(
        uid: String, issuedAt: Date, provider: String, authTime: Date? = nil, family: String? = nil,
        developerClaims: [String: JSONValue]? = nil, secondFactor: String? = nil,
        signInAttributes: [String: JSONValue]? = nil
    ) {
        self.uid = uid
        self.issuedAt = issuedAt
        self.provider = provider
        self.authTime = authTime
        self.family = family
        self.developerClaims = developerClaims
        self.secondFactor = secondFactor
        self.signInAttributes = signInAttributes
    }
}

/// A refresh token that was exchanged for a new one: what is left of it, to recognise its reuse.
package struct RotatedRefreshToken: Codable, Hashable, Sendable {
    /// The account it refreshed.
    public var uid: String
    /// Its chain of refreshes.
    public var family: String
    /// When it was exchanged.
    package var rotatedAt: Date

    /// Creates a record.
    public init(uid: String, family: String, rotatedAt: Date) {
        self.uid = uid
        self.family = family
        self.rotatedAt = rotatedAt
    }
}

/// The recent password sign-in attempts for one email, for throttling guesses.
package struct PasswordAttempts: Codable, Hashable, Sendable {
    /// Attempts counted since the last successful sign-in (each is counted before its password is checked).
    public var count: Int
    /// The last attempt.
    package var lastAttemptAt: Date
    /// No attempt is checked before this instant.
    package var lockedUntil: Date?

    /// Creates a record.
    public init(count: Int, lastAttemptAt: Date, lockedUntil: Date? = nil) {
        self.count = count
        self.lastAttemptAt = lastAttemptAt
        self.lockedUntil = lockedUntil
    }
}

/// How many SMS went out in one window for one key (a number range's hour, the project's day).
package struct SMSCounter: Codable, Hashable, Sendable {
    /// The SMS sent in the window.
    package var count: Int
    /// When the window ends, and the counter with it.
    package var windowEndsAt: Date

    /// Creates a counter.
    package init(count: Int, windowEndsAt: Date) {
        self.count = count
        self.windowEndsAt = windowEndsAt
    }
}

/// What the embedded Apple-like issuer keeps: its signing key, the Apple ID, and which apps the user has
/// already authorized (Apple sends the name and email only at the first authorization).
public struct AppleIssuerState: Codable, Hashable, Sendable {
    /// The HS256 key, base64url; made at random once per installation.
    public var signingKey: String
    /// The Apple ID at the keyboard.
    public var user: AppleIDUser
    /// Client ids the user has authorized, with the email choice made the first time (`true`: share).
    package var authorizedClients: [String: Bool] = [:]
    /// Client ids the user has stopped using Sign in with Apple with.
    public var revokedClients: [String] = []
    /// The authorization codes issued and not yet used or expired, by the SHA-256 hex of the code: what a
    /// revocation (an account deletion) must present, as Apple's token endpoint wants.
    package var issuedCodes: Table<AppleAuthorizationCodeRecord> = [:]

    /// Creates a state.
    public init(signingKey: String, user: AppleIDUser) {
        self.signingKey = signingKey
        self.user = user
    }

    /// This state with its table in memory (see ``EmbeddedBackendState/detached()``).
    public func detached() -> AppleIssuerState {
        var copy = self
        copy.issuedCodes = issuedCodes.detached()
        return copy
    }

    private enum CodingKeys: String, CodingKey {
        case signingKey, user, authorizedClients, revokedClients, issuedCodes
    }

    /// Decodes a state; parts added after version 1 may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        signingKey = try container.decode(String.self, forKey: .signingKey)
        user = try container.decode(AppleIDUser.self, forKey: .user)
        authorizedClients = try container.decode([String: Bool].self, forKey: .authorizedClients)
        revokedClients = try container.decodeIfPresent([String].self, forKey: .revokedClients) ?? []
        issuedCodes =
            try container.decodeIfPresent(Table<AppleAuthorizationCodeRecord>.self, forKey: .issuedCodes) ?? [:]
    }
}

/// An authorization code the Apple-like issuer handed out: for which app and user, and until when it works.
package struct AppleAuthorizationCodeRecord: Codable, Hashable, Sendable {
    /// The app's client id.
    public var clientID: String
    /// The Apple user (`sub`).
    public var subject: String
    /// When the code stops working (seconds since 1970); Apple's last five minutes.
    public var expiresAt: Int

    /// Creates a record.
    public init(clientID: String, subject: String, expiresAt: Int) {
        self.clientID = clientID
        self.subject = subject
        self.expiresAt = expiresAt
    }
}
