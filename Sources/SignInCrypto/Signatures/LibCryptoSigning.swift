/// The functions of the system's OpenSSL that make keys and sign, for `TestSigningKey` only: key generation, reading a
/// key's public numbers, `EVP_DigestSign`. Loaded beside ``LibCryptoSignatures``; its absence leaves verification
/// available.
struct LibCryptoSigning: Sendable {
    typealias Generate = @convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    typealias SetBits = @convention(c) (OpaquePointer?, Int32) -> Int32
    typealias SetName = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    typealias GetBignum =
        @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    typealias GetOctets =
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<UInt8>?, Int, UnsafeMutablePointer<Int>?
        )
        -> Int32
    typealias DigestSign =
        @convention(c) (
            OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int>?, UnsafePointer<UInt8>?, Int
        )
        -> Int32
    typealias BignumBits = @convention(c) (OpaquePointer?) -> Int32
    typealias BignumToBytes = @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32

    let keygenInit: LibCryptoSignatures.ContextStep
    let generate: Generate
    let setRSABits: SetBits
    let setGroupName: SetName
    let getBignum: GetBignum
    let getOctets: GetOctets
    let digestSignInit: LibCryptoSignatures.DigestInit
    let digestSign: DigestSign
    let bignumBits: BignumBits
    let bignumToBytes: BignumToBytes

    init?(handle: UnsafeMutableRawPointer) {
        typealias Library = LibCryptoSignatures
        guard let keygenInit = Library.symbol(handle, "EVP_PKEY_keygen_init", as: Library.ContextStep.self),
            let generate = Library.symbol(handle, "EVP_PKEY_generate", as: Generate.self),
            let setRSABits = Library.symbol(handle, "EVP_PKEY_CTX_set_rsa_keygen_bits", as: SetBits.self),
            let setGroupName = Library.symbol(handle, "EVP_PKEY_CTX_set_group_name", as: SetName.self),
            let getBignum = Library.symbol(handle, "EVP_PKEY_get_bn_param", as: GetBignum.self),
            let getOctets = Library.symbol(handle, "EVP_PKEY_get_octet_string_param", as: GetOctets.self),
            let digestSignInit = Library.symbol(handle, "EVP_DigestSignInit", as: Library.DigestInit.self),
            let digestSign = Library.symbol(handle, "EVP_DigestSign", as: DigestSign.self),
            let bignumBits = Library.symbol(handle, "BN_num_bits", as: BignumBits.self),
            let bignumToBytes = Library.symbol(handle, "BN_bn2binpad", as: BignumToBytes.self)
        else { return nil }
        self.keygenInit = keygenInit
        self.generate = generate
        self.setRSABits = setRSABits
        self.setGroupName = setGroupName
        self.getBignum = getBignum
        self.getOctets = getOctets
        self.digestSignInit = digestSignInit
        self.digestSign = digestSign
        self.bignumBits = bignumBits
        self.bignumToBytes = bignumToBytes
    }
}

extension LibCryptoSignatures {
    /// A new RSA private key of `bits` bits (exponent 65537); the caller frees it with ``keyFree``.
    func generateRSAKey(bits: Int32) -> OpaquePointer? {
        guard let signing else { return nil }
        return generateKey(type: "RSA") { signing.setRSABits($0, bits) == 1 }
    }

    /// A new P-256 private key; the caller frees it with ``keyFree``.
    func generateP256Key() -> OpaquePointer? {
        guard let signing else { return nil }
        return generateKey(type: "EC") { signing.setGroupName($0, "P-256") == 1 }
    }

    private func generateKey(type: StaticString, configure: (OpaquePointer) -> Bool) -> OpaquePointer? {
        defer { clearErrors() }
        guard let signing, let context = keyContextForName(nil, Self.staticCString(type), nil) else { return nil }
        defer { keyContextFree(context) }
        guard signing.keygenInit(context) == 1, configure(context) else { return nil }
        var key: OpaquePointer?
        guard signing.generate(context, &key) == 1 else {
            if let key { keyFree(key) }
            return nil
        }
        return key
    }

    /// The RSA key's modulus and exponent, big-endian.
    func rsaNumbers(of key: OpaquePointer) -> (modulus: [UInt8], exponent: [UInt8])? {
        defer { clearErrors() }
        guard let modulus = bignumParameter("n", of: key), let exponent = bignumParameter("e", of: key) else {
            return nil
        }
        return (modulus, exponent)
    }

    private func bignumParameter(_ name: String, of key: OpaquePointer) -> [UInt8]? {
        guard let signing else { return nil }
        var number: OpaquePointer?
        guard signing.getBignum(key, name, &number) == 1, let number else { return nil }
        defer { bignumFree(number) }
        let count = (Int(signing.bignumBits(number)) + 7) / 8
        var bytes = [UInt8](repeating: 0, count: count)
        let written = bytes.withUnsafeMutableBufferPointer {
            signing.bignumToBytes(number, $0.baseAddress, Int32(count))
        }
        return written == count ? bytes : nil
    }

    /// The P-256 key's point coordinates, 32 bytes each.
    func p256Point(of key: OpaquePointer) -> (x: [UInt8], y: [UInt8])? {
        defer { clearErrors() }
        guard let signing else { return nil }
        var point = [UInt8](repeating: 0, count: 65)
        var length = 0
        let status = point.withUnsafeMutableBufferPointer {
            signing.getOctets(key, "pub", $0.baseAddress, $0.count, &length)
        }
        guard status == 1, length == 65, point[0] == 0x04 else { return nil }
        return (Array(point[1..<33]), Array(point[33..<65]))
    }

    /// The signature of `message` with SHA-256 by the private `key`: RSASSA-PKCS1-v1_5 for an RSA key, a DER
    /// ECDSA-Sig-Value for an EC key. `nil` when OpenSSL refused.
    func sign(_ message: [UInt8], with key: OpaquePointer) -> [UInt8]? {
        defer { clearErrors() }
        guard let signing, let digest = sha256Digest(), let context = digestContextNew() else { return nil }
        defer { digestContextFree(context) }
        guard signing.digestSignInit(context, nil, digest, nil, key) == 1 else { return nil }
        var length = 0
        // First the largest size a signature can have, then the signature and its real size.
        guard
            message.withUnsafeBufferPointer({
                signing.digestSign(context, nil, &length, $0.baseAddress, $0.count)
            }) == 1, length > 0
        else { return nil }
        var signature = [UInt8](repeating: 0, count: length)
        let status = signature.withUnsafeMutableBufferPointer { output in
            message.withUnsafeBufferPointer { input in
                signing.digestSign(context, output.baseAddress, &length, input.baseAddress, input.count)
            }
        }
        guard status == 1, length <= signature.count else { return nil }
        return Array(signature.prefix(length))
    }
}
