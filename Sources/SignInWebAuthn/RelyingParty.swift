import SignInCrypto

/// A WebAuthn relying party's checks of a registration and an assertion (WebAuthn Level 3 §7.1 and §7.2), for ES256
/// credentials with `none` or `packed` self attestation.
///
/// What it does not do, because it needs state: issuing challenges and forgetting them once used or expired, finding
/// the stored credential by id, refusing a credential id that is already registered, and storing the new signature
/// counter. The caller does those around these checks.
public struct RelyingParty: Sendable, Hashable {
    /// The relying party id, a registrable domain such as `signin.example`: authenticators scope credentials to it.
    public var id: String
    /// The origins the client data may name, compared exactly (`https://signin.example`, an app's origin).
    public var origins: [String]
    /// Whether every registration and assertion must report user verification (UV), not just presence (UP).
    public var requiresUserVerification: Bool

    /// A relying party.
    /// - Parameters:
    ///   - id: The relying party id.
    ///   - origins: The accepted origins, compared exactly.
    ///   - requiresUserVerification: Whether UV is required.
    public init(id: String, origins: [String], requiresUserVerification: Bool) {
        self.id = id
        self.origins = origins
        self.requiresUserVerification = requiresUserVerification
    }

    /// Verifies a registration: the client data, the authenticator data and the attestation.
    /// - Parameters:
    ///   - clientDataJSON: The response's `clientDataJSON`, as sent.
    ///   - attestationObject: The response's `attestationObject`, as sent.
    ///   - expectedChallenge: The challenge this relying party issued for this registration (not empty).
    /// - Returns: The new credential, to store.
    /// - Throws: ``WebAuthnFailure``, for the first check that fails.
    public func verifyRegistration(clientDataJSON: [UInt8], attestationObject: [UInt8], expectedChallenge: [UInt8])
        throws(WebAuthnFailure) -> VerifiedRegistration
    {
        // A `none` attestation has no signature to check now, but every sign-in will: a key that can never be checked
        // here is not kept.
        do {
            try SignatureVerifier.requireAvailable()
        } catch {
            throw .signatureCheckUnavailable
        }
        try checkClientData(clientDataJSON, type: CollectedClientData.createType, expectedChallenge: expectedChallenge)
        let attestation = try AttestationObject(bytes: attestationObject)
        let authenticatorData = attestation.authenticatorData
        try checkAuthenticatorData(authenticatorData)
        guard let credential = authenticatorData.attestedCredentialData else {
            throw .malformed("the attestation's authenticator data has no credential")
        }
        guard credential.credentialID.count >= 16 else {
            throw .malformed("the credential id is shorter than 16 bytes")
        }
        try attestation.verifyStatement(clientDataJSON: clientDataJSON)
        let flags = authenticatorData.flags
        return VerifiedRegistration(
            credentialID: credential.credentialID, publicKey: credential.publicKey, aaguid: credential.aaguid,
            signCount: authenticatorData.signCount, userVerified: flags.contains(.userVerified),
            backupEligible: flags.contains(.backupEligible), backedUp: flags.contains(.backedUp),
            attestationFormat: attestation.format)
    }

