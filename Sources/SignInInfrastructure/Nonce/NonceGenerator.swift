public import SignInCrypto

/// Makes the raw nonce for Sign in with Apple: at least 32 characters drawn uniformly from a 64-character
/// alphabet with the system's CSPRNG (rejection sampling, so no character is favoured).
public struct NonceGenerator: Sendable {
    /// The characters a nonce is made of: the base64url alphabet.
    public static let alphabet: [Character] = Array(
        "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_")
    /// The shortest nonce this generator makes.
    public static let minimumLength = 32

    /// The length of each nonce.
    public let length: Int
    private let source: any RandomByteSource

    /// Creates a generator.
    /// - Parameters:
    ///   - length: The nonce length; raised to ``minimumLength`` if shorter.
    ///   - source: The random bytes; the system's CSPRNG unless a test injects its own.
    public init(length: Int = 32, source: any RandomByteSource = SystemRandomBytes()) {
        self.length = max(length, Self.minimumLength)
        self.source = source
    }

    /// A fresh raw nonce.
    public func make() -> String {
        source.string(count: length, alphabet: Self.alphabet)
    }
}
