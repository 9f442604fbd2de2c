// Fuzz target `base64url`: `Base64URL.encode` and `decode` (every token, key, salt and hash of the embedded
// backend goes through them). The input is used twice: as bytes to encode, and as a string to decode.
import SignInCrypto

private let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBase64URL(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)

    // Bytes → text → the same bytes, in the unpadded length, with the URL alphabet only.
    let encoded = Base64URL.encode(bytes)
    fuzzCheck(encoded.utf8.count == (bytes.count * 4 + 2) / 3, "encode made \(encoded.utf8.count) characters")
    fuzzCheck(encoded.utf8.allSatisfy(alphabet.contains), "encode made a character outside the alphabet")
    fuzzCheck(Base64URL.decode(encoded) == bytes, "decode(encode(x)) is not x")

    // Text → bytes: whatever decode accepts is the canonical encoding of what it returns. Otherwise two
    // strings decode to the same key, signature or hash (a token would verify under several spellings).
    let text = String(decoding: bytes, as: UTF8.self)
    if let decoded = Base64URL.decode(text) {
        fuzzCheck(
            Base64URL.encode(decoded) == text,
            "decode accepted '\(text)', which is not the canonical encoding '\(Base64URL.encode(decoded))'")
    }
    return 0
}
