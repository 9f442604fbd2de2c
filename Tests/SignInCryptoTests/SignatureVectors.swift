import SignInCrypto

/// The keys and signatures the signature tests share: RFC 7515's published example keys (appendices A.2 and A.3, whose
/// private parts the RFC prints too), and signatures made once with them by Python's `cryptography` 48.0.0
/// (ECDSA with RFC 6979 deterministic nonces), so that every run checks the same bytes.
enum SignatureVectors {
    static func hex(_ text: String) -> [UInt8] { Hex.decode(text) ?? [] }

    /// RFC 7515 A.2.1's RSA modulus (2048 bits); the exponent is 65537.
    static let rsaModulus = hex(
        "a1f8160ae2e3c9b465ce8d2d656263362b927dbe29e1f02477fc1625cc90a136e38bd93497c5b6ea63dd7711e67c7429f956b0fb8a8f089a"
            + "dc4b69893cc1333f53edd019b87784252fec914fe4857769594bea4280d32c0f55bf62944f130396bc6e9bdf6ebdd2bda3678eeca0c6"
            + "68f701b38dbffb38c8342ce2fe6d27fade4a5a4874979dd4b9cf9adec4c75b05852c2c0f5ef8a5c1750392f944e8ed64c110c6b64760"
            + "9aa4783aeb9c6c9ad755313050638b83665c6f6f7a82a396702a1f641b82d3ebf2392219491fb686872c5716f50af8358d9a8b9d17c3"
            + "40728f7f87d89a18d8fcab67ad84590c2ecf759339363c07034d6f606f9e21e05456cae5e9a1")
    static let rsaExponent: [UInt8] = [0x01, 0x00, 0x01]
    static let rsaKey = RSAPublicKey(modulus: rsaModulus, exponent: rsaExponent)

    static let rsaMessage = Array("RS256 test message".utf8)
    static let rsaSignature = hex(
        "2ee4369993b056dcbbc48d647a475db032c07886dc1231771de5fc9c7d0465dc5882ab7416003a7765e1ca35c92c2a888a5cb3c56192a606"
            + "a59969aed7fb8ec9dce59132de978bf4c51d0d69b834cb92afcbc9793e079bb4404044722957a367828c5da4df316dab5f828314c0"
            + "942da87d5a1978aecb484fb28d417222f84c86fb741af01498ea7a87e6e4e8aa9854dac0d5e9c9b0f083f2d6cfbb0f73d6ddec90c79"
            + "e2d81306fb482026909cd69b10a086e1669d5bb17e58caf9affbc7ddfd21f9f0f449b7f2a24968801961426f3730893c536424fc0b"
            + "0be2cb696617f3182b833e1577ff0e024e67c16d2459ece992b31b2a0a36a13203f222c7ed5686642")

    /// A message whose signature under the RFC key begins with a zero byte (the first such of "leading zero N").
    static let leadingZeroMessage = Array("leading zero 125".utf8)
    static let leadingZeroSignature = hex(
        "0067407f38296923cc33ce05d84246edb486811c4fa799e7c94fdf6197b14d1b8c46ce60672eb646a4a049cb5c50022e339cf531256cba88"
            + "7dc191d231e01dadb13948ad1fe52540e489c207e79b721362e7546d1592df76adc440e5ab524eec4c792870ae415d5df890d6933f"
            + "64b96eb02f3726aed64b2605c95335046fbae4bbf123d0bf246c540e6e202b2d9e15100036eae52d591c66c0787995c377fd328ffb"
            + "8d05917672278ad49f414212533026847a905e38886ef1a2d9d23a3aec472d7e7d7e9adb52291b859641f8d4cf3c372a85d57c5a9d"
            + "60a7d5b04bb5d19f890a687a1821faa0a0d42d6f442fdb3bceed5702e367ee333946516656413d64bd")

    /// RFC 7515 A.3.1's P-256 key.
    static let p256X = hex("7fcdce2770f6c45d4183cbee6fdb4b7b580733357be9ef13bacf6e3c7bd15445")
    static let p256Y = hex("c7f144cd1bbd9b7e872cdfedb9eeb9f4b3695d6ea90b24ad8a4623288588e5ad")
    static let p256Key = P256PublicKey(x: p256X, y: p256Y)
    /// Another P-256 key (private scalar 0x1234567890abcdef repeated four times).
    static let otherP256Key = P256PublicKey(
        x: hex("471c3e758c4904285bba7e53118ed0f524adeb0757d25bd2f8e7b0d76dfa714c"),
        y: hex("dd520f7aca8a8b917acc37f51de8f0c9bbe3ad858382e702dc25a12d09f7a858"))

    static let ecMessage = Array("ES256 test message".utf8)
    static let ecR = hex("ca72dac99898c4eaba602bbafa856107a6662d7e2a0a4e5691d32bf31c7ab04c")
    /// The signature's s, above n/2: the "high s" of the pair.
    static let ecS = hex("da457f77036ce63a921a3ff19362223632a77e3c2c0df236e3b67e04ce1e4067")
    /// n - s: the "low s" twin of the same signature, which verifies too.
    static let ecLowS = hex("25ba8087fc9319c66de5c00e6c9dddc98a3f7c717b09ac4e10034cbe2e44e4ea")
    /// The same signature in DER, as `cryptography` gave it (both integers need a leading zero byte).
    static let ecDER = hex(
        "3046022100ca72dac99898c4eaba602bbafa856107a6662d7e2a0a4e5691d32bf31c7ab04c022100da457f77036ce63a921a3ff1936222"
            + "3632a77e3c2c0df236e3b67e04ce1e4067")

    /// The P-256 group order n.
    static let order = hex("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")

    /// `bytes` with bit `bit` of byte `index` flipped.
    static func flipping(_ bytes: [UInt8], at index: Int, bit: UInt8 = 0) -> [UInt8] {
        var changed = bytes
        changed[index] ^= 1 << bit
        return changed
    }
}
