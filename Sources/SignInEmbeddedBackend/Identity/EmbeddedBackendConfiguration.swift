public import Foundation
import SignInDomain
public import SignInEmbeddedIssuers
package import SignInEmbeddedStore

/// The settings of the embedded backend, with defaults that suit the demo.
public struct EmbeddedBackendConfiguration: Hashable, Sendable {
    /// The project id: the `aud` of the service's ID tokens.
    public var projectID: String
    /// The tenant the backend keeps the accounts of, or `nil` for the project's own. A tenant's ID tokens name it
    /// (`firebase.tenant`), its refresh tokens start with `r.<tenant>.`, and a custom token for another tenant is
    /// `TENANT_ID_MISMATCH`. Each tenant is a backend of its own, over its own state: no account, code or session
    /// crosses from one to another.
    public var tenantID: String?
    /// How the service signs its ID tokens: with the session key (HS256, the default: nothing to publish, no platform
    /// library needed), or with an RSA key whose public half it publishes (RS256, as Firebase does, so that a backend
    /// verifies them the production way; it needs the platform's library: OpenSSL 3 on Linux, Security on Apple
    /// platforms). Either way it accepts the tokens it signed the other way. `.unsigned` is Google's emulator's way,
    /// for its test suites only: see ``SessionTokenAlgorithm/unsigned``.
    public var sessionTokenAlgorithm = SessionTokenAlgorithm.hs256
    /// The app's client id at Apple: the `aud` of Apple identity tokens.
    public var appleClientID: String
    /// The `iss` of Apple identity tokens.
    public var appleIssuer: String
    /// How long the service's ID tokens last, in seconds.
    public var sessionLifetime: TimeInterval
    /// How far clocks may disagree when tokens are checked, in seconds.
    public var clockSkew: TimeInterval
    /// The app's client id at Google: the `aud` of Google ID tokens.
    public var googleClientID: String
    /// The `iss` of Google ID tokens.
    public var googleIssuer: String
    /// PBKDF2 iterations for new password hashes (600,000 by default; hashes keep their own count).
    public var passwordIterations: Int
    /// The start of the password-reset deep link; the code is added as `?code=…`.
    public var passwordResetLink: String
    /// How long a password-reset code works, in seconds (an email-verification code too).
    public var passwordResetLifetime: TimeInterval
    /// The start of the email-verification deep link; the code is added as `?code=…`.
    public var emailVerificationLink = "signin-demo://verify-email"
    /// The link an email sign-in mail carries, before `?code=`.
    public var emailSignInLink = "signin-demo://sign-in"
    /// How recent a sign-in must be, in seconds, for a sensitive operation (deleting the account, changing the
    /// password, unlinking a provider). Older sessions get `CREDENTIAL_TOO_OLD_LOGIN_AGAIN`.
    public var recentSignInWindow: TimeInterval
    /// How password guesses are slowed down.
    public var passwordThrottle: PasswordThrottle
    /// How long after a refresh token was exchanged its reuse is taken for a race between two processes of the
    /// same app (answered `REFRESH_TOKEN_ALREADY_ROTATED`, nothing revoked) rather than for theft (the whole
    /// chain of refreshes is revoked), in seconds.
    public var refreshTokenReuseGrace: TimeInterval
    /// How long an exchanged refresh token is remembered, to recognise its reuse, in seconds.
    public var rotatedRefreshTokenRetention: TimeInterval
    /// How many sessions (chains of refreshes) an account keeps: a new sign-in past this many ends the oldest,
    /// so that a user who signs in again and again does not fill the backend with refresh tokens.
    public var maximumSessionsPerAccount: Int
    /// The OpenID-Connect-style providers registered besides Apple and Google, each with a simulated issuer
    /// (`EmbeddedIdPIssuer`) whose tokens `accounts:signInWithIdp` accepts under its provider id.
    public var identityProviders: [IdentityProviderRegistration]
    /// Whether `accounts:signInWithCustomToken` also takes the unsigned custom tokens the Firebase Admin SDKs make for
    /// an emulator (`alg: none`, issued by `firebase-auth-emulator@example.com`), as Google's emulator does: on for
    /// `signin-demo serve`, whose Admin API is open to the local owner credential anyway; off in-process, where only
    /// tokens signed with the backend's own custom-token key are taken.
    public var acceptsEmulatorCustomTokens = false
    /// Whether `accounts:signInWithIdp` also takes the unsigned identity tokens Google's Auth emulator takes (a JSON
    /// object of claims, or a JWT with `alg: none`), with no nonce, issuer, audience or expiry to check, for tests
    /// written against that emulator. Off by default and in-process; `signin-demo serve
    /// --accept-unsigned-provider-tokens` turns it on. A signed token is checked in full either way.
    public var acceptsUnsignedProviderTokens = false
    /// The shortest password it takes when one is set: the package's policy (`PasswordPolicy.minimumLength`) by
    /// default; Firebase's 6 for tests written against Google's emulator (`signin-demo serve --as-google-emulator`).
    /// The policy's other rules hold either way.
    public var minimumPasswordLength = PasswordPolicy.minimumLength
    /// How many reset mails an account may have pending (each lives ``passwordResetLifetime``): a request past this
    /// many sends nothing, so that nobody can fill a user's inbox or the backend's outbox with them. Under email
    /// enumeration protection the answer is the same as for any other request; without it,
    /// `RESET_PASSWORD_EXCEED_LIMIT`.
    public var maximumPendingResetMails = 5
    /// How many reset mails one client (``EmbeddedBackend/client``, an IP address) may ask for per
    /// ``passwordResetLifetime`` (an hour by default), for any emails, known or not: past it,
    /// `RESET_PASSWORD_EXCEED_LIMIT`, which tells nothing about the email. Requests made in process, or from a
    /// loopback address (this machine, where every client of a loopback server comes from), are not counted.
    public var maximumResetMailsPerClient = 20
    /// The limits against SMS pumping (numbers bought to be sent SMS at the project's cost), beside the five codes a
    /// number may have pending and the per-client limit of ``maximumResetMailsPerClient``.
    public var smsLimits = SMSLimits()
    /// The settings a project's administrator may change while the backend runs (the emulator's `config`
    /// endpoint); these are the ones it starts with.
    public var projectSettings = EmbeddedProjectSettings()
    /// The passkeys' relying party: its id, its name and the origins its passkeys may sign in from.
    public var passkeys = PasskeyRelyingPartySettings()

