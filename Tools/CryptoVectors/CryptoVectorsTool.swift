import Foundation
import SignInCrypto

/// `signin-crypto-vectors`: checks ``SignatureVerifier`` against test vectors that nobody here wrote, one line per
/// set: `<set>: N passed, M failed`. Exits 1 when any vector's verdict differs from the expected one, when a set has
/// no vector (a check that cannot fail is no check), or when a file cannot be read; 2 on a usage error.
///
/// Wycheproof's "acceptable" vectors may verify or not; they are counted apart, after a `;` on the set's line.
@main
struct CryptoVectorsTool {
    static let usage = """
        usage: signin-crypto-vectors [--wycheproof FILE]... [--nist-ecdsa-sigver FILE]... [--nist-rsa-sigver FILE]...
                                     [--nist-rsa-siggen FILE]... [--cases FILE]...
          --wycheproof FILE         a Wycheproof JSON file: rsa_signature_*_sha256, rsa_pkcs1_*_sig_gen,
                                    ecdsa_secp256r1_sha256 (DER) or ecdsa_secp256r1_sha256_p1363
          --nist-ecdsa-sigver FILE  NIST FIPS 186-3 ECDSA SigVer.rsp ([P-256,SHA-256])
          --nist-rsa-sigver FILE    NIST FIPS 186 RSA SigVer15 .rsp (SHA256, moduli of 2048 bits or more)
          --nist-rsa-siggen FILE    NIST FIPS 186 RSA SigGen15 .rsp (SHA256, moduli of 2048 bits or more)
          --cases FILE              side-by-side cases with Python cryptography's verdicts (cases.py)
        """

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard !arguments.isEmpty, arguments.count % 2 == 0 else { fail(usage, status: 2) }
        var sets: [VectorSet] = []
        do {
            for index in stride(from: 0, to: arguments.count, by: 2) {
                let path = arguments[index + 1]
                switch arguments[index] {
                case "--wycheproof": sets.append(try WycheproofSet.read(path))
                case "--nist-ecdsa-sigver": sets.append(try NISTResponseFile.ecdsaSigVer(path))
                case "--nist-rsa-sigver": sets.append(try NISTResponseFile.rsa(path, verifying: true))
                case "--nist-rsa-siggen": sets.append(try NISTResponseFile.rsa(path, verifying: false))
                case "--cases": sets += try SideBySideCases.read(path)
                default: fail("unknown option \(arguments[index])\n\(usage)", status: 2)
                }
            }
        } catch {
            fail("signin-crypto-vectors: \(error.message)", status: 1)
        }

        var totalPassed = 0
        var totalFailed = 0
        var emptySets = 0
        for set in sets {
            var passed = 0
            var failed = 0
            var acceptableVerified = 0
            var acceptableRefused = 0
            for vector in set.vectors {
                let verifies: Bool
                do {
                    verifies = try vector.verifies()
                } catch {
                    fail("signin-crypto-vectors: no library can check signatures here (\(error))", status: 1)
                }
                switch vector.expected {
                case .acceptable:
                    if verifies { acceptableVerified += 1 } else { acceptableRefused += 1 }
                case .valid, .invalid:
                    if verifies == (vector.expected == .valid) {
                        passed += 1
                    } else {
                        failed += 1
                        let want = vector.expected == .valid ? "verify" : "be refused"
                        report(
                            "  \(set.name) \(vector.id): should \(want), but \(verifies ? "verified" : "was refused")")
                    }
                }
            }
            var line = "\(set.name): \(passed) passed, \(failed) failed"
            if acceptableVerified + acceptableRefused > 0 {
                line +=
                    "; \(acceptableVerified + acceptableRefused) acceptable (\(acceptableVerified) verified, "
                    + "\(acceptableRefused) refused), not counted"
            }
            if passed + failed == 0 {
                emptySets += 1
                line += " (no vector: nothing was checked)"
            }
            print(line)
            totalPassed += passed
            totalFailed += failed
        }
        print("total: \(totalPassed) passed, \(totalFailed) failed")
        if totalFailed > 0 || emptySets > 0 { exit(1) }
    }

    static func report(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    static func fail(_ message: String, status: Int32) -> Never {
        report(message)
        exit(status)
    }
}