    /// Verifies an assertion by a stored credential.
    /// - Parameters:
    ///   - credentialID: The id the response names (its `rawId`).
    ///   - clientDataJSON: The response's `clientDataJSON`, as sent.
    ///   - authenticatorData: The response's `authenticatorData`, as sent.
    ///   - signature: The response's `signature`: DER ECDSA.
    ///   - expectedChallenge: The challenge this relying party issued for this sign-in (not empty).
    ///   - storedCredentialID: The id of the credential the caller found for it.
    ///   - publicKey: That credential's public key.
    ///   - storedSignCount: That credential's last signature counter.
    /// - Returns: What to store and record: the new counter, the flags.
    /// - Throws: ``WebAuthnFailure``, for the first check that fails. ``WebAuthnFailure/counterWentBack`` comes only
    ///   after the signature verified, so that it is evidence of a copied authenticator and not of a forged request.
    public func verifyAssertion(
        credentialID: [UInt8], clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8],
        expectedChallenge: [UInt8], storedCredentialID: [UInt8], publicKey: COSEKey, storedSignCount: UInt32
    ) throws(WebAuthnFailure) -> VerifiedAssertion {
        guard ConstantTime.equals(credentialID, storedCredentialID) else { throw .credentialMismatch }
        try checkClientData(clientDataJSON, type: CollectedClientData.getType, expectedChallenge: expectedChallenge)
        let data = try AuthenticatorData(bytes: authenticatorData)
        guard data.attestedCredentialData == nil else { throw .malformed("an assertion with attested credential data") }
        try checkAuthenticatorData(data)
        let message = WebAuthnSignature.signedBytes(
            authenticatorData: authenticatorData, clientDataJSON: clientDataJSON)
        try WebAuthnSignature.verify(derSignature: signature, message: message, key: publicKey)
        // §7.2, signCount: a counter that does not grow is a sign of a cloned authenticator, except from authenticators
        // that do not count at all (both zero).
        guard (data.signCount == 0 && storedSignCount == 0) || data.signCount > storedSignCount else {
            throw .counterWentBack
        }
        return VerifiedAssertion(
            newSignCount: data.signCount, userVerified: data.flags.contains(.userVerified),
            backupEligible: data.flags.contains(.backupEligible), backedUp: data.flags.contains(.backedUp))
    }

    /// The client data checks of both ceremonies: type, challenge, origin, and no cross-origin frame.
    private func checkClientData(_ json: [UInt8], type: String, expectedChallenge: [UInt8]) throws(WebAuthnFailure) {
        let clientData = try CollectedClientData(json: json)
        // Compared as bytes, as WebAuthn compares them: Swift's `==` takes canonically equivalent text as equal (the
        // Kelvin sign U+212A and "K"), which would let a lookalike origin through.
        guard clientData.type.utf8.elementsEqual(type.utf8) else { throw .wrongType }
        guard !expectedChallenge.isEmpty, ConstantTime.equals(clientData.challenge, expectedChallenge) else {
            throw .challengeMismatch
        }
        guard origins.contains(where: { $0.utf8.elementsEqual(clientData.origin.utf8) }) else { throw .originMismatch }
        // This relying party is not meant to be framed by another site: a ceremony in a cross-origin frame is
        // refused (§7.1, the steps on crossOrigin and topOrigin).
        guard !clientData.crossOrigin, clientData.topOrigin == nil else { throw .originMismatch }
    }

    /// The authenticator data checks of both ceremonies: the relying party id's hash, UP, and UV when required.
    private func checkAuthenticatorData(_ data: AuthenticatorData) throws(WebAuthnFailure) {
        guard ConstantTime.equals(data.rpIDHash, SHA256.hash(id)) else { throw .rpIDMismatch }
        guard data.flags.contains(.userPresent) else { throw .userNotPresent }
        guard !requiresUserVerification || data.flags.contains(.userVerified) else { throw .userNotVerified }
    }
}

/// A registration that passed every check: the credential to store with the account.
public struct VerifiedRegistration: Sendable, Hashable {
    /// The credential id, 16 to 1,023 bytes: how assertions name it.
    public let credentialID: [UInt8]
    /// The credential's public key (store ``COSEKey/encoded()``).
    public let publicKey: COSEKey
    /// The authenticator model's AAGUID, 16 bytes (zeros when not disclosed).
    public let aaguid: [UInt8]
    /// The signature counter at registration.
    public let signCount: UInt32
    /// Whether the user was verified (UV).
    public let userVerified: Bool
    /// Whether the credential may be backed up (BE): a synced passkey. It never changes for a credential.
    public let backupEligible: Bool
    /// Whether the credential is backed up now (BS).
    public let backedUp: Bool
    /// The attestation format: `none` or `packed`.
    public let attestationFormat: String
}

/// An assertion that passed every check.
public struct VerifiedAssertion: Sendable, Hashable {
    /// The counter to store in place of the old one.
    public let newSignCount: UInt32
    /// Whether the user was verified (UV).
    public let userVerified: Bool
    /// Whether the credential says it may be backed up (BE): a caller may compare it with the stored value.
    public let backupEligible: Bool
    /// Whether the credential is backed up now (BS).
    public let backedUp: Bool
}
