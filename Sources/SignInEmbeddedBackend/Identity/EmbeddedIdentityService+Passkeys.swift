import Foundation
import SignInCrypto
public import SignInData
public import SignInDomain
import SignInEmbeddedStore
import SignInJOSE
import SignInWebAuthn

/// Passkeys: the embedded backend is a WebAuthn relying party (``EmbeddedBackendConfiguration/passkeys``).
///
/// A challenge is 41 bytes: its purpose, its expiry, 16 random bytes and a 16-byte tag (HMAC-SHA-256 under
/// `EmbeddedBackendState.passkeyKey()`) over those and, for a registration, the account's uid. So the backend keeps
/// nothing for a challenge it hands out: one it did not make, one made for another account or purpose, and one past
/// its expiry are refused by their bytes alone. A challenge works once: the first finalize that names it records it
/// as used until it expires (in the used-nonces table), whether its check then succeeds or not.
///
/// A registration is checked by ``RelyingParty/verifyRegistration(clientDataJSON:attestationObject:expectedChallenge:)``
/// (`none` or `packed` self attestation, ES256); an assertion by
/// ``RelyingParty/verifyAssertion(credentialID:clientDataJSON:authenticatorData:signature:expectedChallenge:storedCredentialID:publicKey:storedSignCount:)``,
/// whose signature counter is checked again under the state's lock against the stored one, so that two sign-ins
/// racing with one counter cannot both pass. A sign-in with a passkey is complete: with user verification required,
/// the passkey is two factors in one, and the account's second factors are not asked for; a passkey that proves only
/// presence (with `requiresUserVerification` off) is a first step, as a password is. Removing a passkey ends
/// every other session of the account, as removing a second factor does: it may be removed because a device was lost.
extension EmbeddedIdentityService: PasskeyBackend {
    /// What a challenge is for: part of its signed bytes.
    enum ChallengePurpose: UInt8 {
        case registration = 1
        case signIn = 2
    }

    // MARK: - Registration

    public func startPasskeyEnrollment(idToken: Secret) throws(IdentityBackendError) -> PasskeyCreationRequest {
        let now = clock.now()
        let settings = configuration.passkeys
        return try storage.read { state throws(IdentityBackendError) in
            let (account, claims) = try authenticate(idToken, state: state, now: now)
            guard !account.isAnonymous, !account.identities.isEmpty else {
                throw IdentityBackendError(.unsupportedFirstFactor, message: "a guest account cannot have passkeys")
            }
            try requireRecentSignIn(claims, account: account, now: now)
            let challenge = Self.makeChallenge(
                .registration, uid: account.uid, expiresAt: now.addingTimeInterval(settings.challengeLifetime),
                random: random.bytes(count: 16), key: try state.passkeyKey())
            return PasskeyCreationRequest(
                relyingPartyID: settings.id, relyingPartyName: settings.name, userID: Array(account.uid.utf8),
                userName: account.email ?? account.uid,
                userDisplayName: account.displayName ?? account.email ?? account.uid, challenge: challenge,
                excludedCredentialIDs: (account.passkeys ?? []).compactMap { Base64URL.decode($0.credentialID) },
                requiresUserVerification: settings.requiresUserVerification)
        }
    }

