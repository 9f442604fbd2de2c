#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(CommonCrypto)
    import CommonCrypto
#endif

/// Which code hashes passwords and digests in this process: chosen once, at start, and never again.
///
/// The platform's own library runs at the hardware's speed (OpenSSL uses the CPU's SHA extensions), which the Swift
/// implementation cannot reach: on Linux the system's OpenSSL 3 (`libcrypto.so.3`, which FoundationNetworking itself
/// links, so every machine that runs Swift programs has it), loaded when the program runs, as SQLite is, so that
/// nothing needs its header or a build flag; on Apple platforms CommonCrypto for PBKDF2 and CryptoKit for SHA-256.
/// Where neither is present, the Swift implementation (``SoftwareSHA256``, ``PBKDF2/software(password:salt:iterations:keyLength:)``)
/// hashes; the tests check both against each other and against the published vectors.
public enum HashingImplementation: Hashable, Sendable {
    /// The system's OpenSSL, from the library file named.
    case openSSL(library: String)
    /// Apple's CommonCrypto and CryptoKit.
    case apple
    /// The package's own Swift code.
    case software

    /// The one this process uses.
    public static var current: HashingImplementation {
        #if canImport(CommonCrypto)
            return .apple
        #else
            return LibCrypto.shared.map { .openSSL(library: $0.file) } ?? .software
        #endif
    }

    /// A short description for people: `OpenSSL (libcrypto.so.3)`, `CommonCrypto and CryptoKit`, `Swift`.
    public var description: String {
        switch self {
        case .openSSL(let library): "OpenSSL (\(library))"
        case .apple: "CommonCrypto and CryptoKit"
        case .software: "Swift"
        }
    }
}

/// The system's OpenSSL on Linux, loaded at run time; only the three functions the package uses, with the types of
/// `openssl/evp.h` and `openssl/sha.h`.
struct LibCrypto: Sendable {
    typealias PBKDF2Function =
        @convention(c) (
            UnsafePointer<CChar>?, Int32, UnsafePointer<UInt8>?, Int32, Int32, OpaquePointer?, Int32,
            UnsafeMutablePointer<UInt8>?
        ) -> Int32
    typealias DigestFunction = @convention(c) () -> OpaquePointer?
    typealias SHA256Function =
        @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?) -> UnsafeMutablePointer<UInt8>?

    /// The library file it was loaded from.
    let file: String
    /// `PKCS5_PBKDF2_HMAC`.
    let pbkdf2: PBKDF2Function
    /// `EVP_sha256`.
    let sha256Digest: DigestFunction
    /// `SHA256`, the one-shot digest.
    let sha256: SHA256Function

    /// The library, loaded once at start; `nil` where there is none (then the Swift implementation hashes).
    static let shared: LibCrypto? = load()

    /// The file names tried, in order: OpenSSL 3's, then whatever the unversioned name gives.
    static let candidates = ["libcrypto.so.3", "libcrypto.so"]

    private static func load() -> LibCrypto? {
        #if canImport(Glibc)
            for file in candidates {
                guard let handle = dlopen(file, RTLD_NOW | RTLD_LOCAL) else { continue }
                guard let pbkdf2 = dlsym(handle, "PKCS5_PBKDF2_HMAC"), let digest = dlsym(handle, "EVP_sha256"),
                    let sha256 = dlsym(handle, "SHA256")
                else {
                    dlclose(handle)
                    continue
                }
                let library = LibCrypto(
                    file: file, pbkdf2: unsafeBitCast(pbkdf2, to: PBKDF2Function.self),
                    sha256Digest: unsafeBitCast(digest, to: DigestFunction.self),
                    sha256: unsafeBitCast(sha256, to: SHA256Function.self))
                // Trusted only once it gives the published answers: RFC 7914 §11's PBKDF2 vector and FIPS 180-4's
                // "abc". A library that does not is not used.
                guard library.passesKnownAnswers else {
                    dlclose(handle)
                    continue
                }
                return library
            }
        #endif
        return nil
    }

    /// PBKDF2-HMAC-SHA256; `nil` if the library refused (it does not for these sizes).
    func pbkdf2SHA256(password: [UInt8], salt: [UInt8], iterations: Int, keyLength: Int) -> [UInt8]? {
        guard let digest = sha256Digest(), iterations <= Int(Int32.max), password.count <= Int(Int32.max),
            salt.count <= Int(Int32.max), keyLength <= Int(Int32.max)
        else { return nil }
        var output = [UInt8](repeating: 0, count: keyLength)
        let status = password.withUnsafeBufferPointer { passwordBytes in
            salt.withUnsafeBufferPointer { saltBytes in
                output.withUnsafeMutableBufferPointer { outputBytes in
                    passwordBytes.withMemoryRebound(to: CChar.self) { passwordChars in
                        pbkdf2(
                            passwordChars.baseAddress, Int32(password.count), saltBytes.baseAddress, Int32(salt.count),
                            Int32(iterations), digest, Int32(keyLength), outputBytes.baseAddress)
                    }
                }
            }
        }
        return status == 1 ? output : nil
    }

    /// SHA-256 of `bytes`.
    func sha256Hash(_ bytes: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 32)
        bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { digest in
                _ = sha256(input.baseAddress, input.count, digest.baseAddress)
            }
        }
        return output
    }

    /// Whether the library gives the published answers.
    private var passesKnownAnswers: Bool {
        let derived = pbkdf2SHA256(
            password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1, keyLength: 64)
        return derived.map(Hex.encode)
            == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
            + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"
            && Hex.encode(sha256Hash(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    }
}
