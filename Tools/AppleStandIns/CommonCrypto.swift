// Stand-in for the part of Apple's CommonCrypto that SignInCrypto's Apple branch uses (PBKDF2), so that CI can
// type-check it on Linux. Declarations follow `CommonKeyDerivation.h` as Swift imports it: the constants of its
// anonymous enums are `Int`. There is no behaviour. Never part of a product or a test: see
// Tools/AppleStandIns/README.md.

public typealias CCPBKDFAlgorithm = UInt32
public typealias CCPseudoRandomAlgorithm = UInt32

public var kCCPBKDF2: Int { 2 }
public var kCCPRFHmacAlgSHA256: Int { 3 }
public var kCCSuccess: Int { 0 }

public func CCKeyDerivationPBKDF(
    _ algorithm: CCPBKDFAlgorithm, _ password: UnsafePointer<CChar>!, _ passwordLen: Int,
    _ salt: UnsafePointer<UInt8>!, _ saltLen: Int, _ prf: CCPseudoRandomAlgorithm, _ rounds: UInt32,
    _ derivedKey: UnsafeMutablePointer<UInt8>!, _ derivedKeyLen: Int
) -> Int32 { -1 }
