import SignInCrypto
import SignInLocking
import Testing

@Suite("Base64URL")
struct Base64URLTests {
    @Test("encodes without padding and with the URL-safe alphabet")
    func encodes() {
        #expect(Base64URL.encode([0xfb, 0xff]) == "-_8")
        #expect(Base64URL.encode(Array("f".utf8)) == "Zg")
        #expect(Base64URL.encode([]) == "")
    }

    @Test("decodes what it encodes, for every length up to 40", arguments: 0...40)
    func roundTrips(length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
    }

    @Test(
        "rejects characters outside the alphabet and impossible lengths",
        arguments: ["ab+c", "ab/c", "ab=c", "a", "abcde", "ab c"])
    func rejects(input: String) {
        #expect(Base64URL.decode(input) == nil)
    }

    @Test(
        "refuses what is not canonical base64url: stray bits in the last character, padding",
        arguments: ["Zh", "Zm9=", "Zm9vYh", "Zm9vYmF", "Zg==", "Zm8=", "-_9"])
    func refusesNonCanonical(input: String) {
        // "Zh" and "Zg" both used to decode to "f"; only "Zg" is its encoding.
        #expect(Base64URL.decode(input) == nil)
    }

    @Test("every string it accepts is the encoding of what it decodes to", arguments: 0..<64)
    func acceptedIsCanonical(last: Int) {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        for prefix in ["Z", "Zm", "Zm9vY", "Zm9vYm"] {
            let text = prefix + String(alphabet[last])
            if let bytes = Base64URL.decode(text) { #expect(Base64URL.encode(bytes) == text) }
        }
    }
}

@Suite("Hex")
struct HexTests {
    @Test("round-trips and accepts either case")
    func roundTrip() {
        #expect(Hex.encode([0x00, 0xab, 0xff]) == "00abff")
        #expect(Hex.decode("00ABff") == [0x00, 0xab, 0xff])
    }

    @Test("rejects odd lengths and non-hex characters", arguments: ["abc", "zz", "0g"])
    func rejects(input: String) {
        #expect(Hex.decode(input) == nil)
    }
}

@Suite("ConstantTime")
struct ConstantTimeTests {
    @Test("equal only when every byte and the length match")
    func equals() {
        #expect(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2]))
        #expect(ConstantTime.equals([UInt8](), [UInt8]()))
    }

    /// A byte collection that counts how many of its bytes were read.
    final class CountingBytes: Collection {
        let bytes: [UInt8]
        private(set) var reads = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        var startIndex: Int { bytes.startIndex }
        var endIndex: Int { bytes.endIndex }
        func index(after i: Int) -> Int { i + 1 }
        subscript(position: Int) -> UInt8 {
            reads += 1
            return bytes[position]
        }
    }

    @Test("reads every byte even when the first one differs: the time says nothing about where they differ")
    func readsEveryByte() {
        let a = CountingBytes(Array(repeating: 0, count: 64))
        let b = CountingBytes([1] + Array(repeating: 0, count: 63))
        #expect(!ConstantTime.equals(a, b))
        #expect(a.reads == 64)
        #expect(b.reads == 64)
    }
}

@Suite("RandomByteSource")
struct RandomByteSourceTests {
    /// Hands out a fixed list of bytes, once.
    final class FixedBytes: RandomByteSource {
        let remaining: Locked<[UInt8]>
        init(_ bytes: [UInt8]) { remaining = Locked(bytes) }
        func bytes(count: Int) -> [UInt8] {
            remaining.withLock { remaining in
                let out = Array(remaining.prefix(count))
                remaining.removeFirst(out.count)
                return out + [UInt8](repeating: 0, count: count - out.count)
            }
        }
    }

    @Test("the system source gives the requested number of bytes, and not the same ones twice")
    func systemBytes() {
        let source = SystemRandomBytes()
        let first = source.bytes(count: 33)
        #expect(first.count == 33)
        #expect(source.bytes(count: 0).isEmpty)
        #expect(first != source.bytes(count: 33))
    }

    @Test("a large request from the system source is filled to its end")
    func systemBytesLarge() {
        let bytes = SystemRandomBytes().bytes(count: 70_000)
        #expect(bytes.count == 70_000)
        // Every byte value turns up, and the last 64 bytes are not left zero (unfilled).
        #expect(Set(bytes).count == 256)
        #expect(bytes.suffix(64).contains { $0 != 0 })
    }

    @Test("bytes at or above the largest multiple of the alphabet's size are rejected, not folded")
    func rejectionSampling() {
        // Alphabet of 3: limit is 255, so byte 255 must be skipped; 254 % 3 == 2, 0 % 3 == 0, 4 % 3 == 1.
        let source = FixedBytes([255, 254, 0, 4])
        #expect(source.string(count: 3, alphabet: ["a", "b", "c"]) == "cab")
    }

    @Test("with 64 characters every byte value maps to each character exactly four times")
    func uniformOver64() {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_")
        let source = FixedBytes(Array(0...255))
        let text = source.string(count: 256, alphabet: alphabet)
        var counts: [Character: Int] = [:]
        for character in text { counts[character, default: 0] += 1 }
        #expect(counts.count == 64)
        #expect(counts.values.allSatisfy { $0 == 4 })
    }
}