    /// Creates a configuration.
    public init(
        projectID: String = EmbeddedBackendConfiguration.defaultProjectID,
        appleClientID: String = "com.example.signin-demo",
        appleIssuer: String = "https://appleid.apple.com",
        sessionLifetime: TimeInterval = 3600,
        clockSkew: TimeInterval = 60,
        googleClientID: String = "000000000000-signin-demo.apps.googleusercontent.com",
        googleIssuer: String = "https://accounts.google.com",
        passwordIterations: Int = PasswordHasher.recommendedIterations,
        passwordResetLink: String = "signin-demo://reset-password",
        passwordResetLifetime: TimeInterval = 3600,
        recentSignInWindow: TimeInterval = 300,
        passwordThrottle: PasswordThrottle = PasswordThrottle(),
        refreshTokenReuseGrace: TimeInterval = 60,
        rotatedRefreshTokenRetention: TimeInterval = 30 * 24 * 3600,
        maximumSessionsPerAccount: Int = 100,
        identityProviders: [IdentityProviderRegistration] = []
    ) {
        self.identityProviders = identityProviders
        self.maximumSessionsPerAccount = max(1, maximumSessionsPerAccount)
        self.projectID = projectID
        self.appleClientID = appleClientID
        self.appleIssuer = appleIssuer
        self.sessionLifetime = sessionLifetime
        self.clockSkew = clockSkew
        self.googleClientID = googleClientID
        self.googleIssuer = googleIssuer
        self.passwordIterations = passwordIterations
        self.passwordResetLink = passwordResetLink
        self.passwordResetLifetime = passwordResetLifetime
        self.recentSignInWindow = recentSignInWindow
        self.passwordThrottle = passwordThrottle
        self.refreshTokenReuseGrace = refreshTokenReuseGrace
        self.rotatedRefreshTokenRetention = rotatedRefreshTokenRetention
    }

    /// The project id of a backend nobody named one for. Firebase's emulators treat a project id that starts with
    /// `demo-` as one that exists nowhere else.
    public static let defaultProjectID = "demo-signin"

    /// The `iss` of the service's own ID tokens: Firebase's, `https://securetoken.google.com/<project>`, so that
    /// Firebase's own tools read them as an emulator's. They are still signed with the backend's own key, which no
    /// Firebase project accepts.
    public var sessionIssuer: String { "https://securetoken.google.com/\(projectID)" }

    /// The issuer of its session cookies, as Firebase's: `https://session.firebase.google.com/<project>`.
    public var sessionCookieIssuer: String { "https://session.firebase.google.com/\(projectID)" }
}

