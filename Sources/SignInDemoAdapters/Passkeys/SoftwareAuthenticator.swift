package import Foundation
package import SignInCrypto
package import SignInDomain
import SignInWebAuthn

/// A passkey the software authenticator holds: its private key and what it was made for.
package struct SoftwarePasskey: Codable, Hashable, Sendable {
    /// The relying party id it is bound to.
    package var relyingPartyID: String
    /// The credential id, base64url.
    package var credentialID: String
    /// The user handle the relying party gave, base64url.
    package var userHandle: String
    /// The account's name, as the sheet showed it.
    package var userName: String
    /// The P-256 private scalar, base64url.
    package var privateKey: String
    /// The signature counter: it grows by one with each signature.
    package var signCount: UInt32
    /// When it was made.
    package var createdAt: Date

    /// Creates a passkey.
    package init(
        relyingPartyID: String, credentialID: String, userHandle: String, userName: String, privateKey: String,
        signCount: UInt32, createdAt: Date
    ) {
        self.relyingPartyID = relyingPartyID
        self.credentialID = credentialID
        self.userHandle = userHandle
        self.userName = userName
        self.privateKey = privateKey
        self.signCount = signCount
        self.createdAt = createdAt
    }
}

/// Where the software authenticator keeps its passkeys: the demo keeps them in a file of its data folder.
package protocol SoftwarePasskeyStore: Sendable {
    /// Every passkey held.
    func load() throws -> [SoftwarePasskey]
    /// Replaces every passkey held.
    func save(_ passkeys: [SoftwarePasskey]) throws
}

/// What the software authenticator asks the user before it makes or uses a passkey: the stand-in for the device's
/// sheet and its Face ID or passcode (the user's "yes" counts as user verification).
package protocol PasskeyConsent: Sendable {
    /// Whether the user agrees to make a passkey for `relyingPartyID` and `userName`.
    func confirmRegistration(relyingPartyID: String, userName: String) async -> Bool
    /// The passkey the user picks to sign in to `relyingPartyID` with (an index into `userNames`), or `nil` for a
    /// cancel.
    func choosePasskey(relyingPartyID: String, userNames: [String]) async -> Int?
}

