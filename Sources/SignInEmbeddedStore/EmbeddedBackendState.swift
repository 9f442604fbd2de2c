public import Foundation
public import SignInCrypto
public import SignInData
public import SignInDomain
public import SignInJOSE

/// Everything the embedded backend keeps, as one versioned document: the keys, the Apple ID and its
/// authorizations, the accounts, the refresh tokens (hashed) and the used nonces.
public struct EmbeddedBackendState: Codable, Hashable, Sendable {
    /// The version this code writes. A document with a higher version is refused, never overwritten, so that an
    /// older program cannot drop what it does not know (a revocation, say). Version 1 (before Google, passwords
    /// and resets) is read and migrated: its missing parts get their defaults and a new Google issuer. Version 2
    /// (before `validSince`, refresh-token families and password throttling) gets empty defaults.
    public static let currentVersion = 3

    /// The document's version.
    public var version: Int
    /// The key that signs the service's own ID tokens, base64url.
    public var sessionKey: String
    /// The Apple-like issuer's state.
    public var apple: AppleIssuerState
    /// The identity service's state.
    public var identity: IdentityServiceState
    /// The Google-like issuer's state (`nil` only in a version 1 document, before migration).
    public var google: GoogleIssuerState?
    /// The keys of the registered OpenID-Connect-style providers' simulated issuers, base64url, by provider id;
    /// each is made when its issuer first signs (`nil` until one has).
    public var issuerKeys: [String: String]?
    /// The RSA keys that sign the service's ID tokens when they are RS256, newest (the one that signs) first; the
    /// others still verify the tokens they signed. `nil` until the first is made.
    public var sessionRSAKeys: [SessionRSAKey]?

    /// Creates a state.
    public init(
        version: Int = currentVersion, sessionKey: String, apple: AppleIssuerState,
        identity: IdentityServiceState = IdentityServiceState(), google: GoogleIssuerState? = nil
    ) {
        self.version = version
        self.sessionKey = sessionKey
        self.apple = apple
        self.identity = identity
        self.google = google
    }

    /// The key that signs and verifies the service's own ID tokens.
    /// - Throws: `IdentityBackendError/Code/invalidKey` when it is missing, short or undecodable.
    public func sessionSigningKey() throws(IdentityBackendError) -> HS256Key {
        try HS256Key(stored: sessionKey, name: "The session signing key")
    }

    /// The Apple-like issuer's key.
    /// - Throws: `IdentityBackendError/Code/invalidKey` when it is missing, short or undecodable.
    public func appleSigningKey() throws(IdentityBackendError) -> HS256Key {
        try HS256Key(stored: apple.signingKey, name: "The Apple issuer's signing key")
    }

    /// The Google-like issuer's key.
    /// - Throws: `IdentityBackendError/Code/invalidKey` when it is missing, short or undecodable.
    public func googleSigningKey() throws(IdentityBackendError) -> HS256Key {
        try HS256Key(stored: google?.signingKey, name: "The Google issuer's signing key")
    }

    /// The key that seals the second factors' shared secrets: derived from the session key (so that the accounts' rows,
    /// which hold the sealed secrets, do not hold it), for this use only.
    /// - Throws: `IdentityBackendError/Code/invalidKey` when the session key is missing, short or undecodable.
    package func secondFactorSealingKey() throws(IdentityBackendError) -> [UInt8] {
        HMACSHA256.authenticationCode(
            for: Array("signin second-factor secrets v1".utf8), key: try sessionSigningKey().bytes)
    }

    /// The key of the recovery codes' hashes: derived from the session key, for this use only.
    /// - Throws: `IdentityBackendError/Code/invalidKey` when the session key is missing, short or undecodable.
    package func recoveryCodeKey() throws(IdentityBackendError) -> [UInt8] {
        HMACSHA256.authenticationCode(for: Array("signin recovery codes v1".utf8), key: try sessionSigningKey().bytes)
    }

    /// The key that turns a pending sign-in link into the 6-digit code mailed beside it: derived from the session key,
    /// for this use only, so that the codes' records (hashes of the links' codes) do not give the 6-digit codes away.
    /// - Throws: `IdentityBackendError/Code/invalidKey` when the session key is missing, short or undecodable.
    package func emailCodeKey() throws(IdentityBackendError) -> [UInt8] {
        HMACSHA256.authenticationCode(for: Array("signin email codes v1".utf8), key: try sessionSigningKey().bytes)
    }

    /// The key that signs the passkey challenges and tags the stored passkeys: derived from the session key, for this
    /// use only.
    /// - Throws: `IdentityBackendError/Code/invalidKey` when the session key is missing, short or undecodable.
    package func passkeyKey() throws(IdentityBackendError) -> [UInt8] {
        HMACSHA256.authenticationCode(for: Array("signin passkeys v1".utf8), key: try sessionSigningKey().bytes)
    }

