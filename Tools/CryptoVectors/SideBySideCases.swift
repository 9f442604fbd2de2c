import Foundation
import SignInCrypto

/// Reads the cases `Examples/crypto-vectors/cases.py` writes: keys, messages and signatures made by Python's
/// `cryptography` with a fixed seed, each with `cryptography`'s own verdict (`verify()` returned, or raised
/// `InvalidSignature`, or the key could not be made). Three sets: RS256, ES256 as r || s, and the same ES256
/// signatures in the DER `cryptography` encoded.
///
/// The file: `{"generator": "...", "cases": [{"alg": "RS256", "n": hex, "e": hex, "msg": hex, "sig": hex,
/// "valid": bool, "label": "..."}, {"alg": "ES256", "x": hex, "y": hex, "msg": hex, "sig": hex, "der": hex,
/// "valid": bool, "label": "..."}]}`.
enum SideBySideCases {
    static func read(_ path: String) throws(VectorFileError) -> [VectorSet] {
        let file = (path as NSString).lastPathComponent
        let document: [String: Any]
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw VectorFileError(message: "\(file): not a JSON object")
            }
            document = object
        } catch let error as VectorFileError {
            throw error
        } catch {
            throw VectorFileError(message: "\(file): \(error.localizedDescription)")
        }
        guard let cases = document["cases"] as? [[String: Any]] else {
            throw VectorFileError(message: "\(file): no cases")
        }
        let generator = document["generator"] as? String ?? "cryptography"
        var rsa = VectorSet(name: "\(generator) RS256")
        var raw = VectorSet(name: "\(generator) ES256 r||s")
        var der = VectorSet(name: "\(generator) ES256 DER")
        func hex(_ entry: [String: Any], _ name: String, _ index: Int) throws(VectorFileError) -> [UInt8] {
            guard let text = entry[name] as? String else {
                throw VectorFileError(message: "\(file): case \(index) has no \(name)")
            }
            return try VectorBytes.hex(text, name)
        }
        for (index, entry) in cases.enumerated() {
            guard let valid = entry["valid"] as? Bool, let alg = entry["alg"] as? String else {
                throw VectorFileError(message: "\(file): case \(index) has no alg or verdict")
            }
            let id = "case \(index) (\(entry["label"] as? String ?? "?"))"
            let expected: Vector.Expected = valid ? .valid : .invalid
            let message = try hex(entry, "msg", index)
            switch alg {
            case "RS256":
                let key = RSAPublicKey(modulus: try hex(entry, "n", index), exponent: try hex(entry, "e", index))
                let input = Vector.Input.rsa(key: key, message: message, signature: try hex(entry, "sig", index))
                rsa.vectors.append(Vector(id: id, expected: expected, input: input))
            case "ES256":
                let key = VectorBytes.p256Key(x: try hex(entry, "x", index), y: try hex(entry, "y", index))
                raw.vectors.append(
                    Vector(
                        id: id, expected: expected,
                        input: .p256(key: key, message: message, signature: try hex(entry, "sig", index))))
                der.vectors.append(
                    Vector(
                        id: id, expected: expected,
                        input: .p256DER(key: key, message: message, signature: try hex(entry, "der", index))))
            default:
                throw VectorFileError(message: "\(file): case \(index) has alg \(alg)")
            }
        }
        return [rsa, raw, der]
    }
}