    public func finalizePasskeyEnrollment(idToken: Secret, registration: PasskeyRegistration, name: String)
        throws(IdentityBackendError) -> BackendSessionResponse
    {
        let now = clock.now()
        let (uid, key) = try storage.read { state throws(IdentityBackendError) in
            (try authenticate(idToken, state: state, now: now).account.uid, try state.passkeyKey())
        }
        let challenge = try consumeChallenge(
            in: registration.clientDataJSON, purpose: .registration, uid: uid, key: key, now: now)
        let verified: VerifiedRegistration
        do {
            verified = try relyingParty.verifyRegistration(
                clientDataJSON: registration.clientDataJSON, attestationObject: registration.attestationObject,
                expectedChallenge: challenge)
        } catch {
            throw Self.refusal(error)
        }
        guard ConstantTime.equals(verified.credentialID, registration.credentialID) else {
            throw IdentityBackendError.passkey(.malformed, "the credential id is not the attested one")
        }
        let credentialID = Base64URL.encode(verified.credentialID)
        let publicKey = Base64URL.encode(verified.publicKey.encoded())
        let fresh = Fresh(self)
        return try storage.update { state throws(IdentityBackendError) in
            var (account, claims) = try authenticate(idToken, state: state, now: now)
            guard account.uid == uid else {
                throw IdentityBackendError(.invalidIDToken, message: "the session changed")
            }
            guard state.identity.accounts.keys(EmbeddedAccount.byPasskey, credentialID).isEmpty else {
                throw IdentityBackendError(.passkeyAlreadyExists, message: "the credential is already registered")
            }
            var passkeys = account.passkeys ?? []
            guard passkeys.count < configuration.passkeys.maximumPerAccount else {
                throw IdentityBackendError(
                    .tooManyPasskeys,
                    message: "the account has \(passkeys.count) passkeys, the most it may have; remove one first")
            }
            let trimmed = PasskeyName.normalized(name)
            passkeys.append(
                PasskeyRecord(
                    credentialID: credentialID, name: trimmed,
                    publicKey: publicKey, signCount: verified.signCount, createdAt: now,
                    tag: Self.tag(uid: account.uid, credentialID: credentialID, publicKey: publicKey, key: key)))
            account.passkeys = passkeys
            state.identity.accounts[account.uid] = account
            return try reissueSession(
                for: account, provider: claims.signInProvider, replacing: claims, fresh: fresh, now: now,
                state: &state)
        }
    }

    public func passkeys(idToken: Secret) throws(IdentityBackendError) -> [Passkey] {
        let now = clock.now()
        return try storage.read { state throws(IdentityBackendError) in
            try authenticate(idToken, state: state, now: now).account.passkeys ?? []
        }.map { Passkey(id: $0.credentialID, name: $0.name) }
    }

    public func deletePasskey(idToken: Secret, credentialID: String) throws(IdentityBackendError)
        -> BackendSessionResponse
    {
        try removeCredential(idToken: idToken) { account throws(IdentityBackendError) in
            var passkeys = account.passkeys ?? []
            guard let index = passkeys.firstIndex(where: { $0.credentialID == credentialID }) else {
                throw IdentityBackendError(.passkeyNotFound, message: "the account has no such passkey")
            }
            passkeys.remove(at: index)
            account.passkeys = passkeys.isEmpty ? nil : passkeys
        }
    }

    // MARK: - Sign-in

    public func startPasskeySignIn() throws(IdentityBackendError) -> PasskeyAssertionRequest {
        let now = clock.now()
        let settings = configuration.passkeys
        let key = try storage.read { state throws(IdentityBackendError) in try state.passkeyKey() }
        return PasskeyAssertionRequest(
            relyingPartyID: settings.id,
            challenge: Self.makeChallenge(
                .signIn, uid: nil, expiresAt: now.addingTimeInterval(settings.challengeLifetime),
                random: random.bytes(count: 16), key: key),
            requiresUserVerification: settings.requiresUserVerification)
    }

    /// Whether an account has the passkey of `credentialID` (its raw bytes). Credential ids are random and long, so
    /// this tells nothing a guess could find.
    public func hasPasskey(credentialID: [UInt8]) throws(IdentityBackendError) -> Bool {
        let encoded = Base64URL.encode(credentialID)
        return try storage.read { state in !state.identity.accounts.keys(EmbeddedAccount.byPasskey, encoded).isEmpty }
    }

