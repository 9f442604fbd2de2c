/// Why a signature could not be checked at all, as opposed to checked and found wrong.
///
/// A caller that gets this must not treat the signature as valid, nor as proven forged: nothing was decided.
public enum SignatureCheckUnavailable: Error, Sendable, Hashable {
    /// This process has no cryptographic library that can check public-key signatures: on Linux the system's OpenSSL
    /// 3 (`libcrypto.so.3`) is missing, lacks a function, or failed the published answers it is checked against
    /// before its first use (RFC 7515 appendices A.2 and A.3).
    case noPlatformCrypto
}
