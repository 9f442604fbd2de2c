#if canImport(CommonCrypto)
    import CommonCrypto
#endif

/// PBKDF2 with HMAC-SHA256 (RFC 8018 §5.2), checked against RFC 7914 §11.
///
/// ``sha256(password:salt:iterations:keyLength:)`` runs on the platform's library where there is one
/// (``HashingImplementation/current``), at the hardware's speed; ``software(password:salt:iterations:keyLength:)``
/// is the Swift implementation, used elsewhere and as the cross-check. Its loop is the hot path of password hashing
/// (600,000 iterations by default in the embedded backend), so it does not go through ``HMACSHA256``: the key's
/// inner and outer SHA-256 states are computed once, and each iteration is then exactly two compressions on fixed
/// buffers, with no allocation.
public enum PBKDF2 {
    /// Derives `keyLength` bytes from `password` and `salt` with `iterations` rounds of HMAC-SHA256.
    /// - Precondition: `iterations` ≥ 1 and `keyLength` ≥ 1.
    public static func sha256(password: [UInt8], salt: [UInt8], iterations: Int, keyLength: Int) -> [UInt8] {
        precondition(iterations >= 1 && keyLength >= 1, "PBKDF2 needs at least one iteration and one byte")
        #if canImport(CommonCrypto)
            var output = [UInt8](repeating: 0, count: keyLength)
            let status = password.withUnsafeBufferPointer { passwordBytes in
                passwordBytes.withMemoryRebound(to: CChar.self) { passwordChars in
                    CCKeyDerivationPBKDF(
                        CCPBKDFAlgorithm(kCCPBKDF2), passwordChars.baseAddress, password.count, salt, salt.count,
                        CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), UInt32(clamping: iterations), &output,
                        keyLength)
                }
            }
            if Int(status) == Int(kCCSuccess), iterations <= Int(UInt32.max) { return output }
        #else
            if let library = LibCrypto.shared,
                let output = library.pbkdf2SHA256(
                    password: password, salt: salt, iterations: iterations, keyLength: keyLength)
            {
                return output
            }
        #endif
        return software(password: password, salt: salt, iterations: iterations, keyLength: keyLength)
    }

    /// The Swift implementation of ``sha256(password:salt:iterations:keyLength:)``, whatever the platform has.
    /// - Precondition: `iterations` ≥ 1 and `keyLength` ≥ 1.
    public static func software(password: [UInt8], salt: [UInt8], iterations: Int, keyLength: Int) -> [UInt8] {
        precondition(iterations >= 1 && keyLength >= 1, "PBKDF2 needs at least one iteration and one byte")
        var key = password.count > 64 ? SoftwareSHA256.hash(password) : password
        key.append(contentsOf: repeatElement(0, count: 64 - key.count))
        let innerState = SHA256Block.stateAfter(block: key.map { $0 ^ 0x36 })
        let outerState = SHA256Block.stateAfter(block: key.map { $0 ^ 0x5c })

        var output: [UInt8] = []
        output.reserveCapacity(keyLength + 32)
        var blockIndex: UInt32 = 1
        while output.count < keyLength {
            // U1 = HMAC(P, S || INT(i)), computed in full; then U2…Uc with the fast two-block path.
            var first = salt
            first.append(contentsOf: [
                UInt8(truncatingIfNeeded: blockIndex >> 24), UInt8(truncatingIfNeeded: blockIndex >> 16),
                UInt8(truncatingIfNeeded: blockIndex >> 8), UInt8(truncatingIfNeeded: blockIndex),
            ])
            var inner = SoftwareSHA256(resumingFrom: innerState, length: 64)
            inner.update(first)
            var outer = SoftwareSHA256(resumingFrom: outerState, length: 64)
            outer.update(inner.finalize())
            let u1 = outer.finalize()
            output.append(
                contentsOf: SHA256Block.iterate(
                    first: u1, count: iterations - 1, innerState: innerState, outerState: outerState))
            blockIndex += 1
        }
        return Array(output.prefix(keyLength))
    }
}