    public func finalizePasskeySignIn(_ assertion: PasskeyAssertion) throws(IdentityBackendError)
        -> BackendSessionResponse
    {
        let now = clock.now()
        let credentialID = Base64URL.encode(assertion.credentialID)
        // Found first, with reads only: a request naming no registered passkey costs the backend no write.
        let (key, uid, record) = try storage.read { state throws(IdentityBackendError) in
            let key = try state.passkeyKey()
            let (uid, record) = try Self.registeredPasskey(
                credentialID, userHandle: assertion.userHandle, state: state, key: key)
            return (key, uid, record)
        }
        let challenge = try consumeChallenge(
            in: assertion.clientDataJSON, purpose: .signIn, uid: nil, key: key, now: now)
        guard let publicKeyBytes = Base64URL.decode(record.publicKey),
            let storedCredentialID = Base64URL.decode(record.credentialID)
        else {
            throw IdentityBackendError(.damagedRecord, message: "the stored passkey cannot be read")
        }
        let verified: VerifiedAssertion
        do {
            verified = try relyingParty.verifyAssertion(
                credentialID: assertion.credentialID, clientDataJSON: assertion.clientDataJSON,
                authenticatorData: assertion.authenticatorData, signature: assertion.signature,
                expectedChallenge: challenge, storedCredentialID: storedCredentialID,
                publicKey: try COSEKey(encoded: publicKeyBytes), storedSignCount: record.signCount)
        } catch {
            throw Self.refusal(error)
        }
        let fresh = Fresh(self)
        return try storage.update { state throws(IdentityBackendError) in
            let (current, stored) = try Self.registeredPasskey(
                credentialID, userHandle: assertion.userHandle, state: state, key: key)
            // Checked again under the lock: another sign-in with the same counter may have come first.
            guard current == uid, stored.publicKey == record.publicKey,
                Self.counterAdvances(from: stored.signCount, to: verified.newSignCount)
            else {
                throw IdentityBackendError.passkey(.clonedAuthenticator, "the signature counter did not advance")
            }
            guard var account = state.identity.accounts[uid] else {
                throw IdentityBackendError(.passkeyNotFound, message: "no account has this passkey")
            }
            account.passkeys = (account.passkeys ?? []).map { passkey in
                guard passkey.credentialID == credentialID else { return passkey }
                var used = passkey
                used.signCount = verified.newSignCount
                used.lastUsedAt = now
                return used
            }
            state.identity.accounts[uid] = account
            guard verified.userVerified else {
                // Presence alone (a relying party that does not require verification) proves possession only: an
                // account with second factors asks for one, as after a password.
                return try finishFirstStep(
                    for: account, provider: ProviderType.passkey.rawValue, isNewUser: false, fresh: fresh, now: now,
                    state: &state)
            }
            return .session(
                try issueSession(
                    for: account, provider: ProviderType.passkey.rawValue, isNewUser: false, fresh: fresh, now: now,
                    state: &state))
        }.answer()
    }

    // MARK: - Checks

    /// The relying party the settings describe.
    var relyingParty: RelyingParty {
        let settings = configuration.passkeys
        return RelyingParty(
            id: settings.id, origins: settings.origins, requiresUserVerification: settings.requiresUserVerification)
    }

    /// Whether a counter moved from `stored` to `received` as an authenticator's should: forward, or both 0 (an
    /// authenticator that does not count).
    static func counterAdvances(from stored: UInt32, to received: UInt32) -> Bool {
        (stored == 0 && received == 0) || received > stored
    }

    /// The account and record of a registered passkey, its tag checked, and the user handle the account's: a
    /// discoverable credential always sends it, and an assertion without one is malformed, not another user's.
    static func registeredPasskey(
        _ credentialID: String, userHandle: [UInt8]?, state: EmbeddedBackendState, key: [UInt8]
    ) throws(IdentityBackendError) -> (uid: String, record: PasskeyRecord) {
        let owners = state.identity.accounts.keys(EmbeddedAccount.byPasskey, credentialID)
        guard owners.count == 1, let uid = owners.first, let account = state.identity.accounts[uid],
            let record = account.passkeys?.first(where: { $0.credentialID == credentialID })
        else {
            throw IdentityBackendError(.passkeyNotFound, message: "no account has this passkey")
        }
        // A discoverable credential names its user (WebAuthn §7.2 step 6): the handle must be there, and the account's.
        guard let userHandle else {
            throw .passkey(.malformed, "the assertion has no user handle, which a discoverable credential always sends")
        }
        guard ConstantTime.equals(userHandle, Array(uid.utf8)) else {
            throw IdentityBackendError(.passkeyNotFound, message: "the passkey is not this user's")
        }
        let expected = tag(uid: uid, credentialID: credentialID, publicKey: record.publicKey, key: key)
        guard ConstantTime.equals(Array(expected.utf8), Array(record.tag.utf8)) else {
            throw IdentityBackendError(.damagedRecord, message: "the stored passkey's tag does not verify")
        }
        return (uid, record)
    }

