#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A source of random bytes. The default, ``SystemRandomBytes``, is the system's CSPRNG; tests inject
/// a deterministic one.
public protocol RandomByteSource: Sendable {
    /// `count` random bytes.
    func bytes(count: Int) -> [UInt8]
}

/// The system's cryptographically secure generator: one `getrandom` call per request on Linux, `arc4random_buf` on
/// Apple platforms (`SystemRandomNumberGenerator`, one system call per 8 bytes, elsewhere and as a fallback).
public struct SystemRandomBytes: RandomByteSource {
    /// Creates the source.
    public init() {}

    public func bytes(count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            Self.fill(buffer)
            initialized = count
        }
    }

    /// Fills `buffer` from the system's generator.
    private static func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        #if canImport(Darwin)
            arc4random_buf(buffer.baseAddress, buffer.count)
        #else
            var filled = 0
            #if canImport(Glibc)
                // `getrandom` blocks only until the kernel's pool is first initialised; a signal may cut a long
                // request short (EINTR or fewer bytes), so it is called until the buffer is full.
                while filled < buffer.count, let getrandom = Self.getrandom {
                    let got = getrandom(buffer.baseAddress.map { $0 + filled }, buffer.count - filled, 0)
                    if got > 0 {
                        filled += got
                    } else if got < 0, errno == EINTR {
                        continue
                    } else {
                        break  // no `getrandom` (ENOSYS): the standard library's generator below
                    }
                }
            #endif
            var generator = SystemRandomNumberGenerator()
            while filled < buffer.count {
                withUnsafeBytes(of: generator.next() as UInt64) { word in
                    for byte in word where filled < buffer.count {
                        buffer[filled] = byte
                        filled += 1
                    }
                }
            }
        #endif
    }

    #if canImport(Glibc)
        /// glibc's `getrandom(2)` wrapper (2.25 and later), looked up once: `sys/random.h` is not part of the Swift
        /// `Glibc` module. `nil` where the C library lacks it.
        private static let getrandom: (@convention(c) (UnsafeMutableRawPointer?, Int, UInt32) -> Int)? = {
            guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "getrandom") else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutableRawPointer?, Int, UInt32) -> Int).self)
        }()
    #endif
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
