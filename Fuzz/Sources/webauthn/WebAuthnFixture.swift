import SignInCrypto
import SignInEmbeddedBackend
import SignInWebAuthn

/// The fixed world of the `webauthn` target: the relying party, the challenge it issued, the stored credential an
/// assertion is checked against, and how an input is split into a response's fields. The seed maker
/// (`Fuzz/Sources/seeds/MakeSeeds.swift`) makes its `webauthn` seeds for the same values: change both together.
enum WebAuthnFixture {
    /// The relying party of the embedded backend's defaults (`signin.example` at `https://signin.example`), with and
    /// without user verification required.
    static let relyingParties: [RelyingParty] = [true, false].map { requiresUserVerification in
        let settings = FuzzFixture.configuration.passkeys
        return RelyingParty(
            id: settings.id, origins: settings.origins, requiresUserVerification: requiresUserVerification)
    }

    /// The challenge the relying party issued for every ceremony the target checks.
    static let challenge = SHA256.hash("SignIn Fuzz webauthn: the challenge")

    /// The id of the stored credential an assertion is checked against.
    static let storedCredentialID = SHA256.hash("SignIn Fuzz webauthn: the stored credential")

    /// The stored credential's signature counter: an assertion must say more (or both be 0, which this is not).
    static let storedSignCount: UInt32 = 7

    /// What the x coordinate of ``storedKey`` is made from: SHA-256 of this label followed by one counter byte, the
    /// first counter (0, 1, …) whose hash is the x of a point of P-256. Counter 0 gives none; 1 does.
    static let storedKeyLabel = "SignIn Fuzz webauthn: a P-256 point whose private key nobody knows"

    /// The stored credential's public key: a point of P-256 whose x is a hash (see ``storedKeyLabel``) and whose y is
    /// the even root of x³ - 3x + b. Nobody knows its private key (finding it is the discrete logarithm problem), so
    /// no assertion the fuzzer makes can carry a signature that verifies: `verifyAssertion` must never succeed.
    static let storedKey: COSEKey = {
        let x = SHA256.hash(Array(storedKeyLabel.utf8) + [1])
        // The fixture is code, not input: if it is not a point, no input can be checked.
        guard x == Hex.decode("0bcc53c754ee8f03e47abf03186311a34210bd213833191b2564b33d6f83f1cc"),
            let y = Hex.decode("24fe9ba5887c7370a089b3e474b025f804c3a92311d8f54cb9af8839c822cd3e"),
            let point = P256PublicKey(x: x, y: y)
        else { fatalError("the webauthn fuzz fixture's stored key is not a point of P-256") }
        return COSEKey(publicKey: point)
    }()

    /// How many fields an input is split into: a registration reads the first two, an assertion all four.
    static let fieldCount = 4

    /// The fields of a response in `input`: up to ``fieldCount`` of them, each a 2-byte big-endian length followed
    /// by that many bytes (fewer if the input ends first); a field the input does not reach is empty.
    ///
    /// - a registration: `clientDataJSON`, `attestationObject`;
    /// - an assertion: `clientDataJSON`, `authenticatorData`, `signature`, `credentialID` (its `rawId`).
    static func fields(of input: [UInt8]) -> [[UInt8]] {
        var fields: [[UInt8]] = []
        var rest = input[...]
        while fields.count < fieldCount {
            guard rest.count >= 2 else {
                fields.append([])
                continue
            }
            let length = Int(rest[rest.startIndex]) << 8 | Int(rest[rest.startIndex + 1])
            rest = rest.dropFirst(2)
            fields.append(Array(rest.prefix(length)))
            rest = rest.dropFirst(length)
        }
        return fields
    }
}
