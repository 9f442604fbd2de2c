/// A source of random bytes. The default, ``SystemRandomBytes``, is the system's CSPRNG; tests inject
/// a deterministic one.
public protocol RandomByteSource: Sendable {
    /// `count` random bytes.
    func bytes(count: Int) -> [UInt8]
}

/// The system's cryptographically secure generator (`SystemRandomNumberGenerator`: `getrandom` on
/// Linux, `arc4random_buf` on Apple platforms).
public struct SystemRandomBytes: RandomByteSource {
    /// Creates the source.
    public init() {}

    public func bytes(count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var out: [UInt8] = []
        out.reserveCapacity(count + 8)
        while out.count < count {
            withUnsafeBytes(of: generator.next() as UInt64) { out.append(contentsOf: $0) }
        }
        return Array(out.prefix(count))
    }
}

extension RandomByteSource {
    /// `count` characters drawn uniformly from `alphabet` by rejection sampling: a byte is used only
    /// when it falls below the largest multiple of the alphabet's size, so no character is favoured.
    /// - Precondition: `alphabet` has between 1 and 256 characters.
    public func string(count: Int, alphabet: [Character]) -> String {
        precondition((1...256).contains(alphabet.count), "alphabet must have 1 to 256 characters")
        let size = alphabet.count
        let limit = 256 - 256 % size
        var picked: [Int] = []
        picked.reserveCapacity(count)
        while picked.count < count {
            for byte in bytes(count: count - picked.count + 8) where Int(byte) < limit {
                picked.append(Int(byte) % size)
                if picked.count == count { break }
            }
        }
        // An ASCII alphabet (every one in use) is assembled as bytes, without building characters.
        let ascii = alphabet.compactMap(\.asciiValue)
        if ascii.count == size { return String(decoding: picked.map { ascii[$0] }, as: UTF8.self) }
        var result = ""
        for index in picked { result.append(alphabet[index]) }
        return result
    }

    /// `count` random bytes as unpadded base64url: an opaque token.
    public func token(byteCount: Int = 32) -> String {
        Base64URL.encode(bytes(count: byteCount))
    }
}
