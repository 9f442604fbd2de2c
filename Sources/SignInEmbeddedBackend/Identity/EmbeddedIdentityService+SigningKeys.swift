public import Foundation
public import SignInCrypto
public import SignInData
import SignInDomain
import SignInEmbeddedStore
import SignInJOSE
import SignInLocking

/// The keys of the service's ID tokens. With ``EmbeddedBackendConfiguration/sessionTokenAlgorithm`` `.rs256`, each
/// token is signed with the newest RSA key of the state (made on first use, kept in the state, so in the data folder),
/// and names it by `kid`; ``publishedSessionKeys()`` gives the public halves, which a backend fetches to verify the
/// tokens as it verifies Firebase's. ``rotateSessionSigningKey()`` makes a new key that signs from then on; the
/// previous ones keep verifying (and stay published) until ``keptSessionKeys`` newer ones push them out.
extension EmbeddedIdentityService {
    /// A public key that verifies the service's ID tokens.
    public struct PublishedSessionKey: Hashable, Sendable {
        /// The `kid` of the tokens it verifies.
        public var kid: String
        /// The key.
        public var key: RSAPublicKey
        /// When it was made.
        public var createdAt: Date
    }

    /// How many RSA keys are kept, the signing one included: a rotation pushes out the oldest beyond this.
    public static let keptSessionKeys = 3

    /// The public keys of the RSA keys that sign (the newest) and signed the service's ID tokens, newest first; the
    /// first is made when there is none yet and tokens are RS256.
    /// - Throws: `INVALID_KEY` when no RSA key can be made or read here.
    public func publishedSessionKeys() throws(IdentityBackendError) -> [PublishedSessionKey] {
        let now = clock.now()
        let makesOne = configuration.sessionTokenAlgorithm == .rs256
        let stored = try storage.read { state in state.sessionRSAKeys ?? [] }
        let keys =
            stored.isEmpty && makesOne
            ? try storage.update { state throws(IdentityBackendError) in
                _ = try activeSessionRSAKey(state: &state, now: now)
                return state.sessionRSAKeys ?? []
            } : stored
        return keys.compactMap { record in
            record.publicKey.map { PublishedSessionKey(kid: record.kid, key: $0, createdAt: record.createdAt) }
        }
    }

    /// The keys of ``publishedSessionKeys()`` as self-signed X.509 certificates in PEM (`CN=` the issuer's service
    /// account, as Google's), by key id: how the Admin SDKs read Firebase's keys. Each is valid from its key's making
    /// for ten years; a rotation is what retires a key.
    /// - Throws: `INVALID_KEY` when no RSA key can be made or read here.
    public func publishedSessionCertificates() throws(IdentityBackendError) -> [(kid: String, pem: String)] {
        let published = try publishedSessionKeys()
        let records = try storage.read { state in state.sessionRSAKeys ?? [] }
        return try published.map { published throws(IdentityBackendError) in
            guard let record = records.first(where: { $0.kid == published.kid }) else {
                throw IdentityBackendError(.invalidKey, message: "the RSA key \(published.kid) is gone")
            }
            let key = try Self.signingKey(of: record, cache: rsaSigningKeys)
            do throws(RSASigningKeyError) {
                let der = try SelfSignedCertificate.der(
                    of: key, commonName: "securetoken.system.gserviceaccount.com",
                    serial: Hex.decode(record.kid) ?? [1], notBefore: record.createdAt,
                    notAfter: record.createdAt.addingTimeInterval(10 * 365 * 24 * 3600))
                return (record.kid, SelfSignedCertificate.pem(der))
            } catch {
                throw IdentityBackendError(.invalidKey, message: "the RSA key \(record.kid) did not sign (\(error))")
            }
        }
    }

    /// Makes a new RSA key that signs the ID tokens from now on; the previous ones still verify theirs.
    /// - Returns: The new key's id.
    /// - Throws: `INVALID_KEY` when no RSA key can be made here.
    @discardableResult
    public func rotateSessionSigningKey() throws(IdentityBackendError) -> String {
        let now = clock.now()
        let made = try Self.makeSessionRSAKey(random: random, now: now)
        try storage.update { state in
            state.sessionRSAKeys = Array(([made.record] + (state.sessionRSAKeys ?? [])).prefix(Self.keptSessionKeys))
        }
        rsaSigningKeys.withLock { $0[made.record.kid] = made.key }
        return made.record.kid
    }

