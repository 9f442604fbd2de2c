public import Foundation
public import SignInCrypto
public import SignInData
public import SignInDomain
public import SignInEmbeddedStore
public import SignInJOSE

/// An Apple-like issuer of identity tokens: what Apple's servers do behind the Sign in with Apple sheet.
///
/// Tokens are JWTs signed with HS256 under a per-installation key (Apple signs with RS256; a symmetric
/// key keeps the embedded backend free of RSA while exercising the same verification steps). Claims:
/// `iss`, `aud`, `sub`, `iat`, `exp`, `nonce` (the request's SHA-256 hex), `email`, `email_verified`,
/// `is_private_email`.
public final class EmbeddedAppleIssuer: Sendable {
    /// The `iss` of every token.
    public let issuer: String
    /// How long an identity token lasts (Apple: 10 minutes).
    public let tokenLifetime: TimeInterval
    /// How long an authorization code works (Apple: 5 minutes), once.
    public static let codeLifetime = 300
    private let storage: any BackendStateStorage
    private let clock: any WallClock
    private let random: any RandomByteSource

    /// Creates an issuer over the backend's state.
    public init(
        storage: any BackendStateStorage, issuer: String = "https://appleid.apple.com",
        tokenLifetime: TimeInterval = 600, clock: any WallClock, random: any RandomByteSource
    ) {
        self.storage = storage
        self.issuer = issuer
        self.tokenLifetime = tokenLifetime
        self.clock = clock
        self.random = random
    }

    /// The issuer's state, for tests.
    public func snapshot() throws(IdentityBackendError) -> AppleIssuerState {
        try storage.read { $0.apple.detached() }
    }

    /// The signed-in Apple ID.
    public func user() throws(IdentityBackendError) -> AppleIDUser {
        try storage.read { $0.apple.user }
    }

    /// The key a verifier needs (Apple publishes its public keys; here the key is shared in-process).
    package func verificationKey() throws(IdentityBackendError) -> HS256Key {
        try storage.read { state throws(IdentityBackendError) in try state.appleSigningKey() }
    }

    /// Authorizes `clientID` for the Apple ID and issues an identity token.
    /// - Parameters:
    ///   - clientID: The app's client id (the token's `aud`).
    ///   - nonceSHA256: The request's nonce, copied into the token.
    ///   - wantsName: Whether the request has the `fullName` scope.
    ///   - wantsEmail: Whether the request has the `email` scope.
    ///   - shareEmail: The user's choice at the first authorization; later ones keep the first choice.
    public func authorize(
        clientID: String, nonceSHA256: String?, wantsName: Bool = true, wantsEmail: Bool = true, shareEmail: Bool
    ) throws(IdentityBackendError) -> IssuedAppleAuthorization {
        let now = Int(clock.now().timeIntervalSince1970)
        let code = "c." + random.token(byteCount: 24)
        let (issuer, lifetime) = (self.issuer, Int(tokenLifetime))
        return try storage.update { state throws(IdentityBackendError) in
            let key = try state.appleSigningKey()
            // Expired codes are pruned by the identity service, once a minute; a code is checked for expiry on use.
            state.apple.issuedCodes[SHA256.hexDigest(code)] = AppleAuthorizationCodeRecord(
                clientID: clientID, subject: state.apple.user.subject, expiresAt: now + Self.codeLifetime)
            let firstTime = state.apple.authorizedClients[clientID] == nil
            state.apple.revokedClients.removeAll { $0 == clientID }
            let sharesEmail = state.apple.authorizedClients[clientID] ?? shareEmail
            state.apple.authorizedClients[clientID] = sharesEmail
            let user = state.apple.user
            let email = sharesEmail ? user.email : user.privateRelayEmail
            let claims = IdentityTokenClaims(
                iss: issuer, aud: clientID, sub: user.subject, iat: now, exp: now + lifetime,
                nonce: nonceSHA256, email: wantsEmail ? email : nil, emailVerified: wantsEmail ? true : nil,
                isPrivateEmail: wantsEmail ? !sharesEmail : nil)
            return IssuedAppleAuthorization(
                user: user.subject,
                identityToken: Secret(Self.sign(claims, key: key)),
                authorizationCode: Secret(code),
                fullName: firstTime && wantsName ? user.name : nil,
                email: firstTime && wantsEmail ? email : nil
            )
        }
    }

    /// Apple's state for the user `userID` and the app `clientID`: what the credential-state check asks.
    public func credentialState(forUserID userID: String, clientID: String) throws(IdentityBackendError)
        -> AppleCredentialState
    {
        try storage.read { state in
            guard userID == state.apple.user.subject else { return .notFound }
            if state.apple.authorizedClients[clientID] != nil { return .authorized }
            return state.apple.revokedClients.contains(clientID) ? .revoked : .notFound
        }
    }

    /// The user stops using Sign in with Apple with the app (Settings › Apple ID › Sign in with Apple): the
    /// credential state becomes revoked, and the next authorization is a first one again.
    /// - Returns: Whether the app was authorized (whether there was anything to revoke).
    @discardableResult
    public func revokeAuthorization(clientID: String) throws(IdentityBackendError) -> Bool {
        try storage.update { state in
            let wasAuthorized = state.apple.authorizedClients[clientID] != nil
            state.apple.authorizedClients[clientID] = nil
            if !state.apple.revokedClients.contains(clientID) { state.apple.revokedClients.append(clientID) }
            return wasAuthorized
        }
    }

    /// Revokes the app's authorization with a fresh authorization code, as Apple's `/auth/revoke` does after the
    /// code is exchanged: the code must have been issued to `clientID` for `subject`, within its lifetime, and
    /// works once. Called inside the backend's state update, so that a deletion and its revocation are one change.
    /// - Throws: ``SignInData/IdentityBackendError/Code/idpRevocationFailed`` naming what is wrong; nothing changes
    ///   then.
    package static func revoke(
        code: Secret, clientID: String, subject: String, now: Int, state: inout EmbeddedBackendState
    ) throws(IdentityBackendError) {
        let key = SHA256.hexDigest(code.value)
        guard let record = state.apple.issuedCodes[key] else {
            throw IdentityBackendError(.idpRevocationFailed, message: "unknown or used authorization code")
        }
        guard record.expiresAt > now else {
            throw IdentityBackendError(.idpRevocationFailed, message: "the authorization code has expired")
        }
        guard record.clientID == clientID, record.subject == subject else {
            throw IdentityBackendError(
                .idpRevocationFailed, message: "the authorization code is another app's or user's")
        }
        state.apple.issuedCodes[key] = nil
        state.apple.authorizedClients[clientID] = nil
        if !state.apple.revokedClients.contains(clientID) { state.apple.revokedClients.append(clientID) }
    }

    /// What `accounts:signInWithIdp` checks an `apple.com` token against.
    package static func tokenIssuer(issuer: String, clientID: String) -> IdentityTokenIssuer {
        IdentityTokenIssuer(providerId: ProviderType.apple.rawValue, issuers: [issuer], audience: clientID) {
            state throws(IdentityBackendError) in try state.appleSigningKey()
        }
    }

    /// Signs claims as an identity token under `key`: also used by tests to make tokens that are wrong in
    /// exactly one way.
    public static func sign(_ claims: IdentityTokenClaims, key: HS256Key, header: JOSEHeader = JOSEHeader()) -> String {
        JWS.signHS256(header: header.compactJSON, payload: claims.compactJSON, key: key)
    }
}
