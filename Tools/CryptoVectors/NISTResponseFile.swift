import Foundation
import SignInCrypto

/// Reads NIST CAVP response files (`.rsp`, as `cryptography-vectors` ships them): `[section]` headers, `name = value`
/// lines, records separated by the line that ends them. Three kinds are read, each for SHA-256 only:
///
/// - FIPS 186-3 ECDSA `SigVer.rsp`: the `[P-256,SHA-256]` section; `Result = P` must verify, `F` must not.
/// - FIPS 186 RSA `SigVer15_*.rsp` (and `SigVer15EMTest.txt`): `SHAAlg = SHA256` records of the `[mod = N]` sections
///   with N of 2048 or more (shorter moduli are refused by ``RSAPublicKey`` by design, and not counted).
/// - FIPS 186 RSA `SigGen15_*.rsp`: the same records, every one a valid signature.
enum NISTResponseFile {
    /// One record: the fields of its section (`n`, `e` of a SigGen section) and its own, and the line it ends on.
    struct Record {
        let section: String
        let fields: [String: String]
        let line: Int
    }

    /// The records of `text`: each ends at a line named `terminator`; lines named in `sectionFields` that come
    /// before a section's first record belong to every record of the section.
    static func records(_ text: String, sectionFields: Set<String>, terminator: String) -> [Record] {
        var records: [Record] = []
        var section = ""
        var shared: [String: String] = [:]
        var current: [String: String] = [:]
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                section = String(line.dropFirst().dropLast())
                shared = [:]
                current = [:]
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if sectionFields.contains(name) && current.isEmpty {
                shared[name] = value
                continue
            }
            current[name] = value
            if name == terminator {
                records.append(Record(section: section, fields: shared.merging(current) { $1 }, line: index + 1))
                current = [:]
            }
        }
        return records
    }

    static func text(_ path: String) throws(VectorFileError) -> String {
        do {
            return try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
        } catch {
            throw VectorFileError(message: "\((path as NSString).lastPathComponent): \(error.localizedDescription)")
        }
    }

    static func field(_ record: Record, _ name: String, _ file: String) throws(VectorFileError) -> String {
        guard let value = record.fields[name] else {
            throw VectorFileError(message: "\(file) line \(record.line): no \(name)")
        }
        return value
    }

    /// The verdict of a `Result = P` or `Result = F (reason)` line.
    static func expected(_ record: Record, _ file: String) throws(VectorFileError) -> Vector.Expected {
        let result = try field(record, "Result", file)
        if result.hasPrefix("P") { return .valid }
        if result.hasPrefix("F") { return .invalid }
        throw VectorFileError(message: "\(file) line \(record.line): Result \(result)")
    }

    /// FIPS 186-3 ECDSA SigVer, P-256 with SHA-256, r || s.
    static func ecdsaSigVer(_ path: String) throws(VectorFileError) -> VectorSet {
        let file = (path as NSString).lastPathComponent
        let section = "P-256,SHA-256"
        var set = VectorSet(name: "NIST \(file) [\(section)]")
        for record in records(try text(path), sectionFields: [], terminator: "Result") where record.section == section {
            let key = VectorBytes.p256Key(
                x: try VectorBytes.hex(try field(record, "Qx", file), "Qx"),
                y: try VectorBytes.hex(try field(record, "Qy", file), "Qy"))
            let signature = VectorBytes.rawSignature(
                r: try VectorBytes.hex(try field(record, "R", file), "R"),
                s: try VectorBytes.hex(try field(record, "S", file), "S"))
            let message = try VectorBytes.hex(try field(record, "Msg", file), "Msg")
            set.vectors.append(
                Vector(
                    id: "line \(record.line)", expected: try expected(record, file),
                    input: .p256(key: key, message: message, signature: signature)))
        }
        return set
    }

    /// FIPS 186 RSA PKCS#1 v1.5 SigVer (`verifying: true`) or SigGen (`false`: every signature valid), SHA-256,
    /// moduli of 2048 bits or more.
    static func rsa(_ path: String, verifying: Bool) throws(VectorFileError) -> VectorSet {
        let file = (path as NSString).lastPathComponent
        var set = VectorSet(name: "NIST \(file) [mod >= 2048, SHA256]")
        let all = records(
            try text(path), sectionFields: verifying ? ["n"] : ["n", "e"], terminator: verifying ? "Result" : "S")
        for record in all where record.fields["SHAAlg"] == "SHA256" {
            let bits = Int(record.section.split(separator: "=").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
            guard bits >= RSAPublicKey.minimumModulusBits else { continue }
            let key = RSAPublicKey(
                modulus: try VectorBytes.hex(try field(record, "n", file), "n"),
                exponent: try VectorBytes.hex(try field(record, "e", file), "e"))
            let input = Vector.Input.rsa(
                key: key, message: try VectorBytes.hex(try field(record, "Msg", file), "Msg"),
                signature: try VectorBytes.hex(try field(record, "S", file), "S"))
            set.vectors.append(
                Vector(
                    id: "line \(record.line)", expected: verifying ? try expected(record, file) : .valid, input: input))
        }
        return set
    }
}
