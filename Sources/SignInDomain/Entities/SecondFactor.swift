public import Foundation

/// A second factor enrolled on an account: what a sign-in asks for after the password or the provider's token.
public struct SecondFactor: Hashable, Sendable, Codable {
    /// The kinds of second factor.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// A time-based one-time code (RFC 6238) from an authenticator app.
        case totp
        /// A code sent by SMS to a phone number.
        case phone
    }

    /// The backend's id of the enrolment (Firebase's `mfaEnrollmentId`).
    public var id: String
    /// What it is.
    public var kind: Kind
    /// The name the user gave it ("Phone"), if any.
    public var displayName: String?
    /// When it was enrolled.
    public var enrolledAt: Date
    /// For a phone factor, its number, as the backend shows it: masked but for its last digits before the second
    /// step of a sign-in (`+*******0100`); `nil` for a TOTP factor.
    public var phoneNumber: String?

    /// Creates a factor.
    public init(
        id: String, kind: Kind = .totp, displayName: String? = nil, enrolledAt: Date, phoneNumber: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.displayName = displayName
        self.enrolledAt = enrolledAt
        self.phoneNumber = phoneNumber
    }
}

/// A sign-in that stopped after its first step because the account has second factors: what the screen needs to ask
/// for a code and finish it (Firebase's `MultiFactorResolver`). Nobody is signed in and nothing is stored until it is
/// finished; dropping it is a cancel.
public struct SecondFactorChallenge: Hashable, Sendable {
    /// The backend's proof that the first step succeeded (Firebase's `mfaPendingCredential`): it works once, for a
    /// few minutes.
    public var pendingCredential: Secret
    /// The account's factors, any one of which finishes the sign-in.
    public var factors: [SecondFactor]
    /// The provider of the first step.
    public var provider: ProviderType
    /// The account's email, to remind the user which account asks, if the backend said.
    public var email: String?

    /// Creates a challenge.
    public init(pendingCredential: Secret, factors: [SecondFactor], provider: ProviderType, email: String? = nil) {
        self.pendingCredential = pendingCredential
        self.factors = factors
        self.provider = provider
        self.email = email
    }
}

/// A TOTP factor being enrolled: the shared secret for the user's authenticator app, until a first code from it
/// confirms the enrolment.
public struct TOTPEnrollment: Hashable, Sendable {
    /// The shared secret in Base32, as authenticator apps take it typed in.
    public var secret: Secret
    /// The hash the codes use: `SHA1` (what apps assume), `SHA256`.
    public var algorithm: String
    /// Digits per code.
    public var digits: Int
    /// Seconds a code lasts.
    public var period: Int
    /// The backend's handle of this enrolment (Firebase's `sessionInfo`), which the confirmation sends back.
    public var session: Secret
    /// When the enrolment must be confirmed by.
    public var expiresAt: Date

    /// Creates an enrolment.
    public init(
        secret: Secret, algorithm: String = "SHA1", digits: Int = 6, period: Int = 30, session: Secret,
        expiresAt: Date
    ) {
        self.secret = secret
        self.algorithm = algorithm
        self.digits = digits
        self.period = period
        self.session = session
        self.expiresAt = expiresAt
    }

    /// The `otpauth://totp/` URI an authenticator app scans (Google Authenticator's key URI format): the label
    /// `issuer:account`, the secret, the issuer, and the code's parameters. It carries the secret: show it only to
    /// the user enrolling.
    public func uri(issuer: String, accountName: String) -> Secret {
        let label = Self.percentEncoded(issuer) + ":" + Self.percentEncoded(accountName)
        let query = [
            "secret=" + Self.percentEncoded(secret.value), "issuer=" + Self.percentEncoded(issuer),
            "algorithm=" + Self.percentEncoded(algorithm), "digits=\(digits)", "period=\(period)",
        ]
        return Secret("otpauth://totp/" + label + "?" + query.joined(separator: "&"))
    }

    /// `text` with every byte but RFC 3986's unreserved characters percent-encoded (a space as `%20`).
    static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                encoded.unicodeScalars.append(contentsOf: ["%", hex[Int(byte >> 4)], hex[Int(byte & 0x0f)]])
            }
        }
        return encoded
    }
}

/// What confirming a TOTP enrolment gives: the session afterwards and, when the enrolment was the account's first
/// second factor at a backend that has them, the account's recovery codes, shown to the user this once.
public struct TOTPEnrollmentResult: Hashable, Sendable {
    /// The session afterwards (new tokens: the sign-in now counts as made with both factors).
    public var session: UserSession
    /// The new recovery codes; empty when none were made (not the first factor, or a backend without them, such as
    /// Firebase).
    public var recoveryCodes: [Secret]

    /// Creates a result.
    public init(session: UserSession, recoveryCodes: [Secret] = []) {
        self.session = session
        self.recoveryCodes = recoveryCodes
    }
}

/// A sign-in finished with a recovery code in place of an authenticator's code.
public struct RecoveryCodeSignIn: Hashable, Sendable {
    /// The signed-in session.
    public var session: UserSession
    /// How many of the account's recovery codes are still unused.
    public var codesLeft: Int

    /// Creates a result.
    public init(session: UserSession, codesLeft: Int) {
        self.session = session
        self.codesLeft = codesLeft
    }
}