/// The settings of the project that may change while the backend runs, as a Firebase project's may.
public struct EmbeddedProjectSettings: Hashable, Sendable {
    /// Email enumeration protection, on by default as in every Firebase project made since September 2023. On, a
    /// wrong password and an email with no account get the same answer (`INVALID_LOGIN_CREDENTIALS`), and a reset
    /// for an email with no account is answered as any other, at the same cost; off, they are told apart
    /// (`EMAIL_NOT_FOUND`, `INVALID_PASSWORD`), which lets anyone learn which emails have accounts.
    public var emailEnumerationProtection: Bool
    /// Whether anyone may sign in at all (Firebase's `disableAuth`, inverted): off, every call for a user is
    /// `PROJECT_DISABLED`.
    public var signInEnabled = true
    /// Whether accounts may be made and signed in with an email and a password (Firebase's `allowPasswordSignup`):
    /// off, signing up is `OPERATION_NOT_ALLOWED` and signing in `PASSWORD_LOGIN_DISABLED`.
    public var passwordSignInEnabled = true
    /// Whether guests may sign up (Firebase's `enableAnonymousUser`): off, `ADMIN_ONLY_OPERATION`.
    public var guestSignUpEnabled = true
    /// Whether email links sign in (Firebase's `enableEmailLinkSignin`): off, sending one and signing in with one
    /// are `OPERATION_NOT_ALLOWED`.
    public var emailLinkSignInEnabled = true
    /// The blocking functions the service calls, by event: each an absolute `http` or `https` URI (Identity
    /// Platform's `blockingFunctions.triggers`). None by default.
    public var blockingFunctions: [BlockingFunctionEvent: String] = [:]
    /// The identity provider's credentials the blocking functions are given with a sign-in by that provider
    /// (Identity Platform's `blockingFunctions.forwardInboundCredentials`): none by default.
    public var forwardedCredentials: Set<ForwardedCredential> = []
    /// Whether an identity provider's email may also be another account's (Firebase's `allowDuplicateEmails`): on,
    /// a new identity always makes an account of its own, which does not take the provider's email as its own, and
    /// an identity is linked whatever account has its email. Off (the default), one account per email: an identity
    /// whose email another account has is not given an account or linked elsewhere. An account's own email stays
    /// one account's either way, so a password sign-in always names one account.
    public var allowsDuplicateEmails = false
    /// Which numbers may be sent an SMS, by their country calling code (as Firebase's SMS region policy, by region):
    /// every one by default. A number the policy leaves out gets no SMS (`OPERATION_NOT_ALLOWED`).
    public var smsRegions = SMSRegionPolicy.allowAll

    /// Creates the settings.
    public init(emailEnumerationProtection: Bool = true) {
        self.emailEnumerationProtection = emailEnumerationProtection
    }
}

/// The relying party the embedded backend is for passkeys (WebAuthn).
public struct PasskeyRelyingPartySettings: Hashable, Sendable {
    /// The relying party id: the domain the passkeys are bound to. An app on an Apple platform needs the Associated
    /// Domains entitlement `webcredentials:<id>` and the domain's `apple-app-site-association` naming the app.
    public var id: String
    /// The name the device's sheet shows.
    public var name: String
    /// The origins a registration or an assertion may come from (the client data's `origin`), compared exactly. An
    /// Apple platform's passkeys say `https://<id>`.
    public var origins: [String]
    /// Whether the device must verify the user (biometrics or its passcode), not only their presence. On by default:
    /// a passkey then stands for two factors, and a sign-in with it asks for no second factor.
    public var requiresUserVerification: Bool
    /// How long a challenge works, in seconds.
    public var challengeLifetime: TimeInterval
    /// The most passkeys an account may have.
    public var maximumPerAccount: Int

    /// Creates the settings; by default the relying party `signin.example` at `https://signin.example`.
    public init(
        id: String = "signin.example", name: String = "Sign-in demo", origins: [String]? = nil,
        requiresUserVerification: Bool = true, challengeLifetime: TimeInterval = 300, maximumPerAccount: Int = 10
    ) {
        self.id = id
        self.name = name
        self.origins = origins ?? ["https://\(id)"]
        self.requiresUserVerification = requiresUserVerification
        self.challengeLifetime = challengeLifetime
        self.maximumPerAccount = max(1, maximumPerAccount)
    }
}

/// How the embedded backend slows down password guesses, per email (also for emails with no account, so that
/// the answer tells nothing): a few attempts are free, then each attempt locks the email for a time that doubles,
/// up to a ceiling. A successful sign-in clears the count; a quiet period forgets it.
public struct PasswordThrottle: Hashable, Sendable {
    /// Attempts before the first lock.
    public var freeAttempts: Int
    /// The first lock, in seconds; each further attempt doubles it.
    public var baseLockout: TimeInterval
    /// The longest lock, in seconds.
    public var maximumLockout: TimeInterval
    /// After this many seconds without an attempt, the count starts again.
    public var forgetAfter: TimeInterval

    /// Creates a throttle; the defaults allow 5 attempts, then lock for 30 s, 60 s, … up to 15 minutes.
    public init(
        freeAttempts: Int = 5, baseLockout: TimeInterval = 30, maximumLockout: TimeInterval = 900,
        forgetAfter: TimeInterval = 3600
    ) {
        self.freeAttempts = freeAttempts
        self.baseLockout = baseLockout
        self.maximumLockout = maximumLockout
        self.forgetAfter = forgetAfter
    }

