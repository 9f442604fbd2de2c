import SignInCrypto
import Testing

@Suite("SHA-256 against the FIPS 180-4 examples")
struct SHA256Tests {
    static let vectors: [(message: String, digest: String)] = [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ]

    @Test("the software implementation matches each example", arguments: vectors)
    func software(message: String, digest: String) {
        #expect(Hex.encode(SoftwareSHA256.hash(Array(message.utf8))) == digest)
    }

    @Test("the platform entry point matches each example", arguments: vectors)
    func platform(message: String, digest: String) {
        #expect(SHA256.hexDigest(message) == digest)
    }

    @Test("one million 'a' hashes to the FIPS digest, fed at once and in uneven pieces")
    func millionA() {
        let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(Hex.encode(SoftwareSHA256.hash(message)) == expected)
        #expect(Hex.encode(SHA256.hash(message)) == expected)

        var hasher = SoftwareSHA256()
        var offset = 0
        var size = 1
        while offset < message.count {
            let end = min(offset + size, message.count)
            hasher.update(Array(message[offset..<end]))
            offset = end
            size = size % 97 + 13  // pieces of varying size, crossing block boundaries
        }
        #expect(Hex.encode(hasher.finalize()) == expected)
    }

    @Test("messages whose padding spills into a second block hash correctly", arguments: [55, 56, 57, 63, 64, 65])
    func paddingBoundaries(length: Int) {
        // Digests of `length` bytes of 0x61 ('a'), from Python's hashlib.
        let expected: [Int: String] = [
            55: "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
            56: "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
            57: "f13b2d724659eb3bf47f2dd6af1accc87b81f09f59f2b75e5c0bed6589dfe8c6",
            63: "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
            64: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
            65: "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0",
        ]
        let message = [UInt8](repeating: 0x61, count: length)
        #expect(Hex.encode(SoftwareSHA256.hash(message)) == expected[length])
    }
}
