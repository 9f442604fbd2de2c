// Stand-in for the part of Apple's CryptoKit that SignInCrypto's Apple branches use (SHA-256, HMAC-SHA256, P-256
// ECDSA keys and signatures), so that CI can type-check them on Linux. Declarations follow Apple's documentation,
// generic over `DataProtocol` and `ContiguousBytes` as CryptoKit's are. There is no behaviour: hashes and codes are
// empty, keys and signatures hold no numbers and nothing verifies. Never part of a product or a test: see
// Tools/AppleStandIns/README.md.
import Foundation

public protocol Digest: Sequence, ContiguousBytes, Hashable, Sendable where Element == UInt8 {}

public protocol HashFunction: Sendable {
    associatedtype Digest: CryptoKit.Digest
    static func hash<D: DataProtocol>(data: D) -> Digest
}

public struct SHA256Digest: Digest {
    let bytes: [UInt8] = []
    public func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }
}

public struct SHA256: HashFunction {
    public static func hash<D: DataProtocol>(data: D) -> SHA256Digest { SHA256Digest() }
}

public struct SymmetricKey: Sendable {
    public init<D: ContiguousBytes>(data: D) {}
}

public protocol MessageAuthenticationCode: Sequence, ContiguousBytes, Hashable, Sendable where Element == UInt8 {}

public struct HashedAuthenticationCode<H: HashFunction>: MessageAuthenticationCode {
    let bytes: [UInt8] = []
    public func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }
}

public struct HMAC<H: HashFunction>: Sendable {
    public typealias MAC = HashedAuthenticationCode<H>
    public static func authenticationCode<D: DataProtocol>(for data: D, using key: SymmetricKey) -> MAC { MAC() }
}

/// Thrown by the stand-in's throwing calls (CryptoKit throws `CryptoKitError`).
public enum CryptoKitError: Error, Sendable {
    case incorrectKeySize
    case incorrectParameterSize
}

public enum P256: Sendable {
    public enum Signing: Sendable {
        public struct PrivateKey: Sendable {
            public init(compactRepresentable: Bool = true) {}
            public init<Bytes: ContiguousBytes>(rawRepresentation: Bytes) throws {
                throw CryptoKitError.incorrectKeySize
            }
            public var rawRepresentation: Data { Data() }
            public var publicKey: PublicKey { PublicKey() }
            public func signature<D: DataProtocol>(for data: D) throws -> ECDSASignature {
                throw CryptoKitError.incorrectKeySize
            }
        }

        public struct PublicKey: Sendable {
            init() {}
            public init<D: ContiguousBytes>(rawRepresentation: D) throws { throw CryptoKitError.incorrectKeySize }
            public var rawRepresentation: Data { Data() }
            public func isValidSignature<D: DataProtocol>(_ signature: ECDSASignature, for data: D) -> Bool { false }
        }

        public struct ECDSASignature: Sendable {
            public init<D: DataProtocol>(rawRepresentation: D) throws {
                throw CryptoKitError.incorrectParameterSize
            }
            public init<D: DataProtocol>(derRepresentation: D) throws {
                throw CryptoKitError.incorrectParameterSize
            }
            public var rawRepresentation: Data { Data() }
            public var derRepresentation: Data { Data() }
        }
    }
}
