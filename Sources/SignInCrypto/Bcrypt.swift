/// bcrypt (Provos and Mazières, 1999), as OpenBSD defines its `$2a$`, `$2b$` and `$2y$` strings, to check the
/// password hashes other systems made with it (an import's `BCRYPT`). Checked against the OpenBSD and jBCrypt vectors.
public enum Bcrypt {
    /// A parsed bcrypt string: `$2b$` (or `$2a$`, `$2y$`), a two-digit cost, 22 characters of salt and 31 of hash.
    public struct Hash: Hashable, Sendable {
        /// The cost: 2^cost rounds of the expensive key schedule.
        public let cost: Int
        /// The 16-byte salt.
        public let salt: [UInt8]
        /// The 23 bytes of the hash.
        public let digest: [UInt8]

        /// Parses `text`, or returns `nil` when it is not a bcrypt string of a known version with a cost of 4 to 31.
        /// `$2x$` (the hashes of a bug in one old implementation) is not taken.
        public init?(_ text: String) {
            let bytes = Array(text.utf8)
            guard bytes.count == 60, bytes[0] == 0x24, bytes[1] == 0x32, [0x61, 0x62, 0x79].contains(bytes[2]),
                bytes[3] == 0x24, bytes[6] == 0x24,
                let tens = Bcrypt.digit(bytes[4]), let ones = Bcrypt.digit(bytes[5]),
                (4...31).contains(tens * 10 + ones),
                let salt = Bcrypt.decode(bytes[7..<29], count: 16),
                let digest = Bcrypt.decode(bytes[29..<60], count: 23)
            else { return nil }
            cost = tens * 10 + ones
            self.salt = salt
            self.digest = digest
        }
    }

    /// The 23-byte hash of `password` under `salt` (16 bytes) at `cost` (4…31). The key is the password's bytes and a
    /// zero byte, cut at 72 bytes, as in `$2b$`.
    public static func digest(password: [UInt8], salt: [UInt8], cost: Int) -> [UInt8] {
        precondition(salt.count == 16 && (4...31).contains(cost), "bcrypt takes a 16-byte salt and a cost of 4 to 31")
        let key = Array((password + [0]).prefix(72))
        var cipher = Blowfish()
        cipher.expand(key: key, salt: salt)
        for _ in 0..<(1 << cost) {
            cipher.expand(key: key, salt: nil)
            cipher.expand(key: salt, salt: nil)
        }
        // "OrpheanBeholderScryDoubt", encrypted 64 times as three 64-bit blocks.
        var words: [UInt32] = [0x4f72_7068, 0x6561_6e42, 0x6568_6f6c, 0x6465_7253, 0x6372_7944, 0x6f75_6274]
        for _ in 0..<64 {
            for block in 0..<3 {
                (words[2 * block], words[2 * block + 1]) = cipher.encrypt(words[2 * block], words[2 * block + 1])
            }
        }
        let bytes = words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * $0)) } }
        return Array(bytes.prefix(23))
    }

    /// Whether `password` matches `hash`, compared in constant time.
    public static func verify(_ password: [UInt8], against hash: Hash) -> Bool {
        ConstantTime.equals(digest(password: password, salt: hash.salt, cost: hash.cost), hash.digest)
    }

    /// bcrypt's own base-64 alphabet.
    static let alphabet = Array("./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// `count` bytes from bcrypt's base 64 (big-endian bit groups, no padding), or `nil` for a character outside the
    /// alphabet. The bits past the last byte are ignored, as OpenBSD ignores them.
    static func decode(_ characters: ArraySlice<UInt8>, count: Int) -> [UInt8]? {
        var bits: UInt32 = 0
        var bitCount = 0
        var output: [UInt8] = []
        for character in characters {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            bits = bits << 6 | UInt32(value)
            bitCount += 6
            if bitCount >= 8 {
                bitCount -= 8
                output.append(UInt8(truncatingIfNeeded: bits >> UInt32(bitCount)))
                bits &= (1 << UInt32(bitCount)) - 1
            }
        }
        guard output.count == count else { return nil }
        return output
    }

    static func digit(_ byte: UInt8) -> Int? { (0x30...0x39).contains(byte) ? Int(byte - 0x30) : nil }
}

/// Blowfish's state (Schneier, 1993), with bcrypt's salted key schedule.
struct Blowfish {
    var p = Blowfish.initialP
    var s = Blowfish.initialS

    /// Mixes `key` into the P-array and refills P and the S-boxes by encrypting, each block first xor-ed with the
    /// salt's next words when there is a salt (bcrypt's ExpandKey); with no salt, Blowfish's own key schedule.
    mutating func expand(key: [UInt8], salt: [UInt8]?) {
        var keyOffset = 0
        for index in 0..<18 { p[index] ^= Self.nextWord(key, &keyOffset) }
        var left: UInt32 = 0
        var right: UInt32 = 0
        var saltOffset = 0
        for index in stride(from: 0, to: 18 + 1024, by: 2) {
            if let salt {
                left ^= Self.nextWord(salt, &saltOffset)
                right ^= Self.nextWord(salt, &saltOffset)
            }
            (left, right) = encrypt(left, right)
            if index < 18 {
                p[index] = left
                p[index + 1] = right
            } else {
                s[index - 18] = left
                s[index - 17] = right
            }
        }
    }

    /// Encrypts one 64-bit block given as two words.
    func encrypt(_ left: UInt32, _ right: UInt32) -> (UInt32, UInt32) {
        var left = left ^ p[0]
        var right = right
        for index in stride(from: 1, to: 16, by: 2) {
            right ^= round(left) ^ p[index]
            left ^= round(right) ^ p[index + 1]
        }
        return (right ^ p[17], left)
    }

    private func round(_ x: UInt32) -> UInt32 {
        let a = s[Int(x >> 24)]
        let b = s[256 + Int(x >> 16 & 0xff)]
        let c = s[512 + Int(x >> 8 & 0xff)]
        let d = s[768 + Int(x & 0xff)]
        return ((a &+ b) ^ c) &+ d
    }

    /// The next four bytes of `bytes` as a big-endian word, cycling back to the start at the end.
    private static func nextWord(_ bytes: [UInt8], _ offset: inout Int) -> UInt32 {
        var word: UInt32 = 0
        for _ in 0..<4 {
            word = word << 8 | UInt32(bytes[offset])
            offset = (offset + 1) % bytes.count
        }
        return word
    }
}
