/// scrypt (RFC 7914), to check the password hashes other systems made with it: an import's `STANDARD_SCRYPT`, and
/// Firebase's own `SCRYPT`, which derives its key with it. Checked against the vectors of RFC 7914 §12.
///
/// It needs 128 × `blockSize` × `cost` bytes of memory; the caller bounds the parameters before calling.
public enum Scrypt {
    /// `keyLength` bytes derived from `password` and `salt`.
    /// - Parameters:
    ///   - cost: N, a power of two greater than 1.
    ///   - blockSize: r, at least 1.
    ///   - parallelization: p, at least 1.
    /// - Precondition: the parameters as above, and `keyLength` ≥ 1.
    public static func derive(
        password: [UInt8], salt: [UInt8], cost: Int, blockSize: Int, parallelization: Int, keyLength: Int
    ) -> [UInt8] {
        precondition(cost > 1 && cost & (cost - 1) == 0, "scrypt's cost is a power of two greater than 1")
        precondition(blockSize >= 1 && parallelization >= 1 && keyLength >= 1, "scrypt's parameters are positive")
        let blockBytes = 128 * blockSize
        var bytes = PBKDF2.sha256(
            password: password, salt: salt, iterations: 1, keyLength: parallelization * blockBytes)
        let wordCount = 32 * blockSize
        let x = UnsafeMutablePointer<UInt32>.allocate(capacity: wordCount)
        let y = UnsafeMutablePointer<UInt32>.allocate(capacity: wordCount)
        let v = UnsafeMutablePointer<UInt32>.allocate(capacity: wordCount * cost)
        defer {
            x.deallocate()
            y.deallocate()
            v.deallocate()
        }
        for lane in 0..<parallelization {
            let start = lane * blockBytes
            for index in 0..<wordCount {
                let offset = start + 4 * index
                let low = UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
                x[index] = low | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
            }
            mix(x, y, v, blockSize: blockSize, cost: cost)
            for index in 0..<wordCount {
                for byte in 0..<4 {
                    bytes[start + 4 * index + byte] = UInt8(truncatingIfNeeded: x[index] >> UInt32(8 * byte))
                }
            }
        }
        return PBKDF2.sha256(password: password, salt: bytes, iterations: 1, keyLength: keyLength)
    }

    /// scryptROMix (RFC 7914 §5) on `x`, 32 × r words; `y` is scratch of the same size, `v` holds N copies.
    private static func mix(
        _ x: UnsafeMutablePointer<UInt32>, _ y: UnsafeMutablePointer<UInt32>, _ v: UnsafeMutablePointer<UInt32>,
        blockSize: Int, cost: Int
    ) {
        let wordCount = 32 * blockSize
        for index in 0..<cost {
            (v + index * wordCount).update(from: x, count: wordCount)
            blockMix(x, y, blockSize: blockSize)
        }
        for _ in 0..<cost {
            // Integerify: the first word of the last 64-byte block, modulo N (a power of two).
            let j = Int(x[(2 * blockSize - 1) * 16]) & (cost - 1)
            let row = v + j * wordCount
            for index in 0..<wordCount { x[index] ^= row[index] }
            blockMix(x, y, blockSize: blockSize)
        }
    }

    /// scryptBlockMix (RFC 7914 §4): the even outputs go to the first half, the odd ones to the second.
    private static func blockMix(_ b: UnsafeMutablePointer<UInt32>, _ y: UnsafeMutablePointer<UInt32>, blockSize: Int) {
        let t = UnsafeMutablePointer<UInt32>.allocate(capacity: 16)
        defer { t.deallocate() }
        t.update(from: b + (2 * blockSize - 1) * 16, count: 16)
        for block in 0..<(2 * blockSize) {
            for index in 0..<16 { t[index] ^= b[block * 16 + index] }
            salsa20x8(t)
            let target = (block % 2 == 0 ? block / 2 : blockSize + block / 2) * 16
            (y + target).update(from: t, count: 16)
        }
        b.update(from: y, count: 32 * blockSize)
    }

    /// The Salsa20/8 core (RFC 7914 §3) on 16 words in place: four double rounds (columns, then rows), then the
    /// input added back. Written out on locals: it runs N × 2r × 2 times per hash.
    static func salsa20x8(_ block: UnsafeMutablePointer<UInt32>) {
        var x0 = block[0]
        var x1 = block[1]
        var x2 = block[2]
        var x3 = block[3]
        var x4 = block[4]
        var x5 = block[5]
        var x6 = block[6]
        var x7 = block[7]
        var x8 = block[8]
        var x9 = block[9]
        var x10 = block[10]
        var x11 = block[11]
        var x12 = block[12]
        var x13 = block[13]
        var x14 = block[14]
        var x15 = block[15]
        for _ in 0..<4 {
            x4 ^= rotateLeft(x0 &+ x12, 7)
            x8 ^= rotateLeft(x4 &+ x0, 9)
            x12 ^= rotateLeft(x8 &+ x4, 13)
            x0 ^= rotateLeft(x12 &+ x8, 18)
            x9 ^= rotateLeft(x5 &+ x1, 7)
            x13 ^= rotateLeft(x9 &+ x5, 9)
            x1 ^= rotateLeft(x13 &+ x9, 13)
            x5 ^= rotateLeft(x1 &+ x13, 18)
            x14 ^= rotateLeft(x10 &+ x6, 7)
            x2 ^= rotateLeft(x14 &+ x10, 9)
            x6 ^= rotateLeft(x2 &+ x14, 13)
            x10 ^= rotateLeft(x6 &+ x2, 18)
            x3 ^= rotateLeft(x15 &+ x11, 7)
            x7 ^= rotateLeft(x3 &+ x15, 9)
            x11 ^= rotateLeft(x7 &+ x3, 13)
            x15 ^= rotateLeft(x11 &+ x7, 18)
            x1 ^= rotateLeft(x0 &+ x3, 7)
            x2 ^= rotateLeft(x1 &+ x0, 9)
            x3 ^= rotateLeft(x2 &+ x1, 13)
            x0 ^= rotateLeft(x3 &+ x2, 18)
            x6 ^= rotateLeft(x5 &+ x4, 7)
            x7 ^= rotateLeft(x6 &+ x5, 9)
            x4 ^= rotateLeft(x7 &+ x6, 13)
            x5 ^= rotateLeft(x4 &+ x7, 18)
            x11 ^= rotateLeft(x10 &+ x9, 7)
            x8 ^= rotateLeft(x11 &+ x10, 9)
            x9 ^= rotateLeft(x8 &+ x11, 13)
            x10 ^= rotateLeft(x9 &+ x8, 18)
            x12 ^= rotateLeft(x15 &+ x14, 7)
            x13 ^= rotateLeft(x12 &+ x15, 9)
            x14 ^= rotateLeft(x13 &+ x12, 13)
            x15 ^= rotateLeft(x14 &+ x13, 18)
        }
        block[0] &+= x0
        block[1] &+= x1
        block[2] &+= x2
        block[3] &+= x3
        block[4] &+= x4
        block[5] &+= x5
        block[6] &+= x6
        block[7] &+= x7
        block[8] &+= x8
        block[9] &+= x9
        block[10] &+= x10
        block[11] &+= x11
        block[12] &+= x12
        block[13] &+= x13
        block[14] &+= x14
        block[15] &+= x15
    }

    @inline(__always)
    private static func rotateLeft(_ x: UInt32, _ n: UInt32) -> UInt32 { x &<< n | x &>> (32 &- n) }
}