/// A WebAuthn authenticator in software: the demo's stand-in for the device's passkeys, as the consent prompt stands
/// in for Apple's sheet. It makes ES256 (P-256) credentials with `none` attestation, discoverable (it keeps the user
/// handle), signs assertions with a counter that grows, and reports the user present and verified when the user said
/// yes. Its private keys are as safe as its store: a file readable by its owner only, where a real device keeps them
/// in its secure hardware.
package struct SoftwareAuthenticator: PasskeyAuthenticator {
    private let store: any SoftwarePasskeyStore
    private let consent: any PasskeyConsent
    private let clock: any WallClock
    private let random: any RandomByteSource

    /// Creates the authenticator.
    package init(
        store: any SoftwarePasskeyStore, consent: any PasskeyConsent, clock: any WallClock = SystemWallClock(),
        random: any RandomByteSource = SystemRandomBytes()
    ) {
        self.store = store
        self.consent = consent
        self.clock = clock
        self.random = random
    }

    /// The origin a relying party's client data names: its id over https, as an app on an Apple platform says.
    package static func origin(of relyingPartyID: String) -> String { "https://\(relyingPartyID)" }

    package func register(_ request: PasskeyCreationRequest) async throws(AuthError) -> PasskeyOutcome<
        PasskeyRegistration
    > {
        let held = try loadPasskeys()
        let excluded = Set(request.excludedCredentialIDs.map { Base64URL.encode($0) })
        if held.contains(where: { $0.relyingPartyID == request.relyingPartyID && excluded.contains($0.credentialID) }) {
            throw AuthError.passkeyAlreadyRegistered
        }
        guard await consent.confirmRegistration(relyingPartyID: request.relyingPartyID, userName: request.userName)
        else { return .cancelled }
        let key = try Self.generateKey()
        let scalar: [UInt8]
        do {
            scalar = try key.rawRepresentation
        } catch {
            throw AuthError.uiClientFailed(.passkey, reason: "the new passkey's key could not be kept")
        }
        let credentialID = random.bytes(count: 32)
        let authenticatorData = AuthenticatorData(
            rpID: request.relyingPartyID, flags: [.userPresent, .userVerified], signCount: 0,
            attestedCredentialData: .init(credentialID: credentialID, publicKey: COSEKey(publicKey: key.publicKey)))
        let clientData = CollectedClientData(
            type: CollectedClientData.createType, challenge: request.challenge,
            origin: Self.origin(of: request.relyingPartyID)
        ).jsonBytes()
        let attestation = AttestationObject(authenticatorData: authenticatorData, statement: .none).encoded()
        // Older passkeys of the account stay: this one is not registered until the backend accepts it, and one the
        // backend no longer knows only makes a sign-in fail, never succeed.
        var kept = held
        kept.append(
            SoftwarePasskey(
                relyingPartyID: request.relyingPartyID, credentialID: Base64URL.encode(credentialID),
                userHandle: Base64URL.encode(request.userID), userName: request.userName,
                privateKey: Base64URL.encode(scalar), signCount: 0, createdAt: clock.now()))
        try savePasskeys(kept)
        return .completed(
            PasskeyRegistration(credentialID: credentialID, clientDataJSON: clientData, attestationObject: attestation))
    }

    package func assert(_ request: PasskeyAssertionRequest) async throws(AuthError) -> PasskeyOutcome<PasskeyAssertion>
    {
        var held = try loadPasskeys()
        let allowed = Set(request.allowedCredentialIDs.map { Base64URL.encode($0) })
        // Newest first (the store keeps them in the order they were made, whatever the clock said): the one an
        // automatic answer takes is the one made last.
        let candidates = held.indices.reversed().filter {
            held[$0].relyingPartyID == request.relyingPartyID
                && (allowed.isEmpty || allowed.contains(held[$0].credentialID))
        }
        guard !candidates.isEmpty else { throw AuthError.noPasskeyAvailable }
        guard
            let choice = await consent.choosePasskey(
                relyingPartyID: request.relyingPartyID, userNames: candidates.map { held[$0].userName }),
            candidates.indices.contains(choice)
        else { return .cancelled }
        let index = candidates[choice]
        var passkey = held[index]
        guard let scalar = Base64URL.decode(passkey.privateKey),
            let credentialID = Base64URL.decode(passkey.credentialID)
        else { throw AuthError.uiClientFailed(.passkey, reason: "the stored passkey cannot be read") }
        let key: P256SigningKey
        do {
            key = try P256SigningKey(rawRepresentation: scalar)
        } catch {
            throw AuthError.uiClientFailed(.passkey, reason: "the stored passkey's key is damaged")
        }
        passkey.signCount &+= 1
        let authenticatorData = AuthenticatorData(
            rpID: request.relyingPartyID, flags: [.userPresent, .userVerified], signCount: passkey.signCount
        ).rawBytes
        let clientData = CollectedClientData(
            type: CollectedClientData.getType, challenge: request.challenge,
            origin: Self.origin(of: request.relyingPartyID)
        ).jsonBytes()
        let signature: [UInt8]
        do {
            signature = try key.signature(for: authenticatorData + SHA256.hash(clientData))
        } catch {
            throw AuthError.uiClientFailed(.passkey, reason: "the passkey could not sign")
        }
        // The counter is kept before the signature leaves: a crash never lets a counter be used twice.
        held[index] = passkey
        try savePasskeys(held)
        return .completed(
            PasskeyAssertion(
                credentialID: credentialID, clientDataJSON: clientData, authenticatorData: authenticatorData,
                signature: signature, userHandle: Base64URL.decode(passkey.userHandle)))
    }

    private static func generateKey() throws(AuthError) -> P256SigningKey {
        do {
            return try P256SigningKey.generate()
        } catch {
            throw AuthError.uiClientFailed(.passkey, reason: "no P-256 key can be made here (libcrypto is missing)")
        }
    }

    private func loadPasskeys() throws(AuthError) -> [SoftwarePasskey] {
        do {
            return try store.load()
        } catch {
            throw AuthError.normalizing(error)
        }
    }

    private func savePasskeys(_ passkeys: [SoftwarePasskey]) throws(AuthError) {
        do {
            try store.save(passkeys)
        } catch {
            throw AuthError.normalizing(error)
        }
    }
}
