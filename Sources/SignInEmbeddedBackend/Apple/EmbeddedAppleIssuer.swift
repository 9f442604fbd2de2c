import Foundation
import SignInCrypto
import SignInDomain

/// An Apple-like issuer of identity tokens: what Apple's servers do behind the Sign in with Apple sheet.
///
/// Tokens are JWTs signed with HS256 under a per-installation key (Apple signs with RS256; a symmetric
/// key keeps the embedded backend free of RSA while exercising the same verification steps). Claims:
/// `iss`, `aud`, `sub`, `iat`, `exp`, `nonce` (the request's SHA-256 hex), `email`, `email_verified`,
/// `is_private_email`.
public actor EmbeddedAppleIssuer {
    /// The `iss` of every token.
    public nonisolated let issuer: String
    /// How long an identity token lasts (Apple: 10 minutes).
    public nonisolated let tokenLifetime: TimeInterval
    private var state: AppleIssuerState
    private let clock: any WallClock
    private let random: any RandomByteSource

    /// Creates an issuer.
    /// - Parameters:
    ///   - state: The key and the Apple ID.
    ///   - issuer: The `iss` claim.
    ///   - tokenLifetime: Seconds each token lasts.
    ///   - clock: Gives `iat` and `exp`.
    ///   - random: Makes authorization codes.
    public init(
        state: AppleIssuerState, issuer: String = "https://appleid.apple.com", tokenLifetime: TimeInterval = 600,
        clock: any WallClock, random: any RandomByteSource
    ) {
        self.state = state
        self.issuer = issuer
        self.tokenLifetime = tokenLifetime
        self.clock = clock
        self.random = random
    }

    /// The issuer's state, for persistence and tests.
    public var snapshot: AppleIssuerState { state }

    /// The signed-in Apple ID.
    public var user: AppleIDUser { state.user }

    /// The key a verifier needs (Apple publishes its public keys; here the key is shared in-process).
    public var verificationKey: [UInt8] { Base64URL.decode(state.signingKey) ?? [] }

    /// Authorizes `clientID` for the Apple ID and issues an identity token.
    /// - Parameters:
    ///   - clientID: The app's client id (the token's `aud`).
    ///   - nonceSHA256: The request's nonce, copied into the token.
    ///   - wantsName: Whether the request has the `fullName` scope.
    ///   - wantsEmail: Whether the request has the `email` scope.
    ///   - shareEmail: The user's choice at the first authorization; later ones keep the first choice.
    public func authorize(
        clientID: String, nonceSHA256: String?, wantsName: Bool = true, wantsEmail: Bool = true, shareEmail: Bool
    ) -> IssuedAppleAuthorization {
        let firstTime = state.authorizedClients[clientID] == nil
        let sharesEmail = state.authorizedClients[clientID] ?? shareEmail
        state.authorizedClients[clientID] = sharesEmail
        let email = sharesEmail ? state.user.email : state.user.privateRelayEmail
        let now = Int(clock.now().timeIntervalSince1970)
        let claims = IdentityTokenClaims(
            iss: issuer, aud: clientID, sub: state.user.subject, iat: now, exp: now + Int(tokenLifetime),
            nonce: nonceSHA256, email: wantsEmail ? email : nil, emailVerified: wantsEmail ? true : nil,
            isPrivateEmail: wantsEmail ? !sharesEmail : nil)
        return IssuedAppleAuthorization(
            user: state.user.subject,
            identityToken: Secret(Self.sign(claims, key: verificationKey)),
            authorizationCode: Secret("c." + random.token(byteCount: 24)),
            fullName: firstTime && wantsName ? state.user.name : nil,
            email: firstTime && wantsEmail ? email : nil
        )
    }

    /// Signs claims as an identity token under `key`: also used by tests to make tokens that are wrong in
    /// exactly one way.
    public static func sign(_ claims: IdentityTokenClaims, key: [UInt8], header: JOSEHeader = JOSEHeader()) -> String {
        JWS.signHS256(header: JSONCoding.encode(header), payload: JSONCoding.encode(claims), key: key)
    }
}
