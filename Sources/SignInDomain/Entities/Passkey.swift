/// A passkey registered on an account: a WebAuthn public-key credential whose private key stays on the user's device
/// (or in their password manager). The backend keeps only its public key.
public struct Passkey: Hashable, Sendable, Codable, Identifiable {
    /// The credential's id, base64url: what the backend and the device call it.
    public var id: String
    /// The name the user gave it ("MacBook"); empty when none was given.
    public var name: String

    /// Creates a passkey.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// What the backend asks the device to create a passkey with (WebAuthn's `PublicKeyCredentialCreationOptions`, the
/// part a platform authenticator needs).
public struct PasskeyCreationRequest: Hashable, Sendable {
    /// The relying party's id: the domain the passkey is bound to (`example.com`).
    public var relyingPartyID: String
    /// The relying party's name, for the device's sheet.
    public var relyingPartyName: String
    /// The account's user handle: opaque bytes the device stores with the passkey and returns at sign-in.
    public var userID: [UInt8]
    /// The account's name on the device's sheet (its email, or its uid).
    public var userName: String
    /// The account's display name on the device's sheet.
    public var userDisplayName: String
    /// The backend's challenge: random bytes the device signs over; they work once, for a few minutes.
    public var challenge: [UInt8]
    /// The credentials the account already has: a device that holds one of them does not make a second.
    public var excludedCredentialIDs: [[UInt8]]
    /// Whether the device must verify the user (biometrics or device passcode), not only their presence.
    public var requiresUserVerification: Bool

    /// Creates a request.
    public init(
        relyingPartyID: String, relyingPartyName: String, userID: [UInt8], userName: String, userDisplayName: String,
        challenge: [UInt8], excludedCredentialIDs: [[UInt8]] = [], requiresUserVerification: Bool = true
    ) {
        self.relyingPartyID = relyingPartyID
        self.relyingPartyName = relyingPartyName
        self.userID = userID
        self.userName = userName
        self.userDisplayName = userDisplayName
        self.challenge = challenge
        self.excludedCredentialIDs = excludedCredentialIDs
        self.requiresUserVerification = requiresUserVerification
    }
}

/// What the device made for a ``PasskeyCreationRequest`` (WebAuthn's `AuthenticatorAttestationResponse`).
public struct PasskeyRegistration: Hashable, Sendable {
    /// The new credential's id.
    public var credentialID: [UInt8]
    /// The client data the device signed over (JSON: type, challenge, origin), byte for byte.
    public var clientDataJSON: [UInt8]
    /// The attestation object (CBOR: the authenticator data with the new public key, and the attestation statement).
    public var attestationObject: [UInt8]

    /// Creates a registration.
    public init(credentialID: [UInt8], clientDataJSON: [UInt8], attestationObject: [UInt8]) {
        self.credentialID = credentialID
        self.clientDataJSON = clientDataJSON
        self.attestationObject = attestationObject
    }
}

/// What the backend asks the device to sign in with (WebAuthn's `PublicKeyCredentialRequestOptions`).
public struct PasskeyAssertionRequest: Hashable, Sendable {
    /// The relying party's id.
    public var relyingPartyID: String
    /// The backend's challenge: random bytes the device signs over; they work once, for a few minutes.
    public var challenge: [UInt8]
    /// The credentials that may answer; empty: any passkey the device holds for the relying party (a discoverable
    /// credential, chosen on the device, with no user name typed).
    public var allowedCredentialIDs: [[UInt8]]
    /// Whether the device must verify the user, not only their presence.
    public var requiresUserVerification: Bool

    /// Creates a request.
    public init(
        relyingPartyID: String, challenge: [UInt8], allowedCredentialIDs: [[UInt8]] = [],
        requiresUserVerification: Bool = true
    ) {
        self.relyingPartyID = relyingPartyID
        self.challenge = challenge
        self.allowedCredentialIDs = allowedCredentialIDs
        self.requiresUserVerification = requiresUserVerification
    }
}

/// What the device answered a ``PasskeyAssertionRequest`` with (WebAuthn's `AuthenticatorAssertionResponse`).
public struct PasskeyAssertion: Hashable, Sendable {
    /// The id of the credential that signed.
    public var credentialID: [UInt8]
    /// The client data the device signed over, byte for byte.
    public var clientDataJSON: [UInt8]
    /// The authenticator data (RP id hash, flags, signature counter), byte for byte.
    public var authenticatorData: [UInt8]
    /// The signature over `authenticatorData || SHA-256(clientDataJSON)`.
    public var signature: [UInt8]
    /// The user handle the credential was made with, if the device returned it (a discoverable credential does).
    public var userHandle: [UInt8]?

    /// Creates an assertion.
    public init(
        credentialID: [UInt8], clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8],
        userHandle: [UInt8]?
    ) {
        self.credentialID = credentialID
        self.clientDataJSON = clientDataJSON
        self.authenticatorData = authenticatorData
        self.signature = signature
        self.userHandle = userHandle
    }
}