    /// A session token of `payload`, signed as the configuration says.
    func signSessionToken(_ payload: [UInt8], state: inout EmbeddedBackendState, now: Date)
        throws(IdentityBackendError) -> String
    {
        switch configuration.sessionTokenAlgorithm {
        case .hs256:
            return JWS.signHS256(
                header: JOSEHeader(kid: "session").compactJSON, payload: payload, key: try state.sessionSigningKey())
        case .rs256:
            let (kid, key) = try activeSessionRSAKey(state: &state, now: now)
            let signingInput =
                Base64URL.encode(JOSEHeader(alg: "RS256", kid: kid).compactJSON) + "." + Base64URL.encode(payload)
            do throws(RSASigningKeyError) {
                return signingInput + "." + Base64URL.encode(try key.signature(for: Array(signingInput.utf8)))
            } catch {
                throw IdentityBackendError(.invalidKey, message: "the RSA key did not sign (\(error))")
            }
        case .unsigned:
            return Base64URL.encode(JOSEHeader(alg: "none").compactJSON) + "." + Base64URL.encode(payload) + "."
        }
    }

    /// Whether `parts` carry this service's signature: HS256 under the session key, or RS256 under one of its RSA
    /// keys, named by `kid`. An unsigned token (`alg: none`, nothing after the last dot) counts only when the service
    /// issues unsigned tokens itself (``SessionTokenAlgorithm/unsigned``).
    func hasSessionSignature(_ parts: JWS.Parts, header: JOSEHeader, state: EmbeddedBackendState)
        throws(IdentityBackendError) -> Bool
    {
        switch header.alg {
        case "HS256":
            return JWS.verifyHS256(parts, key: try state.sessionSigningKey())
        case "RS256":
            guard let kid = header.kid, let record = state.sessionRSAKeys?.first(where: { $0.kid == kid }),
                let key = record.publicKey
            else { return false }
            do throws(SignatureCheckUnavailable) {
                return try SignatureVerifier.verifyRSASSAPKCS1v15SHA256(
                    signature: parts.signature, message: parts.signingInput, key: key)
            } catch {
                throw IdentityBackendError(.signatureCheckUnavailable, message: "\(error)")
            }
        case "none" where configuration.sessionTokenAlgorithm == .unsigned:
            return parts.signature.isEmpty
        default:
            throw IdentityBackendError(.unsupportedAlgorithm)
        }
    }

    /// The newest RSA key and its id, made and kept when the state has none.
    private func activeSessionRSAKey(state: inout EmbeddedBackendState, now: Date) throws(IdentityBackendError) -> (
        String, RSASigningKey
    ) {
        guard let record = state.sessionRSAKeys?.first else {
            let made = try Self.makeSessionRSAKey(random: random, now: now)
            state.sessionRSAKeys = [made.record]
            rsaSigningKeys.withLock { $0[made.record.kid] = made.key }
            return (made.record.kid, made.key)
        }
        return (record.kid, try Self.signingKey(of: record, cache: rsaSigningKeys))
    }

    /// The private key of `record`, read once and then taken from `cache`.
    private static func signingKey(of record: SessionRSAKey, cache: Locked<[String: RSASigningKey]>)
        throws(IdentityBackendError) -> RSASigningKey
    {
        if let key = cache.withLock({ $0[record.kid] }) { return key }
        guard let der = Base64URL.decode(record.privateKey), let key = try? RSASigningKey(pkcs1: der),
            key.publicKey == record.publicKey
        else { throw IdentityBackendError(.invalidKey, message: "the RSA key \(record.kid) is damaged") }
        cache.withLock { $0[record.kid] = key }
        return key
    }

    /// A new RSA key and its record.
    private static func makeSessionRSAKey(random: any RandomByteSource, now: Date) throws(IdentityBackendError) -> (
        record: SessionRSAKey, key: RSASigningKey
    ) {
        do throws(RSASigningKeyError) {
            let key = try RSASigningKey.generate()
            let record = SessionRSAKey(
                kid: Hex.encode(random.bytes(count: 20)), privateKey: Base64URL.encode(try key.pkcs1),
                modulus: Base64URL.encode(key.publicKey.modulus), exponent: Base64URL.encode(key.publicKey.exponent),
                createdAt: now)
            return (record, key)
        } catch {
            throw IdentityBackendError(.invalidKey, message: "no RSA key can be made here (\(error))")
        }
    }
}
