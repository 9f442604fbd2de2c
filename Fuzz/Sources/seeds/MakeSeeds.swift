// The seed maker: writes the seed corpus of every target into the folder given as its argument
// (`Fuzz/run --make-seeds` passes Fuzz/corpus). Every seed is made by the code itself, in the fuzz fixture's
// seeded backend, so the same code makes the same bytes and the tokens verify against the fixture's keys.
import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedIssuers
import SignInEmbeddedStore
import SignInInfrastructure
import SignInJOSE
import SignInWebAuthn

@main
struct MakeSeeds {
    static func main() {
        guard CommandLine.arguments.count == 2 else {
            FileHandle.standardError.write(Data("usage: make-seeds <corpus folder>\n".utf8))
            exit(2)
        }
        do {
            try SeedWriter(root: CommandLine.arguments[1]).writeAll()
        } catch {
            FileHandle.standardError.write(Data("make-seeds: \(error)\n".utf8))
            exit(1)
        }
    }
}

private struct SeedWriter {
    let root: String

    func write(_ target: String, _ name: String, _ bytes: [UInt8]) throws {
        let folder = "\(root)/\(target)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/\(name)"))
    }

    func write(_ target: String, _ name: String, _ text: String) throws {
        try write(target, name, Array(text.utf8))
    }

    func writeAll() throws {
        // First: they need nothing from the backend below.
        try writeWebAuthn()
        let configuration = FuzzFixture.configuration
        // The fixture's backend, and the real operations a user makes on it.
        let random = SeededBytes(seed: FuzzFixture.seed &+ 100)
        let storage = InMemoryBackendStateStorage(FuzzFixture.base.state)
        let outbox = InMemoryMailOutbox()
        let service = FuzzFixture.service(storage, random: random, outbox: outbox)
        let apple = EmbeddedAppleIssuer(
            storage: storage, issuer: configuration.appleIssuer, clock: FuzzFixture.clock, random: random)
        let google = EmbeddedGoogleIssuer(
            storage: storage, issuer: configuration.googleIssuer, clientID: configuration.googleClientID,
            clock: FuzzFixture.clock, random: random)

        let appleAuthorization = try apple.authorize(
            clientID: configuration.appleClientID, nonceSHA256: FuzzFixture.nonceSHA256, shareEmail: false)
        let appleToken = appleAuthorization.identityToken.value
        let appleSession = try service.signInWithIdP(
            IdPSignInRequest(
                providerId: ProviderType.apple.rawValue, idToken: appleAuthorization.identityToken,
                rawNonce: Secret(FuzzFixture.rawNonce), fullName: appleAuthorization.fullName,
                email: appleAuthorization.email))
        let googleAccount = try google.accounts()[0]
        // Google sends a nonce only when the app asked for one; the nonce above is used now, so this one has none.
        let googleToken = try google.signIn(email: googleAccount.email, nonce: nil).idToken
        let googleSession = try service.signInWithIdP(
            IdPSignInRequest(providerId: ProviderType.google.rawValue, idToken: Secret(googleToken)))
        let googleTokenWithNonce = try google.signIn(email: googleAccount.email, nonce: FuzzFixture.nonceSHA256).idToken
        let passwordSession = try service.signInWithPassword(
            email: FuzzFixture.email, password: Secret(FuzzFixture.password))
        let guestSession = try service.signUpAnonymously()
        let linked = try service.linkWithPassword(
            idToken: guestSession.idToken, email: "sam.rivera@example.com", password: Secret(FuzzFixture.password))
        try service.sendPasswordResetEmail(email: FuzzFixture.email)
        let resetLink = try outbox.messages()[0].link

        // jwt: the tokens as they arrive; jwt-claims: their payloads.
        let tokens = [
            ("apple-identity-token", appleToken), ("google-id-token", googleToken),
            ("google-id-token-nonce", googleTokenWithNonce),
            ("session-token-apple", appleSession.idToken.value),
            ("session-token-password", passwordSession.idToken.value),
            ("session-token-linked-guest", linked.idToken.value),
        ]
        for (name, token) in tokens {
            try write("jwt", name, token)
            guard let payload = JWS.parse(token)?.payload else { throw SeedError("\(name) does not parse") }
            try write("jwt-claims", name, payload)
        }

        // deep-link: the link of the reset mail, as mailed and as pasted from it.
        try write("deep-link", "reset-link", resetLink)
        try write("deep-link", "reset-link-pasted", "  \(resetLink)\n")
        try write("deep-link", "reset-link-slash", resetLink.replacingOccurrences(of: "password?", with: "password/?"))

        // session-file: the session files the app writes (version 2), and the version 1 layout it migrates.
        let sessions = [
            ("apple", appleSession), ("google", googleSession), ("password", passwordSession), ("linked-guest", linked),
        ]
        for (name, response) in sessions {
            try write(
                "session-file", "session-\(name).json",
                StoredSessionCodec.encode(response.toDomain(now: FuzzFixture.now)))
        }
        try write(
            "session-file", "session-version1.json",
            #"{"version":1,"uid":"\#(passwordSession.localId)","email":"\#(FuzzFixture.email)","displayName":"Jane","#
                + #""providers":["password"],"anonymous":false,"idToken":"\#(passwordSession.idToken.value)","#
                + #""refreshToken":"\#(passwordSession.refreshToken.value)","expiresAt":1767229200}"#)

        // backend-state: the state file of a new installation, of this session's users, of a version 1
        // installation, and of an account whose hash predates a raised cost (it is upgraded at sign-in).
        let fresh = EmbeddedBackendState.fresh(random: SeededBytes(seed: FuzzFixture.seed &+ 200))
        try write("backend-state", "backend-fresh.json", FuzzFixture.storedBytes(of: fresh))
        let populated = try storage.read { $0 }
        try write("backend-state", "backend-populated.json", FuzzFixture.storedBytes(of: populated))
        let oldStorage = InMemoryBackendStateStorage(fresh)
        let oldService = FuzzFixture.service(oldStorage, random: random)
        let oldApple = EmbeddedAppleIssuer(
            storage: oldStorage, issuer: configuration.appleIssuer, clock: FuzzFixture.clock, random: random)
        let oldAuthorization = try oldApple.authorize(
            clientID: configuration.appleClientID, nonceSHA256: FuzzFixture.nonceSHA256, shareEmail: true)
        _ = try oldService.signInWithIdP(
            IdPSignInRequest(
                providerId: ProviderType.apple.rawValue, idToken: oldAuthorization.identityToken,
                rawNonce: Secret(FuzzFixture.rawNonce), fullName: oldAuthorization.fullName,
                email: oldAuthorization.email))
        _ = try oldService.signUpAnonymously()
        try write("backend-state", "backend-version1.json", versionOne(try oldStorage.read { $0 }))
        let cheapStorage = InMemoryBackendStateStorage(fresh)
        let cheap = EmbeddedIdentityService(
            storage: cheapStorage, configuration: EmbeddedBackendConfiguration(passwordIterations: 4),
            clock: FuzzFixture.clock, random: random)
        _ = try cheap.signUp(email: FuzzFixture.email, password: Secret(FuzzFixture.password))
        try write("backend-state", "backend-old-cost.json", FuzzFixture.storedBytes(of: try cheapStorage.read { $0 }))

        // cli-args: command lines from the usage text, NUL between arguments.
        let commandLines: [(String, [String])] = [
            ("tour", ["--data-dir", "/tmp/signin-demo"]),
            ("sign-in-apple", ["sign-in", "apple", "--hide-email"]),
            ("sign-in-google", ["sign-in", "google", "--account", "sam.rivera@gmail.com", "-y"]),
            ("sign-in-email", ["sign-in", "email", "--email=jane@example.com", "--password", "hunter2hunter2"]),
            ("link", ["link", "google", "--switch-account"]),
            ("status-json", ["status", "--json"]),
            ("open-link", ["open-link", resetLink, "--password", "a new passphrase"]),
            ("help", ["--help"]),
        ]
        for (name, arguments) in commandLines {
            try write("cli-args", name, Array(arguments.joined(separator: "\u{0}").utf8))
        }

        // base64url: a key's bytes, a stored key, a signature, a salt.
        try write("base64url", "key-bytes", Base64URL.decode(populated.sessionKey) ?? [])
        try write("base64url", "key-text", populated.sessionKey)
        try write("base64url", "signature-text", String(appleToken.split(separator: ".")[2]))
        guard let hash = populated.identity.accounts[passwordSession.localId]?.passwordHash else {
            throw SeedError("the password account has no hash")
        }
        try write("base64url", "salt-text", hash.salt)
    }

    /// webauthn: registrations and an assertion as a passkey client sends them (the fields of
    /// `WebAuthnFixture.fields(of:)`, each after its 2-byte length), and each part alone, made by SignInWebAuthn's
    /// builders for the relying party, challenge and stored credential id of `Fuzz/Sources/webauthn/WebAuthnFixture`
    /// (the same labels: change both together). The registrations' key is P-256's generator (SEC 2 §2.4.2), a point
    /// the seed maker can name without a private key; the packed statement's and the assertion's signatures are
    /// well-formed DER that do not verify (no key here can sign, and none may sign for the stored key).
    func writeWebAuthn() throws {
        let settings = FuzzFixture.configuration.passkeys
        let challenge = SHA256.hash("SignIn Fuzz webauthn: the challenge")
        let storedCredentialID = SHA256.hash("SignIn Fuzz webauthn: the stored credential")
        guard
            let x = Hex.decode("6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"),
            let y = Hex.decode("4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5"),
            let generator = P256PublicKey(x: x, y: y),
            let signature = WebAuthnSignature.derEncoded(rawSignature: SHA256.hash("r") + SHA256.hash("s"))
        else { throw SeedError("the webauthn seeds' key or signature cannot be made") }
        let key = COSEKey(publicKey: generator)
        func fields(_ parts: [UInt8]...) -> [UInt8] {
            parts.flatMap { [UInt8(truncatingIfNeeded: $0.count >> 8), UInt8(truncatingIfNeeded: $0.count)] + $0 }
        }
        func clientData(_ type: String) -> [UInt8] {
            CollectedClientData(type: type, challenge: challenge, origin: settings.origins[0]).jsonBytes()
        }

        let credential = AuthenticatorData.AttestedCredentialData(
            credentialID: Array(SHA256.hash("SignIn Fuzz webauthn: a new credential").prefix(16)), publicKey: key)
        let registrationData = AuthenticatorData(
            rpID: settings.id, flags: [.userPresent, .userVerified], signCount: 0, attestedCredentialData: credential)
        let syncedData = AuthenticatorData(
            rpID: settings.id, flags: [.userPresent, .userVerified, .backupEligible, .backedUp], signCount: 1,
            attestedCredentialData: credential, extensions: .map([.text("credProtect"): .int(2)]))
        let none = AttestationObject(authenticatorData: registrationData, statement: .none).encoded()
        let packed = AttestationObject(
            authenticatorData: syncedData, statement: .packedSelf(algorithm: COSEKey.es256, signature: signature)
        ).encoded()
        let assertionData = AuthenticatorData(rpID: settings.id, flags: [.userPresent, .userVerified], signCount: 8)
        let create = clientData(CollectedClientData.createType)
        let get = clientData(CollectedClientData.getType)

        try write("webauthn", "registration-none", fields(create, none))
        try write("webauthn", "registration-packed-synced", fields(create, packed))
        try write("webauthn", "assertion", fields(get, assertionData.rawBytes, signature, storedCredentialID))
        try write("webauthn", "attestation-object-none", none)
        try write("webauthn", "attestation-object-packed", packed)
        try write("webauthn", "authenticator-data-registration", registrationData.rawBytes)
        try write("webauthn", "authenticator-data-extensions", syncedData.rawBytes)
        try write("webauthn", "authenticator-data-assertion", assertionData.rawBytes)
        try write("webauthn", "client-data-create.json", create)
        try write("webauthn", "cose-key", key.encoded())
    }

    /// `state` as a version 1 document: no Google issuer, no reset codes, no revoked clients.
    func versionOne(_ state: EmbeddedBackendState) throws -> [UInt8] {
        var old = state
        old.version = 1
        old.google = nil
        let bytes = try FuzzFixture.storedBytes(of: old)
        guard var document = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            var identity = document["identity"] as? [String: Any], var apple = document["apple"] as? [String: Any]
        else { throw SeedError("the state is not a JSON object") }
        identity["passwordResetCodes"] = nil
        apple["revokedClients"] = nil
        document["identity"] = identity
        document["apple"] = apple
        return Array(try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys]))
    }
}

private struct SeedError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
