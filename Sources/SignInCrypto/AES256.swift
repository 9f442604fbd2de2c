/// AES-256 encryption (FIPS 197) and CTR mode (NIST SP 800-38A), for one thing: checking Firebase's own `SCRYPT`
/// password hashes on import, which are a signer key encrypted with AES-256-CTR under a key scrypt derived from the
/// password. Nothing here decrypts, and nothing here is used to protect data. Checked against FIPS 197 appendix C.3
/// and SP 800-38A F.5.5.
///
/// A table-free byte-wise implementation: the S-box is computed once from its definition (the inverse in GF(2⁸)
/// and the affine map), not typed in.
public enum AES256 {
    /// The S-box (FIPS 197 §5.1.1).
    static let sbox: [UInt8] = {
        var box = [UInt8](repeating: 0x63, count: 256)
        // p runs over the multiplicative group by powers of 3; q over the matching inverses.
        var p: UInt8 = 1
        var q: UInt8 = 1
        repeat {
            p = p ^ (p << 1) ^ (p & 0x80 != 0 ? 0x1b : 0)
            q ^= q << 1
            q ^= q << 2
            q ^= q << 4
            if q & 0x80 != 0 { q ^= 0x09 }
            let affine = q ^ rotateLeft(q, 1) ^ rotateLeft(q, 2) ^ rotateLeft(q, 3) ^ rotateLeft(q, 4)
            box[Int(p)] = affine ^ 0x63
        } while p != 1
        return box
    }()

    /// The 60-word key schedule of a 32-byte key (FIPS 197 §5.2).
    static func expand(key: [UInt8]) -> [UInt32] {
        precondition(key.count == 32, "AES-256 takes a 32-byte key")
        var words = (0..<8).map { index in
            (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(key[4 * index + $1]) }
        }
        var roundConstant: UInt8 = 1
        for index in 8..<60 {
            var temp = words[index - 1]
            if index % 8 == 0 {
                temp = substitute(temp << 8 | temp >> 24) ^ UInt32(roundConstant) << 24
                roundConstant = double(roundConstant)
            } else if index % 8 == 4 {
                temp = substitute(temp)
            }
            words.append(words[index - 8] ^ temp)
        }
        return words
    }

    /// Encrypts one 16-byte block under an expanded key.
    static func encrypt(block input: [UInt8], schedule: [UInt32]) -> [UInt8] {
        var state = input
        addRoundKey(&state, schedule, round: 0)
        for round in 1...14 {
            for index in 0..<16 { state[index] = sbox[Int(state[index])] }
            // ShiftRows: row r moves r columns left; byte (row, column) sits at 4 × column + row.
            let shifted = state
            for row in 1..<4 {
                for column in 0..<4 { state[4 * column + row] = shifted[4 * ((column + row) % 4) + row] }
            }
            if round < 14 {
                for column in 0..<4 {
                    let a = Array(state[(4 * column)..<(4 * column + 4)])
                    let doubled = a.map(double)
                    state[4 * column] = doubled[0] ^ doubled[1] ^ a[1] ^ a[2] ^ a[3]
                    state[4 * column + 1] = a[0] ^ doubled[1] ^ doubled[2] ^ a[2] ^ a[3]
                    state[4 * column + 2] = a[0] ^ a[1] ^ doubled[2] ^ doubled[3] ^ a[3]
                    state[4 * column + 3] = doubled[0] ^ a[0] ^ a[1] ^ a[2] ^ doubled[3]
                }
            }
            addRoundKey(&state, schedule, round: round)
        }
        return state
    }

    /// `data` encrypted (or decrypted: it is the same) in CTR mode, the counter block starting at `counter` and
    /// incremented as one 128-bit big-endian number.
    /// - Precondition: `key` is 32 bytes and `counter` 16.
    public static func ctr(_ data: [UInt8], key: [UInt8], counter: [UInt8]) -> [UInt8] {
        precondition(counter.count == 16, "the counter block is 16 bytes")
        let schedule = expand(key: key)
        var block = counter
        var output: [UInt8] = []
        output.reserveCapacity(data.count)
        for start in stride(from: 0, to: data.count, by: 16) {
            let stream = encrypt(block: block, schedule: schedule)
            for index in start..<min(start + 16, data.count) { output.append(data[index] ^ stream[index - start]) }
            for index in stride(from: 15, through: 0, by: -1) {
                block[index] &+= 1
                if block[index] != 0 { break }
            }
        }
        return output
    }

    private static func addRoundKey(_ state: inout [UInt8], _ schedule: [UInt32], round: Int) {
        for column in 0..<4 {
            let word = schedule[4 * round + column]
            for row in 0..<4 { state[4 * column + row] ^= UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * row)) }
        }
    }

    private static func substitute(_ word: UInt32) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { partial, index in
            partial << 8 | UInt32(sbox[Int(UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * index)))])
        }
    }

    /// Multiplication by x in GF(2⁸) (FIPS 197 §4.2.1).
    private static func double(_ byte: UInt8) -> UInt8 { byte << 1 ^ (byte & 0x80 != 0 ? 0x1b : 0) }

    private static func rotateLeft(_ byte: UInt8, _ count: UInt8) -> UInt8 { byte << count | byte >> (8 - count) }
}
