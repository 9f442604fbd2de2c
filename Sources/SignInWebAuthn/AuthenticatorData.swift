import SignInCrypto

/// An authenticator's data (WebAuthn Level 3 §6.1): what the authenticator signs, with the relying party id's hash,
/// its flags, its signature counter, and for a registration the new credential.
///
/// Reading refuses data shorter than 37 bytes, an AT or ED flag that does not match what follows, a credential id
/// longer than 1,023 bytes, a credential key other than ES256 on P-256, BS without BE, and bytes after the end. The
/// bytes read are kept in ``rawBytes``: a signature covers them, not a re-encoding.
public struct AuthenticatorData: Sendable, Hashable {
    /// The flags byte.
    public struct Flags: OptionSet, Sendable, Hashable {
        /// The byte.
        public let rawValue: UInt8

        /// Flags from their byte.
        public init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        /// UP: the user was present.
        public static let userPresent = Flags(rawValue: 0x01)
        /// UV: the user was verified (biometrics, PIN).
        public static let userVerified = Flags(rawValue: 0x04)
        /// BE: the credential may be backed up (a synced passkey).
        public static let backupEligible = Flags(rawValue: 0x08)
        /// BS: the credential is backed up now.
        public static let backedUp = Flags(rawValue: 0x10)
        /// AT: attested credential data follows.
        public static let attestedCredentialData = Flags(rawValue: 0x40)
        /// ED: extension data follows.
        public static let extensionData = Flags(rawValue: 0x80)
    }

    /// The new credential, in the authenticator data of a registration.
    public struct AttestedCredentialData: Sendable, Hashable {
        /// The authenticator model's AAGUID, 16 bytes (zeros when not disclosed).
        public let aaguid: [UInt8]
        /// The credential id, at most 1,023 bytes.
        public let credentialID: [UInt8]
        /// The credential's public key.
        public let publicKey: COSEKey

        /// The credential data of a new credential.
        /// - Parameters:
        ///   - aaguid: 16 bytes; anything else is replaced by 16 zeros.
        ///   - credentialID: The credential id, at most 1,023 bytes.
        ///   - publicKey: The credential's public key.
        public init(aaguid: [UInt8] = [UInt8](repeating: 0, count: 16), credentialID: [UInt8], publicKey: COSEKey) {
            self.aaguid = aaguid.count == 16 ? aaguid : [UInt8](repeating: 0, count: 16)
            self.credentialID = credentialID
            self.publicKey = publicKey
        }
    }

    /// The longest credential id accepted (WebAuthn Level 3 §6.5.1).
    public static let maximumCredentialIDLength = 1023

    /// The bytes read, or made by the builder: what signatures cover.
    public let rawBytes: [UInt8]
    /// SHA-256 of the relying party id the authenticator scoped the credential to, 32 bytes.
    public let rpIDHash: [UInt8]
    /// The flags.
    public let flags: Flags
    /// The signature counter; 0 from authenticators that do not count.
    public let signCount: UInt32
    /// The new credential, present exactly when the AT flag is set.
    public let attestedCredentialData: AttestedCredentialData?
    /// The authenticator's extension outputs, a CBOR map, present exactly when the ED flag is set. Not interpreted.
    public let extensions: CBOR.Value?

    /// Reads authenticator data.
    /// - Parameter bytes: The authenticator data, nothing after it.
    /// - Throws: ``WebAuthnFailure/malformed(_:)`` for data that is not well formed, and the failures of
    ///   ``COSEKey/init(cbor:)`` for the credential's key.
    public init(bytes: [UInt8]) throws(WebAuthnFailure) {
        guard bytes.count >= 37 else { throw .malformed("the authenticator data is shorter than 37 bytes") }
        rawBytes = bytes
        rpIDHash = Array(bytes[0..<32])
        flags = Flags(rawValue: bytes[32])
        signCount = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        guard flags.contains(.backupEligible) || !flags.contains(.backedUp) else {
            throw .malformed("the authenticator data says backed up but not backup eligible")
        }
        var rest = bytes[37...]
        if flags.contains(.attestedCredentialData) {
            guard rest.count >= 18 else { throw .malformed("the attested credential data is cut short") }
            let aaguid = Array(rest.prefix(16))
            let length = Int(rest[rest.startIndex + 16]) << 8 | Int(rest[rest.startIndex + 17])
            rest = rest.dropFirst(18)
            guard length <= Self.maximumCredentialIDLength, rest.count >= length else {
                throw .malformed("the credential id is longer than 1023 bytes or than the data")
            }
            let credentialID = Array(rest.prefix(length))
            rest = rest.dropFirst(length)
            let key: CBOR.Value
            (key, rest) = try Self.decodePrefix(rest, what: "the credential public key")
            attestedCredentialData = AttestedCredentialData(
                aaguid: aaguid, credentialID: credentialID, publicKey: try COSEKey(cbor: key))
        } else {
            attestedCredentialData = nil
        }
        if flags.contains(.extensionData) {
            let value: CBOR.Value
            (value, rest) = try Self.decodePrefix(rest, what: "the extensions")
            guard value.mapValue != nil else { throw .malformed("the extensions are not a map") }
            extensions = value
        } else {
            extensions = nil
        }
        guard rest.isEmpty else { throw .malformed("bytes after the authenticator data, or a flag missing") }
    }

    /// Makes authenticator data, as a software authenticator does. The AT and ED flags are set from whether
    /// `attestedCredentialData` and `extensions` are given, whatever `flags` says of them.
    /// - Parameters:
    ///   - rpID: The relying party id; its SHA-256 becomes ``rpIDHash``.
    ///   - flags: UP, UV, BE and BS as the authenticator reports them.
    ///   - signCount: The signature counter.
    ///   - attestedCredentialData: The new credential, for a registration.
    ///   - extensions: Extension outputs, a CBOR map.
    public init(
        rpID: String, flags: Flags, signCount: UInt32, attestedCredentialData: AttestedCredentialData? = nil,
        extensions: CBOR.Value? = nil
    ) {
        var flags = flags.subtracting([.attestedCredentialData, .extensionData])
        if attestedCredentialData != nil { flags.insert(.attestedCredentialData) }
        if extensions != nil { flags.insert(.extensionData) }
        rpIDHash = SHA256.hash(rpID)
        self.flags = flags
        self.signCount = signCount
        self.attestedCredentialData = attestedCredentialData
        self.extensions = extensions
        var bytes = rpIDHash
        bytes.append(flags.rawValue)
        bytes += (0..<4).reversed().map { UInt8(truncatingIfNeeded: signCount >> (8 * $0)) }
        if let credential = attestedCredentialData {
            bytes += credential.aaguid
            bytes += [UInt8(truncatingIfNeeded: credential.credentialID.count >> 8)]
            bytes += [UInt8(truncatingIfNeeded: credential.credentialID.count)]
            bytes += credential.credentialID
            bytes += credential.publicKey.encoded()
        }
        if let extensions { bytes += CBOR.encode(extensions) }
        rawBytes = bytes
    }

    private static func decodePrefix(_ bytes: ArraySlice<UInt8>, what: String) throws(WebAuthnFailure) -> (
        CBOR.Value, ArraySlice<UInt8>
    ) {
        do throws(CBOR.DecodingError) {
            let (value, rest) = try CBOR.decodePrefix(bytes)
            return (value, rest)
        } catch {
            throw .malformed("\(what): \(error.reason)")
        }
    }
}
