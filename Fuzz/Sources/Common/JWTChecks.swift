import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInJOSE

/// Everything that reads a compact JWT from outside, run on one token, with the properties each promises
/// when it accepts the token: `JWS.parse`, `IdentityTokenVerifier.verify` (Apple's and Google's settings,
/// with and without the raw nonce), `EmbeddedIdentityService.verifySessionToken`, and
/// `EmbeddedIdentityService.signInWithIdP` (which verifies, then records the nonce).
enum JWTChecks {
    static func check(_ token: String) {
        let base = FuzzFixture.base
        let configuration = FuzzFixture.configuration
        let parts = JWS.parse(token)
        if let parts {
            let pieces = token.split(separator: ".", omittingEmptySubsequences: false)
            fuzzCheck(pieces.count == 3, "JWS.parse accepted \(pieces.count) parts")
            fuzzCheck(
                parts.signingInput == Array("\(pieces[0]).\(pieces[1])".utf8),
                "the signing input is not the token's first two parts")
        }

        let verifiers = [
            IdentityTokenVerifier(
                issuers: [configuration.appleIssuer], audience: configuration.appleClientID,
                keys: .hs256(base.appleKey), clockSkew: configuration.clockSkew, requiresNonce: true),
            IdentityTokenVerifier(
                issuers: [configuration.googleIssuer], audience: configuration.googleClientID,
                keys: .hs256(base.googleKey), clockSkew: configuration.clockSkew, requiresNonce: true),
        ]
        for verifier in verifiers {
            for rawNonce in [FuzzFixture.rawNonce, nil] {
                guard let claims = try? verifier.verify(token, rawNonce: rawNonce, now: FuzzFixture.now) else {
                    continue
                }
                checkAccepted(claims, parts: parts, by: verifier, rawNonce: rawNonce)
            }
        }

        let storage = InMemoryBackendStateStorage(base.state)
        let service = FuzzFixture.service(storage, random: SeededBytes(seed: FuzzFixture.seed &+ 1))
        if let claims = try? service.verifySessionToken(token) {
            checkSignature(parts, key: base.sessionKey, what: "verifySessionToken")
            fuzzCheck(claims.iss == configuration.sessionIssuer, "verifySessionToken accepted iss \(claims.iss)")
            fuzzCheck(claims.aud == configuration.projectID, "verifySessionToken accepted aud \(claims.aud)")
            fuzzCheck(
                FuzzFixture.now.timeIntervalSince1970 < TimeInterval(claims.exp),
                "verifySessionToken accepted an expired token (exp \(claims.exp))")
            fuzzCheck(
                base.state.identity.accounts[claims.sub] != nil, "verifySessionToken accepted an unknown sub")
        }

        for provider in [ProviderType.apple.rawValue, ProviderType.google.rawValue] {
            let request = IdPSignInRequest(
                providerId: provider, idToken: Secret(token), rawNonce: Secret(FuzzFixture.rawNonce))
            guard let response = try? service.signInWithIdP(request) else { continue }
            checkSignature(
                parts, key: provider == ProviderType.apple.rawValue ? base.appleKey : base.googleKey,
                what: "signInWithIdP(\(provider))")
            fuzzCheck(response.providerIds.contains(provider), "signInWithIdP(\(provider)) did not link \(provider)")
            let session = try? service.verifySessionToken(response.idToken.value)
            fuzzCheck(session?.sub == response.localId, "the session token signInWithIdP issued does not verify")
            // What the sign-in stored from the token (the account, the nonce until `exp`) must survive the file.
            if let state = try? storage.read({ $0 }) {
                FuzzFixture.checkSurvivesStorage(state, "the state after signInWithIdP(\(provider))")
            }
            // The token carried the nonce (the raw nonce was sent), so a replay must be refused.
            do {
                _ = try service.signInWithIdP(request)
                fuzzFailure("signInWithIdP(\(provider)) accepted the same token twice")
            } catch {
                fuzzCheck(error.code == .nonceAlreadyUsed, "a replay was refused with \(error.code.rawValue)")
            }
        }
    }

    private static func checkAccepted(
        _ claims: IdentityTokenClaims, parts: JWS.Parts?, by verifier: IdentityTokenVerifier, rawNonce: String?
    ) {
        guard case .hs256(let key) = verifier.keys else { fuzzFailure("the fuzzed verifiers have HS256 keys") }
        checkSignature(parts, key: key, what: "IdentityTokenVerifier(\(verifier.issuers.sorted()))")
        if let parts {
            let decoded = try? JSONDecoder().decode(IdentityTokenClaims.self, from: Data(parts.payload))
            fuzzCheck(decoded == claims, "the verifier returned claims the payload does not hold")
        }
        fuzzCheck(verifier.issuers.contains(claims.iss), "the verifier accepted iss \(claims.iss)")
        fuzzCheck(claims.aud.contains(verifier.audience), "the verifier accepted aud \(claims.aud)")
        let seconds = FuzzFixture.now.timeIntervalSince1970
        fuzzCheck(
            seconds < TimeInterval(claims.exp) + verifier.clockSkew, "the verifier accepted exp \(claims.exp)")
        fuzzCheck(
            TimeInterval(claims.iat) <= seconds + verifier.clockSkew, "the verifier accepted iat \(claims.iat)")
        switch (claims.nonce, rawNonce) {
        case (nil, _): fuzzFailure("the verifier accepted a token without a nonce")
        case (let nonce?, let raw?):
            fuzzCheck(nonce.lowercased() == SHA256.hexDigest(raw), "the verifier accepted a nonce that does not match")
        default: fuzzFailure("the verifier accepted a nonce on one side only")
        }
    }

    /// An accepted token is a JWS with `alg` HS256 whose signature verifies under `key`.
    private static func checkSignature(_ parts: JWS.Parts?, key: HS256Key, what: String) {
        guard let parts else { fuzzFailure("\(what) accepted a token JWS.parse refuses") }
        let header = try? JSONDecoder().decode(JOSEHeader.self, from: Data(parts.header))
        fuzzCheck(header?.alg == "HS256", "\(what) accepted alg \(header?.alg ?? "(none)")")
        fuzzCheck(JWS.verifyHS256(parts, key: key), "\(what) accepted a signature that does not verify")
        fuzzCheck(
            key.bytes.count >= FuzzFixture.minimumKeyBytes, "\(what) verified with a \(key.bytes.count)-byte key")
    }
}
