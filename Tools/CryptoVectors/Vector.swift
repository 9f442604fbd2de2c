import SignInCrypto

/// One signature to check, and the verdict the set's authors expect.
struct Vector {
    /// What the set's authors say the signature is.
    enum Expected: Equatable {
        /// Must verify.
        case valid
        /// Must not verify.
        case invalid
        /// Either verdict is right (Wycheproof's "acceptable": legacy encodings, weak parameters); counted apart.
        case acceptable
    }

    /// The signature, message and key, as the verifier takes them. A key the package refuses to make (`nil`) can
    /// verify nothing: the verdict is "does not verify".
    enum Input {
        /// RSASSA-PKCS1-v1_5 with SHA-256.
        case rsa(key: RSAPublicKey?, message: [UInt8], signature: [UInt8])
        /// ECDSA P-256 with SHA-256, r || s.
        case p256(key: P256PublicKey?, message: [UInt8], signature: [UInt8])
        /// ECDSA P-256 with SHA-256, DER.
        case p256DER(key: P256PublicKey?, message: [UInt8], signature: [UInt8])
    }

    /// Where the vector is in its file (a test case id, a line number).
    let id: String
    let expected: Expected
    let input: Input

    /// Whether the package's verifier accepts the signature.
    /// - Throws: `SignatureCheckUnavailable` when the process has no library to check signatures.
    func verifies() throws(SignatureCheckUnavailable) -> Bool {
        switch input {
        case .rsa(let key, let message, let signature):
            guard let key else { return false }
            return try SignatureVerifier.verifyRSASSAPKCS1v15SHA256(signature: signature, message: message, key: key)
        case .p256(let key, let message, let signature):
            guard let key else { return false }
            return try SignatureVerifier.verifyECDSAP256SHA256(signature: signature, message: message, key: key)
        case .p256DER(let key, let message, let signature):
            guard let key else { return false }
            return try SignatureVerifier.verifyECDSAP256SHA256(derSignature: signature, message: message, key: key)
        }
    }
}

/// A named list of vectors from one source, reported on one line.
struct VectorSet {
    let name: String
    var vectors: [Vector] = []
}

/// A problem with an input file: it is missing, unreadable or not laid out as its kind of set is.
struct VectorFileError: Error {
    let message: String
}

/// Byte helpers for the vector files.
enum VectorBytes {
    /// The bytes of a hex string; an odd length or a non-hex character is an error of the file.
    static func hex(_ text: String, _ what: String) throws(VectorFileError) -> [UInt8] {
        guard let bytes = Hex.decode(text) else {
            throw VectorFileError(message: "\(what) is not hex: \(text.prefix(20))…")
        }
        return bytes
    }

    /// A P-256 coordinate from an integer's big-endian bytes of any length: leading zeros dropped, then padded on
    /// the left to 32 bytes; `nil` when the integer needs more than 32 bytes (no such coordinate exists).
    static func coordinate(_ bytes: [UInt8]) -> [UInt8]? {
        let significant = Array(bytes.drop { $0 == 0 })
        guard significant.count <= 32 else { return nil }
        return [UInt8](repeating: 0, count: 32 - significant.count) + significant
    }

    /// The P-256 key (x, y) given as integers' bytes; `nil` when the package refuses it.
    static func p256Key(x: [UInt8], y: [UInt8]) -> P256PublicKey? {
        guard let x = coordinate(x), let y = coordinate(y) else { return nil }
        return P256PublicKey(x: x, y: y)
    }

    /// r || s from two integers' bytes, each padded to 32; an integer wider than 32 bytes is kept whole, making a
    /// signature longer than 64 bytes (which the verifier refuses, as it must).
    static func rawSignature(r: [UInt8], s: [UInt8]) -> [UInt8] {
        (coordinate(r) ?? r) + (coordinate(s) ?? s)
    }
}
