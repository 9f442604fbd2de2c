#if canImport(Glibc)
    import Glibc
#endif

/// The system's OpenSSL 3 on Linux for public-key signatures, loaded at run time as ``LibCrypto`` is (no header, no
/// build flag), through its non-deprecated EVP interface: keys are made from their public numbers with
/// `EVP_PKEY_fromdata`, signatures checked with `EVP_DigestVerify`.
///
/// Every object made here is freed on every path before the function returns (`defer` right after each one is made),
/// and OpenSSL's per-thread error queue is cleared after each call, so nothing grows with use. Each call makes its
/// own objects, so calls from many threads never share one. The library is used only after it verified the published
/// signatures of RFC 7515 appendices A.2 (RS256) and A.3 (ES256) and refused each with one bit changed.
struct LibCryptoSignatures: Sendable {
    // The C types of `openssl/evp.h`, `openssl/bn.h`, `openssl/param_build.h` and `openssl/err.h`; every OpenSSL
    // object is an `OpaquePointer`.
    typealias Make = @convention(c) () -> OpaquePointer?
    typealias Release = @convention(c) (OpaquePointer?) -> Void
    typealias BytesToBignum = @convention(c) (UnsafePointer<UInt8>?, Int32, OpaquePointer?) -> OpaquePointer?
    typealias PushBignum = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, OpaquePointer?) -> Int32
    typealias PushText = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int) -> Int32
    typealias PushOctets = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeRawPointer?, Int) -> Int32
    typealias BuildParameters = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias ContextForName =
        @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> OpaquePointer?
    typealias ContextStep = @convention(c) (OpaquePointer?) -> Int32
    typealias KeyFromData =
        @convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?, Int32, OpaquePointer?) -> Int32
    typealias DigestInit =
        @convention(c) (
            OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>?, OpaquePointer?, OpaquePointer?, OpaquePointer?
        ) -> Int32
    typealias DigestVerify =
        @convention(c) (OpaquePointer?, UnsafePointer<UInt8>?, Int, UnsafePointer<UInt8>?, Int) -> Int32
    typealias ClearErrors = @convention(c) () -> Void

    /// `EVP_PKEY_PUBLIC_KEY`: the key's parameters and its public part (`OSSL_KEYMGMT_SELECT_ALL_PARAMETERS |
    /// OSSL_KEYMGMT_SELECT_PUBLIC_KEY`).
    static let publicKeySelection: Int32 = 0x86

    /// The library file it was loaded from.
    let file: String
    let bignumFromBytes: BytesToBignum
    let bignumFree: Release
    let parameterBuilderNew: Make
    let parameterBuilderFree: Release
    let pushBignum: PushBignum
    let pushText: PushText
    let pushOctets: PushOctets
    let buildParameters: BuildParameters
    let parametersFree: Release
    let keyContextForName: ContextForName
    let keyContextFree: Release
    let keyFromDataInit: ContextStep
    let keyFromData: KeyFromData
    let keyFree: Release
    let digestContextNew: Make
    let digestContextFree: Release
    let digestVerifyInit: DigestInit
    let digestVerify: DigestVerify
    let sha256Digest: Make
    let clearErrors: ClearErrors
    /// What `TestSigningKey` needs besides; `nil` when the library lacks a function of it (verification is still
    /// available).
    let signing: LibCryptoSigning?

    /// The library, loaded and checked once; `nil` where there is none or it failed the published answers.
    static let shared: LibCryptoSignatures? = load()

    private static func load() -> LibCryptoSignatures? {
        #if canImport(Glibc)
            for file in LibCrypto.candidates {
                guard let handle = dlopen(file, RTLD_NOW | RTLD_LOCAL) else { continue }
                guard let library = LibCryptoSignatures(file: file, handle: handle), library.passesKnownAnswers else {
                    dlclose(handle)
                    continue
                }
                return library
            }
        #endif
        return nil
    }

    /// The function `name` of the library `handle` as the C function type `type`; `nil` when it has none.
    static func symbol<Function>(_ handle: UnsafeMutableRawPointer, _ name: String, as type: Function.Type)
        -> Function?
    {
        #if canImport(Glibc)
            guard let address = dlsym(handle, name) else { return nil }
            return unsafeBitCast(address, to: type)
        #else
            return nil
        #endif
    }

    private init?(file: String, handle: UnsafeMutableRawPointer) {
        guard let bignumFromBytes = Self.symbol(handle, "BN_bin2bn", as: BytesToBignum.self),
            let bignumFree = Self.symbol(handle, "BN_free", as: Release.self),
            let parameterBuilderNew = Self.symbol(handle, "OSSL_PARAM_BLD_new", as: Make.self),
            let parameterBuilderFree = Self.symbol(handle, "OSSL_PARAM_BLD_free", as: Release.self),
            let pushBignum = Self.symbol(handle, "OSSL_PARAM_BLD_push_BN", as: PushBignum.self),
            let pushText = Self.symbol(handle, "OSSL_PARAM_BLD_push_utf8_string", as: PushText.self),
            let pushOctets = Self.symbol(handle, "OSSL_PARAM_BLD_push_octet_string", as: PushOctets.self),
            let buildParameters = Self.symbol(handle, "OSSL_PARAM_BLD_to_param", as: BuildParameters.self),
            let parametersFree = Self.symbol(handle, "OSSL_PARAM_free", as: Release.self),
            let keyContextForName = Self.symbol(handle, "EVP_PKEY_CTX_new_from_name", as: ContextForName.self),
            let keyContextFree = Self.symbol(handle, "EVP_PKEY_CTX_free", as: Release.self),
            let keyFromDataInit = Self.symbol(handle, "EVP_PKEY_fromdata_init", as: ContextStep.self),
            let keyFromData = Self.symbol(handle, "EVP_PKEY_fromdata", as: KeyFromData.self),
            let keyFree = Self.symbol(handle, "EVP_PKEY_free", as: Release.self),
            let digestContextNew = Self.symbol(handle, "EVP_MD_CTX_new", as: Make.self),
            let digestContextFree = Self.symbol(handle, "EVP_MD_CTX_free", as: Release.self),
            let digestVerifyInit = Self.symbol(handle, "EVP_DigestVerifyInit", as: DigestInit.self),
            let digestVerify = Self.symbol(handle, "EVP_DigestVerify", as: DigestVerify.self),
            let sha256Digest = Self.symbol(handle, "EVP_sha256", as: Make.self),
            let clearErrors = Self.symbol(handle, "ERR_clear_error", as: ClearErrors.self)
        else { return nil }
        self.file = file
        self.bignumFromBytes = bignumFromBytes
        self.bignumFree = bignumFree
        self.parameterBuilderNew = parameterBuilderNew
        self.parameterBuilderFree = parameterBuilderFree
        self.pushBignum = pushBignum
        self.pushText = pushText
        self.pushOctets = pushOctets
        self.buildParameters = buildParameters
        self.parametersFree = parametersFree
        self.keyContextForName = keyContextForName
        self.keyContextFree = keyContextFree
        self.keyFromDataInit = keyFromDataInit
        self.keyFromData = keyFromData
        self.keyFree = keyFree
        self.digestContextNew = digestContextNew
        self.digestContextFree = digestContextFree
        self.digestVerifyInit = digestVerifyInit
        self.digestVerify = digestVerify
        self.sha256Digest = sha256Digest
        self.clearErrors = clearErrors
        self.signing = LibCryptoSigning(handle: handle)
    }

    // MARK: - Verification

    /// RSASSA-PKCS1-v1_5 with SHA-256 under the key (n, e).
    func verifyRSA(signature: [UInt8], message: [UInt8], modulus: [UInt8], exponent: [UInt8]) -> Bool {
        defer { clearErrors() }
        return withRSAKey(modulus: modulus, exponent: exponent) { key in
            verify(key: key, signature: signature, message: message)
        } ?? false
    }

    /// ECDSA P-256 with SHA-256 over `r || s` under the point (x, y); OpenSSL refuses r or s outside [1, n-1] too.
    func verifyP256(rawSignature: [UInt8], message: [UInt8], x: [UInt8], y: [UInt8]) -> Bool {
        defer { clearErrors() }
        let der = ECDSAP256.derSignature(fromRaw: rawSignature)
        return withP256Key(x: x, y: y) { key in verify(key: key, signature: der, message: message) } ?? false
    }

    /// Whether OpenSSL takes (x, y) as a P-256 public key: it refuses a point off the curve.
    func isOnCurve(x: [UInt8], y: [UInt8]) -> Bool {
        defer { clearErrors() }
        return withP256Key(x: x, y: y) { _ in true } ?? false
    }

    private func verify(key: OpaquePointer, signature: [UInt8], message: [UInt8]) -> Bool {
        guard let digest = sha256Digest(), let context = digestContextNew() else { return false }
        defer { digestContextFree(context) }
        guard digestVerifyInit(context, nil, digest, nil, key) == 1 else { return false }
        // 1 is a valid signature; 0 a wrong one and a negative value a malformed one, both refused.
        let status = signature.withUnsafeBufferPointer { signatureBytes in
            message.withUnsafeBufferPointer { messageBytes in
                digestVerify(
                    context, signatureBytes.baseAddress, signatureBytes.count, messageBytes.baseAddress,
                    messageBytes.count)
            }
        }
        return status == 1
    }

    // MARK: - Keys from their public numbers

    /// `body` run with an RSA public key (n, e), freed after; `nil` when OpenSSL refuses the key.
    private func withRSAKey<Result>(modulus: [UInt8], exponent: [UInt8], _ body: (OpaquePointer) -> Result)
        -> Result?
    {
        guard let n = bignum(modulus) else { return nil }
        defer { bignumFree(n) }
        guard let e = bignum(exponent) else { return nil }
        defer { bignumFree(e) }
        // OSSL_PARAM_BLD keeps the pointers to the names it is given until the key is made: C copies that live
        // that long, not the temporaries a Swift string literal would give.
        return withCStrings(["n", "e"]) { names in
            withPublicKey(type: "RSA", body) { builder in
                pushBignum(builder, names[0], n) == 1 && pushBignum(builder, names[1], e) == 1
            }
        } ?? nil
    }

    /// `body` run with the P-256 public key (x, y), freed after; `nil` when OpenSSL refuses the point.
    private func withP256Key<Result>(x: [UInt8], y: [UInt8], _ body: (OpaquePointer) -> Result) -> Result? {
        let point = [0x04] + x + y
        // The builder keeps pointers to the names, the curve's name and the point until the key is made.
        return withCStrings(["group", "prime256v1", "pub"]) { names in
            point.withUnsafeBytes { pointBytes in
                withPublicKey(type: "EC", body) { builder in
                    pushText(builder, names[0], names[1], 0) == 1
                        && pushOctets(builder, names[2], pointBytes.baseAddress, pointBytes.count) == 1
                }
            }
        } ?? nil
    }

    /// Makes a public key of `type` from the parameters `push` adds to a builder, runs `body` with it and frees it.
    private func withPublicKey<Result>(
        type: StaticString, _ body: (OpaquePointer) -> Result, parameters push: (OpaquePointer) -> Bool
    ) -> Result? {
        guard let key = key(type: type, selection: Self.publicKeySelection, parameters: push) else { return nil }
        defer { keyFree(key) }
        return body(key)
    }

    /// A key of `type` (its public part, or the pair, as `selection` says) made from the parameters `push` adds to a
    /// builder; the caller frees it with ``keyFree``. The parameters, which may hold private numbers, are freed (and
    /// their secure block cleared) before it returns.
    func key(type: StaticString, selection: Int32, parameters push: (OpaquePointer) -> Bool) -> OpaquePointer? {
        guard let builder = parameterBuilderNew() else { return nil }
        defer { parameterBuilderFree(builder) }
        guard push(builder), let parameters = buildParameters(builder) else { return nil }
        defer { parametersFree(parameters) }
        guard let context = keyContextForName(nil, Self.staticCString(type), nil) else { return nil }
        defer { keyContextFree(context) }
        var key: OpaquePointer?
        guard keyFromDataInit(context) == 1, keyFromData(context, &key, selection, parameters) == 1 else {
            if let key { keyFree(key) }
            return nil
        }
        return key
    }

    /// The C string of a literal, which lives as long as the program: OpenSSL keeps the key type's pointer in the
    /// context it makes (a bridged Swift string's would dangle once the call returns).
    static func staticCString(_ text: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    /// A BIGNUM holding the unsigned big-endian `bytes`; the caller frees it.
    func bignum(_ bytes: [UInt8]) -> OpaquePointer? {
        guard bytes.count <= Int(Int32.max) else { return nil }
        return bytes.withUnsafeBufferPointer { bignumFromBytes($0.baseAddress, Int32($0.count), nil) }
    }

    /// `body` run with NUL-terminated copies of `strings`, freed after; `nil` when memory ran out.
    func withCStrings<Result>(_ strings: [String], _ body: ([UnsafePointer<CChar>]) -> Result) -> Result? {
        #if canImport(Glibc)
            let copies = strings.map { strdup($0) }
            defer { copies.forEach { free($0) } }
            let pointers = copies.compactMap { $0.map { UnsafePointer($0) } }
            guard pointers.count == strings.count else { return nil }
            return body(pointers)
        #else
            return nil
        #endif
    }

    // MARK: - Known answers

    /// Whether the library verifies RFC 7515's published RS256 (A.2) and ES256 (A.3) signatures and refuses each
    /// with its last bit flipped.
    private var passesKnownAnswers: Bool {
        let vectors = PublishedSignatureVectors.self
        guard let modulus = Base64URL.decode(vectors.rsaModulus),
            let rsaSignature = Base64URL.decode(vectors.rsaSignature),
            let x = Base64URL.decode(vectors.p256X), let y = Base64URL.decode(vectors.p256Y),
            let ecSignature = Base64URL.decode(vectors.p256Signature)
        else { return false }
        let exponent: [UInt8] = [0x01, 0x00, 0x01]
        let rsaMessage = Array(vectors.rsaSigningInput.utf8)
        let ecMessage = Array(vectors.p256SigningInput.utf8)
        return verifyRSA(signature: rsaSignature, message: rsaMessage, modulus: modulus, exponent: exponent)
            && !verifyRSA(
                signature: PublishedSignatureVectors.flippingLastBit(rsaSignature), message: rsaMessage,
                modulus: modulus, exponent: exponent)
            && verifyP256(rawSignature: ecSignature, message: ecMessage, x: x, y: y)
            && !verifyP256(
                rawSignature: PublishedSignatureVectors.flippingLastBit(ecSignature), message: ecMessage, x: x, y: y)
    }
}