    /// The key of a registered provider's simulated issuer; `nil` while it has none.
    /// - Throws: `IdentityBackendError/Code/invalidKey` when the stored key is short or undecodable.
    package func issuerKey(_ providerId: String) throws(IdentityBackendError) -> HS256Key? {
        guard let stored = issuerKeys?[providerId] else { return nil }
        return try HS256Key(stored: stored, name: "The \(providerId) issuer's signing key")
    }

    /// Makes and keeps a new key for a registered provider's simulated issuer.
    package mutating func makeIssuerKey(_ providerId: String, random: any RandomByteSource) throws(IdentityBackendError)
        -> HS256Key
    {
        let text = Base64URL.encode(random.bytes(count: 32))
        issuerKeys = (issuerKeys ?? [:]).merging([providerId: text]) { _, new in new }
        return try HS256Key(stored: text, name: "The \(providerId) issuer's signing key")
    }

    /// Checks every key, so that a damaged key stops every operation (a key that decodes to nothing would sign
    /// tokens anyone can forge). Cheap: storages call it before each operation.
    /// - Throws: `IdentityBackendError/Code/invalidKey` naming the first bad key.
    package func checkKeys() throws(IdentityBackendError) {
        _ = try sessionSigningKey()
        _ = try appleSigningKey()
        _ = try googleSigningKey()
        for providerId in (issuerKeys ?? [:]).keys.sorted() { _ = try issuerKey(providerId) }
    }

    /// ``checkKeys()``, and that each account is stored under its own uid, so that a damaged state stops the
    /// backend at once instead of failing some operations later (or issuing a session for an account that cannot
    /// be found by it). It reads every account: storages call it when they load a state, not at each operation
    /// (the service never stores an account under another uid).
    /// - Throws: `IdentityBackendError/Code/invalidKey` naming the first bad key,
    ///   `IdentityBackendError/Code/damagedRecord` for an account stored under another uid.
    package func checkIntegrity() throws(IdentityBackendError) {
        try checkKeys()
        if let (key, account) = identity.accounts.first(where: { $0.key != $0.value.uid }) {
            throw IdentityBackendError(
                .damagedRecord,
                message: "the account \(account.uid) is stored under another uid (\(key)); the state is damaged. "
                    + "Restore it from a backup, or move the data folder's backend/ away to start a new installation.")
        }
    }

    /// This state brought to ``currentVersion``, taking what a version 1 document lacks from `fresh`.
    public func migrated(fillingFrom fresh: EmbeddedBackendState) -> EmbeddedBackendState {
        var migrated = self
        if migrated.google == nil { migrated.google = fresh.google }
        migrated.version = Self.currentVersion
        return migrated
    }

    /// A new installation: fresh random keys, a new Apple ID, no accounts.
    /// - Parameters:
    ///   - appleUserName: The name of the Apple ID at the keyboard.
    ///   - appleUserEmail: Its email.
    ///   - random: The randomness for keys and ids.
    public static func fresh(
        appleUserName: PersonName = PersonName(givenName: "Jane", familyName: "Appleseed"),
        appleUserEmail: String = "jane.appleseed@example.com",
        random: any RandomByteSource
    ) -> EmbeddedBackendState {
        let digits = Array("0123456789")
        let subject =
            "001\(random.string(count: 3, alphabet: digits))." + Hex.encode(random.bytes(count: 16))
            + ".0\(random.string(count: 3, alphabet: digits))"
        let relay =
            random.string(count: 10, alphabet: Array("abcdefghijklmnopqrstuvwxyz0123456789"))
            + "@privaterelay.appleid.com"
        let user = AppleIDUser(subject: subject, name: appleUserName, email: appleUserEmail, privateRelayEmail: relay)
        let googleSubject = { "1" + random.string(count: 20, alphabet: digits) }
        let google = GoogleIssuerState(
            signingKey: Base64URL.encode(random.bytes(count: 32)),
            accounts: [
                GoogleAccount(subject: googleSubject(), name: "Jane Appleseed", email: "jane.appleseed@gmail.com"),
                GoogleAccount(subject: googleSubject(), name: "Sam Rivera", email: "sam.rivera@gmail.com"),
            ])
        return EmbeddedBackendState(
            sessionKey: Base64URL.encode(random.bytes(count: 32)),
            apple: AppleIssuerState(signingKey: Base64URL.encode(random.bytes(count: 32)), user: user),
            google: google)
    }
}

// MARK: - Transactions without copies

extension EmbeddedBackendState {
    /// The parts of the state that do not grow with its users: a transaction copies them whole (they are small)
    /// to put them back after a failure, and a database keeps them as one document.
    struct FixedParts: Codable, Equatable {
        var version: Int
        var sessionKey: String
        var appleSigningKey: String
        var appleUser: AppleIDUser
        var authorizedClients: [String: Bool]
        var revokedClients: [String]
        var google: GoogleIssuerState?
        var issuerKeys: [String: String]?
        var lastPrunedAt: Date?
        var sessionRSAKeys: [SessionRSAKey]?
    }

