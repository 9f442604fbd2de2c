public import Foundation
public import SignInData

/// An account at the embedded identity service.
public struct EmbeddedAccount: Codable, Hashable, Sendable {
    /// The stable user id.
    public var uid: String
    /// The account's email.
    public var email: String?
    /// Whether the email was verified by the provider that gave it.
    public var emailVerified: Bool
    /// The display name (for Apple: the first sign-in's name).
    public var displayName: String?
    /// The URL of the account's photo: the first identity provider's `picture`, or what the user or an
    /// administrator set. `nil` when there is none.
    public var photoURL: String?
    /// Whether this is a guest account.
    public var isAnonymous: Bool
    /// When the account was created.
    public var createdAt: Date
    /// The provider identities linked to the account, in the order they were linked.
    public var identities: [LinkedIdentity]
    /// The password hash, when email/password is linked.
    public var passwordHash: PasswordHash?
    /// Tokens issued before this instant (seconds since 1970) are refused, ID tokens included: set when the
    /// password is changed or reset, or an administrator revokes the sessions, as Firebase's `validSince`. `nil`
    /// until the first such change.
    public var validSince: Int?
    /// When an administrator disabled the account; `nil` while it is enabled. A disabled account cannot sign in,
    /// refresh or make any call (`USER_DISABLED`) until it is enabled again.
    public var disabledAt: Date?
    /// The custom claims an administrator set, as Firebase keeps them: the text of a JSON object, at most 1,000
    /// characters. `nil` when there are none.
    public var customAttributes: String?
    /// The enrolled second factors, oldest first; `nil` (as in records written before they existed) or empty when
    /// every sign-in needs only its first step.
    public var secondFactors: [TOTPFactorRecord]?
    /// A TOTP enrolment started and not yet confirmed by a first code; a new start replaces it.
    public var pendingTOTPEnrollment: PendingTOTPEnrollment?
    /// The registered passkeys, oldest first; `nil` (as in records written before they existed) or empty when there
    /// are none.
    public var passkeys: [PasskeyRecord]?
    /// The unused recovery codes, each as the hex of its HMAC-SHA256 under a key derived from the session key (which
    /// the accounts' rows do not hold) over `<uid>\n<code>`: a copy of the rows shows no code, and a hash moved to
    /// another account matches nothing there. A used code's hash is removed. `nil` (as in records written before they
    /// existed) or empty when there are none.
    public var recoveryCodes: [String]?
    /// Whether the account has signed in with an email link (Firebase's `emailLinkSignin`): the link is then one of
    /// its ways to sign in. `nil` (as in records written before email links existed) means no.
    public var emailLinkSignIn: Bool?
    /// The email the account had before the user first changed it (Firebase's `initialEmail`); `nil` when it never
    /// changed, or the account had none.
    public var initialEmail: String?
    /// The phone number that signs the account in, in E.164 (its `phone` identity's subject); `nil` when none.
    public var phoneNumber: String?
    /// When the user last signed in (proved who they are): Firebase's `lastLoginAt`. A refresh keeps it; `nil` (as in
    /// records written before it was kept) until the next sign-in.
    public var lastSignInAt: Date?
    /// When tokens were last issued to the account, a refresh's included: Firebase's `lastRefreshAt`.
    public var lastRefreshAt: Date?
    /// When the password was last set: Firebase's `passwordUpdatedAt`. `nil` without a password, or for one set
    /// before this was kept.
    public var passwordUpdatedAt: Date?
    /// The user's handle at the identity provider that made the account (Firebase's `screenName`, a token's
    /// `screen_name`), kept from its first sign-in; `nil` when none said one.
    public var screenName: String?

    /// Whether a sign-in must give a second factor after its first step.
    public var hasSecondFactors: Bool { !(secondFactors ?? []).isEmpty }

    /// Whether an administrator disabled the account.
    public var isDisabled: Bool { disabledAt != nil }

    /// Creates an account.
    public init(
        uid: String, email: String? = nil, emailVerified: Bool = false, displayName: String? = nil,
        isAnonymous: Bool = false, createdAt: Date, identities: [LinkedIdentity] = []
    ) {
        self.uid = uid
        self.email = email
        self.emailVerified = emailVerified
        self.displayName = displayName
        self.isAnonymous = isAnonymous
        self.createdAt = createdAt
        self.identities = identities
    }

    /// The provider ids of the linked identities.
    public var providerIds: [String] { identities.map(\.providerId) }

    /// Each linked provider's own id for the user.
    public var providerUserIds: [String: String] {
        Dictionary(identities.map { ($0.providerId, $0.subject) }, uniquingKeysWith: { first, _ in first })
    }