    /// A stored passkey's integrity tag.
    static func tag(uid: String, credentialID: String, publicKey: String, key: [UInt8]) -> String {
        Base64URL.encode(
            HMACSHA256.authenticationCode(for: Array("record|\(uid)|\(credentialID)|\(publicKey)".utf8), key: key))
    }

    /// A new challenge.
    static func makeChallenge(
        _ purpose: ChallengePurpose, uid: String?, expiresAt: Date, random: [UInt8], key: [UInt8]
    ) -> [UInt8] {
        let expiry = UInt64(max(0, expiresAt.timeIntervalSince1970.rounded(.up)))
        let body = [purpose.rawValue] + (0..<8).map { UInt8(truncatingIfNeeded: expiry >> (56 - 8 * $0)) } + random
        return body + challengeTag(body, uid: uid, key: key)
    }

    private static func challengeTag(_ body: [UInt8], uid: String?, key: [UInt8]) -> [UInt8] {
        Array(
            HMACSHA256.authenticationCode(for: Array("challenge|".utf8) + body + Array((uid ?? "").utf8), key: key)
                .prefix(16))
    }

    /// The challenge of `clientDataJSON`, checked (made here, for `purpose` and `uid`, not expired) and recorded as
    /// used; one already used is refused.
    func consumeChallenge(
        in clientDataJSON: [UInt8], purpose: ChallengePurpose, uid: String?, key: [UInt8], now: Date
    ) throws(IdentityBackendError) -> [UInt8] {
        let clientData: CollectedClientData
        do {
            clientData = try CollectedClientData(json: clientDataJSON)
        } catch {
            throw Self.refusal(error)
        }
        let challenge = clientData.challenge
        guard challenge.count == 41, challenge[0] == purpose.rawValue,
            ConstantTime.equals(Array(challenge[25...]), Self.challengeTag(Array(challenge[..<25]), uid: uid, key: key))
        else {
            throw IdentityBackendError.passkey(.challengeExpired, "the challenge is not one this backend made")
        }
        let expiry = challenge[1..<9].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let expiresAt = Date(timeIntervalSince1970: TimeInterval(expiry))
        guard expiresAt > now else {
            throw IdentityBackendError.passkey(.challengeExpired, "the challenge has expired")
        }
        let replayKey = "passkey|" + Base64URL.encode(SHA256.hash(challenge))
        try storage.update { state throws(IdentityBackendError) in
            pruneExpired(&state, now: now)
            guard (state.identity.usedNonces[replayKey].map { $0 > now } ?? false) == false else {
                throw IdentityBackendError.passkey(.challengeExpired, "the challenge was already used")
            }
            state.identity.usedNonces[replayKey] = expiresAt
        }
        return challenge
    }

    /// The backend's answer for a failed WebAuthn check.
    static func refusal(_ failure: WebAuthnFailure) -> IdentityBackendError {
        // Not the passkey's fault: this server cannot check signatures. Said as a server's failure, never as the
        // user's.
        if case .signatureCheckUnavailable = failure {
            return IdentityBackendError(.signatureCheckUnavailable, message: failure.reason)
        }
        return IdentityBackendError.passkey(failure.rejection, failure.reason)
    }
}

extension WebAuthnFailure {
    /// The Domain's reason for this failure. A platform with no signature check counts as "unsupported": the
    /// passkey cannot be checked here.
    var rejection: PasskeyRejection { PasskeyRejection(rawValue: kind.rawValue) ?? .malformed }
}
