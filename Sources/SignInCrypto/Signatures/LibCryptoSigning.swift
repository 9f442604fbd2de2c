/// The functions of the system's OpenSSL that make private keys and sign, for ``P256SigningKey`` and `TestSigningKey`:
/// key generation, a P-256 key from its private scalar (with the public point computed by `EC_POINT_mul`, which
/// `EVP_PKEY_fromdata` in OpenSSL 3.0 does not do), reading a key's numbers, `EVP_DigestSign`. Loaded beside
/// ``LibCryptoSignatures``; its absence leaves verification available.
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
    typealias DecodePrivateKey =
        @convention(c) (
            UnsafeMutablePointer<OpaquePointer?>?, UnsafeMutablePointer<UnsafePointer<UInt8>?>?, Int
        ) -> OpaquePointer?
    typealias EncodePrivateKey =
        @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32
    typealias GroupByCurve = @convention(c) (Int32) -> OpaquePointer?
    typealias PointNew = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias PointMultiply =
        @convention(c) (
            OpaquePointer?, OpaquePointer?, OpaquePointer?, OpaquePointer?, OpaquePointer?, OpaquePointer?
        ) -> Int32
    typealias PointToBytes =
        @convention(c) (OpaquePointer?, OpaquePointer?, UInt32, UnsafeMutablePointer<UInt8>?, Int, OpaquePointer?)
        -> Int

    /// `EVP_PKEY_KEYPAIR`: the key's parameters, its public and its private part
    /// (`OSSL_KEYMGMT_SELECT_ALL_PARAMETERS | OSSL_KEYMGMT_SELECT_KEYPAIR`).
    static let keyPairSelection: Int32 = 0x87
    /// `NID_X9_62_prime256v1`: P-256's number in `openssl/obj_mac.h`.
    static let p256CurveID: Int32 = 415
    /// `POINT_CONVERSION_UNCOMPRESSED`: `04 || x || y`.
    static let uncompressed: UInt32 = 4

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
    /// `BN_secure_new`: a BIGNUM for a secret, which OpenSSL keeps in its secure heap when one is set up and which
    /// `OSSL_PARAM_BLD` copies into a block that `OSSL_PARAM_free` clears.
    let secureBignumNew: LibCryptoSignatures.Make
    /// `BN_clear_free`: frees a BIGNUM after overwriting its digits.
    let bignumClearFree: LibCryptoSignatures.Release
    /// `d2i_AutoPrivateKey`: a private key from its DER encoding (for RSA, PKCS#1 `RSAPrivateKey`).
    let decodePrivateKey: DecodePrivateKey
    /// `i2d_PrivateKey`: a private key's DER encoding (for RSA, PKCS#1 `RSAPrivateKey`).
    let encodePrivateKey: EncodePrivateKey
    let groupByCurve: GroupByCurve
    let groupFree: LibCryptoSignatures.Release
    let pointNew: PointNew
    let pointFree: LibCryptoSignatures.Release
    let pointMultiply: PointMultiply
    let pointToBytes: PointToBytes

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
            let bignumToBytes = Library.symbol(handle, "BN_bn2binpad", as: BignumToBytes.self),
            let secureBignumNew = Library.symbol(handle, "BN_secure_new", as: Library.Make.self),
            let bignumClearFree = Library.symbol(handle, "BN_clear_free", as: Library.Release.self),
            let decodePrivateKey = Library.symbol(handle, "d2i_AutoPrivateKey", as: DecodePrivateKey.self),
            let encodePrivateKey = Library.symbol(handle, "i2d_PrivateKey", as: EncodePrivateKey.self),
            let groupByCurve = Library.symbol(handle, "EC_GROUP_new_by_curve_name", as: GroupByCurve.self),
            let groupFree = Library.symbol(handle, "EC_GROUP_free", as: Library.Release.self),
            let pointNew = Library.symbol(handle, "EC_POINT_new", as: PointNew.self),
            let pointFree = Library.symbol(handle, "EC_POINT_free", as: Library.Release.self),
            let pointMultiply = Library.symbol(handle, "EC_POINT_mul", as: PointMultiply.self),
            let pointToBytes = Library.symbol(handle, "EC_POINT_point2oct", as: PointToBytes.self)
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
        self.secureBignumNew = secureBignumNew
        self.bignumClearFree = bignumClearFree
        self.decodePrivateKey = decodePrivateKey
        self.encodePrivateKey = encodePrivateKey
        self.groupByCurve = groupByCurve
        self.groupFree = groupFree
        self.pointNew = pointNew
        self.pointFree = pointFree
        self.pointMultiply = pointMultiply
        self.pointToBytes = pointToBytes
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

    /// The RSA private key whose PKCS#1 `RSAPrivateKey` DER encoding is `der`; `nil` when OpenSSL refused it. The caller
    /// frees it with ``keyFree``.
    func rsaKey(pkcs1 der: [UInt8]) -> OpaquePointer? {
        defer { clearErrors() }
        guard let signing, !der.isEmpty else { return nil }
        return der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            var made: OpaquePointer?
            guard let key = signing.decodePrivateKey(&made, &cursor, buffer.count) else { return nil }
            // The whole encoding, not a prefix of it.
            guard let cursor, let start = buffer.baseAddress, cursor - start == buffer.count else {
                keyFree(key)
                return nil
            }
            return key
        }
    }

    /// The private `key`'s DER encoding (for RSA, PKCS#1 `RSAPrivateKey`); `nil` when OpenSSL could not give it.
    func privateKeyDER(of key: OpaquePointer) -> [UInt8]? {
        defer { clearErrors() }
        guard let signing else { return nil }
        let length = Int(signing.encodePrivateKey(key, nil))
        guard length > 0 else { return nil }
        var der = [UInt8](repeating: 0, count: length)
        let written = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return signing.encodePrivateKey(key, &cursor)
        }
        return Int(written) == length ? der : nil
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

    /// The P-256 private key whose private scalar is `scalar`, with its public point; `nil` when OpenSSL refused.
    /// The caller frees it with ``keyFree``.
    ///
    /// The scalar goes from the caller's bytes straight into a secure BIGNUM, cleared when freed, and from there into
    /// the key; no other copy is made here.
    /// - Parameter scalar: 32 big-endian bytes in [1, n-1], checked by the caller (OpenSSL takes any number).
    func p256Key(privateScalar scalar: [UInt8]) -> OpaquePointer? {
        defer { clearErrors() }
        guard let signing, scalar.count == ECDSAP256.scalarLength, let secret = signing.secureBignumNew() else {
            return nil
        }
        defer { signing.bignumClearFree(secret) }
        guard scalar.withUnsafeBufferPointer({ bignumFromBytes($0.baseAddress, Int32($0.count), secret) }) != nil,
            let point = p256PublicPoint(of: secret, signing: signing)
        else { return nil }
        // The builder keeps pointers to the names, the curve's name and the point until the key is made.
        return withCStrings(["group", "prime256v1", "priv", "pub"]) { names in
            point.withUnsafeBytes { pointBytes in
                keyPair(type: "EC") { builder in
                    pushText(builder, names[0], names[1], 0) == 1
                        && pushBignum(builder, names[2], secret) == 1
                        && pushOctets(builder, names[3], pointBytes.baseAddress, pointBytes.count) == 1
                }
            }
        } ?? nil
    }

    /// `secret` times the generator of P-256, uncompressed (`04 || x || y`); `nil` when OpenSSL refused. OpenSSL
    /// multiplies the generator in constant time.
    private func p256PublicPoint(of secret: OpaquePointer, signing: LibCryptoSigning) -> [UInt8]? {
        guard let group = signing.groupByCurve(LibCryptoSigning.p256CurveID) else { return nil }
        defer { signing.groupFree(group) }
        guard let point = signing.pointNew(group) else { return nil }
        defer { signing.pointFree(point) }
        guard signing.pointMultiply(group, point, secret, nil, nil, nil) == 1 else { return nil }
        var encoded = [UInt8](repeating: 0, count: 1 + 2 * ECDSAP256.scalarLength)
        let written = encoded.withUnsafeMutableBufferPointer {
            signing.pointToBytes(group, point, LibCryptoSigning.uncompressed, $0.baseAddress, $0.count, nil)
        }
        guard written == encoded.count, encoded[0] == 0x04 else { return nil }
        return encoded
    }

    /// A private key of `type` made from the parameters `push` adds to a builder; the caller frees it with
    /// ``keyFree``.
    private func keyPair(type: StaticString, parameters push: (OpaquePointer) -> Bool) -> OpaquePointer? {
        key(type: type, selection: LibCryptoSigning.keyPairSelection, parameters: push)
    }

    /// The private scalar of the P-256 `key`, 32 big-endian bytes; `nil` when OpenSSL could not give it. OpenSSL
    /// clears its own buffer, and the BIGNUM it returns is cleared here before it is freed: the returned array is the
    /// only copy left.
    func p256PrivateScalar(of key: OpaquePointer) -> [UInt8]? {
        defer { clearErrors() }
        guard let signing else { return nil }
        var number: OpaquePointer?
        defer { if let number { signing.bignumClearFree(number) } }
        guard signing.getBignum(key, "priv", &number) == 1, let number else { return nil }
        var scalar = [UInt8](repeating: 0, count: ECDSAP256.scalarLength)
        let written = scalar.withUnsafeMutableBufferPointer {
            signing.bignumToBytes(number, $0.baseAddress, Int32($0.count))
        }
        return written == ECDSAP256.scalarLength ? scalar : nil
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

/// An OpenSSL private key (`EVP_PKEY`), freed when this object is. OpenSSL clears a key's private numbers when it frees
/// them.
final class LibCryptoSigningKey: @unchecked Sendable {
    // @unchecked Sendable: `key` is never modified after it is made, and OpenSSL allows one EVP_PKEY to be used by
    // several threads at once for signing as long as none modifies it (openssl-threads(7)); each signature has an
    // EVP_MD_CTX of its own.
    let key: OpaquePointer
    let library: LibCryptoSignatures

    /// Takes ownership of `key`.
    init(key: OpaquePointer, library: LibCryptoSignatures) {
        self.key = key
        self.library = library
    }

    deinit { library.keyFree(key) }

    /// The signature of `message` with SHA-256: RSASSA-PKCS1-v1_5 for an RSA key, a DER ECDSA-Sig-Value for an EC
    /// key; `nil` when OpenSSL refused.
    func sign(_ message: [UInt8]) -> [UInt8]? {
        library.sign(message, with: key)
    }
}