    var fixedParts: FixedParts {
        get {
            FixedParts(
                version: version, sessionKey: sessionKey, appleSigningKey: apple.signingKey, appleUser: apple.user,
                authorizedClients: apple.authorizedClients, revokedClients: apple.revokedClients, google: google,
                issuerKeys: issuerKeys, lastPrunedAt: identity.lastPrunedAt, sessionRSAKeys: sessionRSAKeys)
        }
        set {
            version = newValue.version
            sessionKey = newValue.sessionKey
            apple.signingKey = newValue.appleSigningKey
            apple.user = newValue.appleUser
            apple.authorizedClients = newValue.authorizedClients
            apple.revokedClients = newValue.revokedClients
            google = newValue.google
            issuerKeys = newValue.issuerKeys
            identity.lastPrunedAt = newValue.lastPrunedAt
            sessionRSAKeys = newValue.sessionRSAKeys
        }
    }

    /// A state made of `fixed` parts and tables from `tables` (the tables of a database, say).
    init(fixed: FixedParts, tables: EmbeddedBackendState) {
        self = tables
        fixedParts = fixed
    }

    /// This state with every table in memory: a copy of every row, for snapshots and tests (a state in memory is
    /// returned as it is). A state read from a database must be detached before it leaves its operation.
    public func detached() -> EmbeddedBackendState {
        var copy = self
        copy.identity = identity.detached()
        copy.apple = apple.detached()
        return copy
    }

    /// Runs `body` on this state in place, all or nothing: if it throws, every change it made is undone (the
    /// tables replay their own changes backwards, in the time of those changes), and nothing is copied.
    /// - Returns: What `body` returned, and whether anything changed.
    mutating func transaction<T>(_ body: (inout EmbeddedBackendState) throws(IdentityBackendError) -> T)
        throws(IdentityBackendError) -> (value: T, changed: Bool)
    {
        let fixed = fixedParts
        var step = TransactionStep.begin
        visitTables(&step)
        do {
            let value = try body(&self)
            step = .commit
            visitTables(&step)
            return (value, step.changed || fixedParts != fixed)
        } catch {
            step = .rollBack
            visitTables(&step)
            fixedParts = fixed
            throw error
        }
    }

    /// Calls `visitor` on every table, in place.
    mutating func visitTables(_ visitor: inout some TableVisitor) {
        visitor.visit(&identity.accounts)
        visitor.visit(&identity.identities)
        visitor.visit(&identity.refreshTokens)
        visitor.visit(&identity.usedNonces)
        visitor.visit(&identity.passwordResetCodes)
        visitor.visit(&identity.rotatedRefreshTokens)
        visitor.visit(&identity.passwordAttempts)
        visitor.visit(&identity.smsCounters)
        visitor.visit(&apple.issuedCodes)
    }
}

/// Something done to every table of a state (``EmbeddedBackendState/visitTables(_:)``).
protocol TableVisitor {
    mutating func visit<Value: TableRow>(_ table: inout Table<Value>)
}

/// A step of a transaction, taken on every table.
private enum TransactionStep: TableVisitor {
    case begin, commit, rollBack
    case committed(changed: Bool)

    var changed: Bool {
        if case .committed(let changed) = self { return changed }
        return false
    }

    mutating func visit<Value: TableRow>(_ table: inout Table<Value>) {
        switch self {
        case .begin: table.beginRecording()
        case .commit: self = .committed(changed: table.commit())
        case .committed(let changed): self = .committed(changed: table.commit() || changed)
        case .rollBack: table.rollBack()
        }
    }
}

/// An RSA key that signs (or signed) the service's ID tokens: its id, its private key and its public numbers.
public struct SessionRSAKey: Codable, Hashable, Sendable {
    /// The key's id: the `kid` of the tokens it signs and of its published copy.
    public var kid: String
    /// The private key, its PKCS#1 `RSAPrivateKey` DER encoding in base64url.
    public var privateKey: String
    /// The modulus, big-endian, base64url: what is published, and what verifies.
    public var modulus: String
    /// The public exponent, big-endian, base64url.
    public var exponent: String
    /// When it was made.
    public var createdAt: Date

    /// Creates a record.
    public init(kid: String, privateKey: String, modulus: String, exponent: String, createdAt: Date) {
        self.kid = kid
        self.privateKey = privateKey
        self.modulus = modulus
        self.exponent = exponent
        self.createdAt = createdAt
    }

    /// The public key; `nil` when the stored numbers are not one.
    public var publicKey: RSAPublicKey? {
        guard let modulus = Base64URL.decode(modulus), let exponent = Base64URL.decode(exponent) else { return nil }
        return RSAPublicKey(modulus: modulus, exponent: exponent)
    }
}
