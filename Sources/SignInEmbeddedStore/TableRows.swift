public import Foundation
import SignInDomain

// How each table of the state is kept: its name in a database, its lookups and its instant.

extension EmbeddedAccount: TableRow {
    /// The lookup that finds an account by an email it owns.
    package static let byEmail = "email"
    /// The lookup that finds an account by the credential id of a passkey it has: a sign-in with a discoverable
    /// passkey names no account.
    package static let byPasskey = "passkey"
    /// The lookup that finds an account by the email an identity provider gave for one of its identities.
    package static let byProviderEmail = "provider_email"

    public static let tableSchema = TableSchema<EmbeddedAccount>(
        name: "accounts",
        lookups: [
            byEmail: { $0.ownedEmails }, byPasskey: { ($0.passkeys ?? []).map(\.credentialID) },
            byProviderEmail: { $0.providerEmails },
        ],
        belongs: { key, account in key == account.uid })

    /// An email as the lookup compares it: trimmed and lowercased.
    package static func lookupEmail(_ email: String) -> String {
        (EmailAddress.normalized(email) ?? email).lowercased()
    }

    /// The emails that name this account: its own, and its password identity's.
    var ownedEmails: [String] {
        var emails = email.map { [Self.lookupEmail($0)] } ?? []
        for identity in identities where identity.providerId == ProviderType.emailPassword.rawValue {
            emails.append(Self.lookupEmail(identity.subject))
        }
        return emails
    }

    /// The emails its identity providers gave for its identities (not its password's, nor a phone's).
    var providerEmails: [String] {
        identities.filter { !["password", "phone"].contains($0.providerId) }.compactMap { identity in
            identity.email.map(Self.lookupEmail)
        }
    }
}

/// The identity index's rows: the uid of the account a provider identity is linked to.
extension String: TableRow {
    public static let tableSchema = TableSchema<String>(name: "identities")
}

/// The used nonces' rows: when the nonce may be forgotten.
extension Date: TableRow {
    public static let tableSchema = TableSchema<Date>(name: "used_nonces", instant: { $0.timeIntervalSince1970 })
}

extension RefreshTokenRecord: TableRow {
    /// The lookup that finds the refresh tokens of an account.
    package static let byAccount = "uid"
    /// The lookup that finds the refresh tokens of a chain of refreshes.
    package static let byFamily = "family"

    public static let tableSchema = TableSchema<RefreshTokenRecord>(
        name: "refresh_tokens",
        lookups: [byAccount: { [$0.uid] }, byFamily: { $0.family.map { [$0] } ?? [] }],
        instant: { $0.issuedAt.timeIntervalSince1970 })
}

extension RotatedRefreshToken: TableRow {
    /// The lookup that finds the exchanged tokens of an account.
    package static let byAccount = "uid"

    public static let tableSchema = TableSchema<RotatedRefreshToken>(
        name: "rotated_refresh_tokens", lookups: [byAccount: { [$0.uid] }],
        instant: { $0.rotatedAt.timeIntervalSince1970 })
}

extension ResetCodeRecord: TableRow {
    /// The lookup that finds the reset codes of an account.
    package static let byAccount = "uid"

    public static let tableSchema = TableSchema<ResetCodeRecord>(
        name: "reset_codes", lookups: [byAccount: { [$0.uid] }], instant: { $0.expiresAt.timeIntervalSince1970 })
}

extension PasswordAttempts: TableRow {
    /// The instant is the later of the last attempt and the end of its lockout: a record is stale once both are
    /// far enough in the past.
    public static let tableSchema = TableSchema<PasswordAttempts>(
        name: "password_attempts",
        instant: { max($0.lastAttemptAt, $0.lockedUntil ?? $0.lastAttemptAt).timeIntervalSince1970 })
}

extension SMSCounter: TableRow {
    public static let tableSchema = TableSchema<SMSCounter>(
        name: "sms_counters", instant: { $0.windowEndsAt.timeIntervalSince1970 })
}

extension AppleAuthorizationCodeRecord: TableRow {
    public static let tableSchema = TableSchema<AppleAuthorizationCodeRecord>(
        name: "apple_codes", instant: { Double($0.expiresAt) })
}