    /// How long the email is locked after its `count`-th attempt in a row, in seconds; `nil` while attempts are
    /// still free.
    public func lockout(afterAttempt count: Int) -> TimeInterval? {
        guard count >= freeAttempts else { return nil }
        let doublings = min(count - freeAttempts, 30)
        return min(maximumLockout, baseLockout * Double(1 << doublings))
    }

    /// Whether `attempts` still counts at `now`: an attempt within ``forgetAfter``, or a lock not yet over.
    package func isCurrent(_ attempts: PasswordAttempts, now: Date) -> Bool {
        now.timeIntervalSince(attempts.lastAttemptAt) < forgetAfter || (attempts.lockedUntil ?? now) > now
    }
}

extension IdentityTokenIssuer {
    /// The issuers a backend with `configuration` accepts: Apple's and Google's simulations, and each registered
    /// OpenID-Connect-style provider, keyed by provider id.
    static func all(_ configuration: EmbeddedBackendConfiguration) -> [String: IdentityTokenIssuer] {
        var issuers: [String: IdentityTokenIssuer] = [:]
        let simulated = [
            EmbeddedAppleIssuer.tokenIssuer(issuer: configuration.appleIssuer, clientID: configuration.appleClientID),
            EmbeddedGoogleIssuer.tokenIssuer(
                issuer: configuration.googleIssuer, clientID: configuration.googleClientID),
        ]
        for issuer in simulated + configuration.identityProviders.map(\.tokenIssuer) {
            issuers[issuer.providerId] = issuer
        }
        return issuers
    }
}

/// An identity provider's credential that a blocking function may be given with a sign-in.
public enum ForwardedCredential: String, Hashable, Sendable, CaseIterable {
    /// The provider's ID token (`oauth_id_token`).
    case idToken
    /// The provider's access token (`oauth_access_token`).
    case accessToken
    /// The provider's refresh token (`oauth_refresh_token`), which the embedded backend never gets, so never sends.
    case refreshToken
}

/// How the embedded backend signs its ID tokens.
public enum SessionTokenAlgorithm: String, Hashable, Sendable {
    /// HMAC with SHA-256 under the session key, which only the backend holds.
    case hs256 = "HS256"
    /// RSASSA-PKCS1-v1_5 with SHA-256 under an RSA key whose public half the backend publishes.
    case rs256 = "RS256"
    /// No signature (`alg: none`), as Google's Auth emulator issues its tokens; the backend then takes unsigned tokens
    /// of its own back (still checking their issuer, audience, expiry, account and revocation), and anyone who can
    /// reach it can make a session for any account. Only for test suites written against Google's emulator.
    case unsigned = "none"
}

/// Which phone numbers may be sent an SMS, by country calling code (`"1"`, `"44"`, `"886"`, as ITU-T assigns them).
/// Firebase's policy names regions (`US`, `CA`); a number's country calling code is what the number itself says,
/// and some codes are shared by several regions (`+1`), so here the policy names codes.
public enum SMSRegionPolicy: Hashable, Sendable {
    /// Every number.
    case allowAll
    /// Only numbers of these country calling codes.
    case allowOnly(Set<String>)
    /// Every number but those of these country calling codes.
    case deny(Set<String>)

    /// Whether `number` (E.164) may be sent an SMS.
    public func allows(_ number: String) -> Bool {
        guard let code = PhoneNumber.countryCallingCode(of: String(number.drop { $0 == "+" })) else { return false }
        switch self {
        case .allowAll: return true
        case .allowOnly(let codes): return codes.contains(code)
        case .deny(let codes): return !codes.contains(code)
        }
    }
}

/// The limits against SMS pumping: many numbers of one range (bought in a block, each paid per SMS), and a daily cap
/// for the whole project. Counted per clock hour and per UTC day, in the backend's state, so that a restart resets
/// nothing.
public struct SMSLimits: Hashable, Sendable {
    /// How many SMS the numbers of one range may be sent per hour.
    public var perNumberRangePerHour: Int
    /// A range is the numbers that differ only in their last this many digits (3: a block of 1,000 numbers).
    public var rangeDigits: Int
    /// How many SMS the project sends per day, to every number.
    public var perProjectPerDay: Int

    /// Creates the limits.
    public init(perNumberRangePerHour: Int = 10, rangeDigits: Int = 3, perProjectPerDay: Int = 1000) {
        self.perNumberRangePerHour = perNumberRangePerHour
        self.rangeDigits = rangeDigits
        self.perProjectPerDay = perProjectPerDay
    }
}