/// The SHA-256 compression function on fixed buffers, for PBKDF2's inner loop.
enum SHA256Block {
    static let k: [UInt32] = SoftwareSHA256.roundConstants
    static let initial: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]

    /// The state after compressing one 64-byte block from the initial state.
    static func stateAfter(block: [UInt8]) -> [UInt32] {
        var state = initial
        var words = [UInt32](repeating: 0, count: 64)
        for t in 0..<16 {
            words[t] = SHA256Block.bigEndianWord(block, at: 4 * t)
        }
        state.withUnsafeMutableBufferPointer { s in
            words.withUnsafeMutableBufferPointer { w in
                k.withUnsafeBufferPointer { compress(s.baseAddress!, w.baseAddress!, $0.baseAddress!) }
            }
        }
        return state
    }

    /// XORs `first` with U2 … U(count+1), where each U is HMAC(key, previous U), the key given by its inner
    /// and outer states. Every message here is one 32-byte digest, so each HMAC is two compressions of a
    /// single padded block.
    static func iterate(first: [UInt8], count: Int, innerState: [UInt32], outerState: [UInt32]) -> [UInt8] {
        guard count > 0 else { return first }
        // One allocation for everything the loop touches: state, schedule, U, accumulator, inner and outer.
        let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: 8 + 64 + 8 + 8 + 8 + 8)
        defer { memory.deallocate() }
        let s = memory
        let w = memory + 8
        let u = memory + 72
        let accumulator = memory + 80
        let inner = memory + 88
        let outer = memory + 96
        let firstWords = toWords(first)
        for i in 0..<8 {
            u[i] = firstWords[i]
            accumulator[i] = firstWords[i]
            inner[i] = innerState[i]
            outer[i] = outerState[i]
        }
        k.withUnsafeBufferPointer { kBuffer in
            let k = kBuffer.baseAddress!
            for _ in 0..<count {
                // inner = SHA-256((key ^ ipad) || U): one block, the 32-byte U then padding for 96 bytes.
                s.update(from: inner, count: 8)
                w.update(from: u, count: 8)
                w[8] = 0x8000_0000
                (w + 9).update(repeating: 0, count: 6)
                w[15] = 768
                compress(s, w, k)
                // outer = SHA-256((key ^ opad) || inner).
                w.update(from: s, count: 8)
                s.update(from: outer, count: 8)
                w[8] = 0x8000_0000
                (w + 9).update(repeating: 0, count: 6)
                w[15] = 768
                compress(s, w, k)
                u.update(from: s, count: 8)
                accumulator[0] ^= s[0]
                accumulator[1] ^= s[1]
                accumulator[2] ^= s[2]
                accumulator[3] ^= s[3]
                accumulator[4] ^= s[4]
                accumulator[5] ^= s[5]
                accumulator[6] ^= s[6]
                accumulator[7] ^= s[7]
            }
        }
        return toBytes(Array(UnsafeBufferPointer(start: accumulator, count: 8)))
    }

    private static func toWords(_ bytes: [UInt8]) -> [UInt32] {
        (0..<8).map { bigEndianWord(bytes, at: 4 * $0) }
    }

    /// The big-endian 32-bit word at `offset`. Written as separate statements: one long expression of shifts
    /// and ORs can exceed the type checker's time limit on a loaded machine.
    static func bigEndianWord(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        let high: UInt32 = UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16
        let low: UInt32 = UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
        return high | low
    }

    private static func toBytes(_ words: [UInt32]) -> [UInt8] {
        words.flatMap { word in
            [
                UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16),
                UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word),
            ]
        }
    }

    /// One compression: `w[0..<16]` holds the block's words; `w[16..<64]` is overwritten.
    ///
    /// Unrolled by eight rounds, with the working variables passed in rotated order instead of shifted along
    /// (`h = g; g = f; …`), so that no round moves a register; each schedule word is computed just before the round
    /// that uses it (computing the whole schedule first, even with vector instructions, measured 15 % slower: the
    /// rounds' long dependency chain leaves room for the schedule beside it). The helpers are `@_transparent`:
    /// inlined in debug builds too, where the tests run (as plain functions they made PBKDF2 at 600,000 iterations
    /// 3.5 s in debug; inlined, 1.0 s, against 2.0 s before).
    static func compress(
        _ s: UnsafeMutablePointer<UInt32>, _ w: UnsafeMutablePointer<UInt32>, _ k: UnsafePointer<UInt32>
    ) {
        var a = s[0]
        var b = s[1]
        var c = s[2]
        var d = s[3]
        var e = s[4]
        var f = s[5]
        var g = s[6]
        var h = s[7]
        // b ^ c of the coming round: each round's a ^ b is the next one's b ^ c (see `round`).
        var bc = b ^ c
        var t = 0
        while t < 64 {
            if t >= 16 {
                for j in t..<(t &+ 8) { w[j] = scheduleWord(w, j) }
            }
            round(a, b, c, &d, e, f, g, &h, k[t] &+ w[t], &bc)
            round(h, a, b, &c, d, e, f, &g, k[t &+ 1] &+ w[t &+ 1], &bc)
            round(g, h, a, &b, c, d, e, &f, k[t &+ 2] &+ w[t &+ 2], &bc)
            round(f, g, h, &a, b, c, d, &e, k[t &+ 3] &+ w[t &+ 3], &bc)
            round(e, f, g, &h, a, b, c, &d, k[t &+ 4] &+ w[t &+ 4], &bc)
            round(d, e, f, &g, h, a, b, &c, k[t &+ 5] &+ w[t &+ 5], &bc)
            round(c, d, e, &f, g, h, a, &b, k[t &+ 6] &+ w[t &+ 6], &bc)
            round(b, c, d, &e, f, g, h, &a, k[t &+ 7] &+ w[t &+ 7], &bc)
            t &+= 8
        }
        s[0] &+= a
        s[1] &+= b
        s[2] &+= c
        s[3] &+= d
        s[4] &+= e
        s[5] &+= f
        s[6] &+= g
        s[7] &+= h
    }

    /// Schedule word `t` (16…63) from the earlier ones (FIPS 180-4 §6.2.2, step 1); each σ as two rotations of a
    /// word xor-ed with its own rotation (`ror(x ^ ror(x, 11), 7)` is `ror(x, 7) ^ ror(x, 18)`).
    @_transparent
    static func scheduleWord(_ w: UnsafeMutablePointer<UInt32>, _ t: Int) -> UInt32 {
        let x = w[t &- 15]
        let y = w[t &- 2]
        let s0 = rotateRight(x ^ rotateRight(x, 11), 7) ^ (x &>> 3)
        let s1 = rotateRight(y ^ rotateRight(y, 2), 17) ^ (y &>> 10)
        return w[t &- 16] &+ s0 &+ w[t &- 7] &+ s1
    }

    /// One round (FIPS 180-4 §6.2.2, step 3) with `kw` = K[t] + W[t]: instead of shifting every variable along, it
    /// adds T1 to `d` (the next `e`) and puts T1 + T2 in `h` (the next `a`); the caller rotates the names. Σ0 and Σ1
    /// are nested rotations (`ror(ror(ror(e, 14) ^ e, 5) ^ e, 6)` is `ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)`), which
    /// keep fewer values alive; Maj is `b ^ ((a ^ b) & (b ^ c))`, with `b ^ c` carried over from the round before
    /// in `bc`. Together these measured about 5 % faster than the textbook forms.
    @_transparent
    static func round(
        _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32, _ e: UInt32, _ f: UInt32, _ g: UInt32,
        _ h: inout UInt32, _ kw: UInt32, _ bc: inout UInt32
    ) {
        let bigS1 = rotateRight(rotateRight(rotateRight(e, 14) ^ e, 5) ^ e, 6)
        let ch = g ^ (e & (f ^ g))
        let t1 = h &+ bigS1 &+ ch &+ kw
        let bigS0 = rotateRight(rotateRight(rotateRight(a, 9) ^ a, 11) ^ a, 2)
        let ab = a ^ b
        let maj = b ^ (ab & bc)
        bc = ab
        d &+= t1
        h = t1 &+ bigS0 &+ maj
    }

    @_transparent
    static func rotateRight(_ x: UInt32, _ n: UInt32) -> UInt32 {
        (x &>> n) | (x &<< (32 &- n))
    }
}