    /// The account as the backend port describes it.
    public var info: BackendAccountInfo {
        BackendAccountInfo(
            localId: uid, email: email, displayName: displayName, providerIds: providerIds,
            providerUserIds: providerUserIds, isAnonymous: isAnonymous, photoURL: photoURL)
    }
}

/// A provider identity linked to an account: `apple.com` with Apple's `sub`, for example.
public struct LinkedIdentity: Codable, Hashable, Sendable {
    /// The provider id.
    public var providerId: String
    /// The user's id at the provider (the token's `sub`).
    public var subject: String
    /// The email the provider gave.
    public var email: String?

    /// Creates an identity.
    public init(providerId: String, subject: String, email: String? = nil) {
        self.providerId = providerId
        self.subject = subject
        self.email = email
    }

    /// The key of the identity index: provider and subject.
    public var key: String { "\(providerId)|\(subject)" }
}

/// A TOTP second factor as the backend keeps it. The shared secret is the one thing of an account the backend must be
/// able to read back (a code is checked by computing it), so it cannot be hashed as a password is: it is sealed
/// (`SecretSealing`, in SignInCrypto) under a key derived from the backend's session key, which the accounts' rows do
/// not hold, and bound to this account and this factor, so that a copy of the rows reveals no secret and a record
/// moved to another account does not open there. It is never sent again after the enrolment, and no lookup, export or
/// log shows it.
public struct TOTPFactorRecord: Codable, Hashable, Sendable {
    /// The enrolment's id (`mfaEnrollmentId`).
    public var id: String
    /// The name the user gave it.
    public var displayName: String?
    /// When it was enrolled.
    public var enrolledAt: Date
    /// The shared secret, sealed for `<uid>|<id>`.
    public var sealedSecret: String
    /// The last time step whose code signed in (or confirmed the enrolment): a code of that step or an earlier one is
    /// refused, so that a code works once (RFC 6238 §5.2).
    public var lastUsedStep: UInt64
    /// For a phone factor, the number (E.164) its codes are sent to by SMS; it then has no secret (`sealedSecret` is
    /// empty) and no step. `nil` for a TOTP factor (and in records written before phone factors existed).
    public var phoneNumber: String?

    /// Creates a record.
    public init(
        id: String, displayName: String?, enrolledAt: Date, sealedSecret: String, lastUsedStep: UInt64,
        phoneNumber: String? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.enrolledAt = enrolledAt
        self.sealedSecret = sealedSecret
        self.lastUsedStep = lastUsedStep
        self.phoneNumber = phoneNumber
    }
}

/// A TOTP enrolment waiting for its first code.
public struct PendingTOTPEnrollment: Codable, Hashable, Sendable {
    /// The shared secret offered, sealed for `<uid>|pending` (see ``TOTPFactorRecord``).
    public var sealedSecret: String
    /// The SHA-256 hex of the enrolment's handle (`sessionInfo`), which the confirmation must send back.
    public var sessionInfoHash: String
    /// When it stops being confirmable.
    public var expiresAt: Date

    /// Creates a record.
    public init(sealedSecret: String, sessionInfoHash: String, expiresAt: Date) {
        self.sealedSecret = sealedSecret
        self.sessionInfoHash = sessionInfoHash
        self.expiresAt = expiresAt
    }
}

/// A passkey as the backend keeps it: the credential's public key and what the relying party's checks need next
/// time. Nothing in it is secret, but all of it must be what was registered: a public key swapped in the rows would
/// let its private key's holder sign in, and a record copied to another account would sign in there. So each record
/// carries a tag (HMAC-SHA-256 under a key derived from the backend's session key, which the rows do not hold) over
/// the account, the credential id and the public key; a record whose tag does not verify signs nobody in.
public struct PasskeyRecord: Codable, Hashable, Sendable {
    /// The credential id, base64url: what the device calls the passkey, and the accounts' lookup key for it.
    public var credentialID: String
    /// The name the user gave it.
    public var name: String
    /// The COSE public key, base64url, as the registration carried it.
    public var publicKey: String
    /// The last signature counter the authenticator reported: the next must be greater, unless both are 0.
    public var signCount: UInt32
    /// When it was registered.
    public var createdAt: Date
    /// When it last signed in; `nil` before its first sign-in.
    public var lastUsedAt: Date?
    /// The integrity tag over `<uid>|<credentialID>|<publicKey>`, base64url.
    public var tag: String

    /// Creates a record.
    public init(
        credentialID: String, name: String, publicKey: String, signCount: UInt32, createdAt: Date,
        lastUsedAt: Date? = nil, tag: String
    ) {
        self.credentialID = credentialID
        self.name = name
        self.publicKey = publicKey
        self.signCount = signCount
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.tag = tag
    }
}
