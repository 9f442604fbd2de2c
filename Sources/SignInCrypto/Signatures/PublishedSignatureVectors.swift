/// The RS256 and ES256 examples of RFC 7515 (JSON Web Signature), appendices A.2 and A.3: public keys, signing inputs
/// and signatures as the RFC prints them. The known answers a platform library must give before it is trusted.
enum PublishedSignatureVectors {
    /// A.2's payload, base64url: `{"iss":"joe",\r\n "exp":1300819380,\r\n "http://example.com/is_root":true}`.
    static let payload =
        "eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ"

    /// A.2.1: the RSA key's modulus n (its exponent e is `AQAB`, 65537).
    static let rsaModulus =
        "ofgWCuLjybRlzo0tZWJjNiuSfb4p4fAkd_wWJcyQoTbji9k0l8W26mPddxHmfHQp-Vaw-4qPCJrcS2mJPMEzP1Pt0Bm4d4QlL-yRT-SFd2lZS"
        + "-pCgNMsD1W_YpRPEwOWvG6b32690r2jZ47soMZo9wGzjb_7OMg0LOL-bSf63kpaSHSXndS5z5rexMdbBYUsLA9e-KXBdQOS-UTo7WTBEMa2R2"
        + "CapHg665xsmtdVMTBQY4uDZlxvb3qCo5ZwKh9kG4LT6_I5IhlJH7aGhyxXFvUK-DWNmoudF8NAco9_h9iaGNj8q2ethFkMLs91kzk2PAcDTW9g"
        + "b54h4FRWyuXpoQ"
    /// A.2.1: the JWS Signing Input, header `{"alg":"RS256"}`.
    static let rsaSigningInput = "eyJhbGciOiJSUzI1NiJ9." + payload
    /// A.2.1: the RS256 signature.
    static let rsaSignature =
        "cC4hiUPoj9Eetdgtv3hF80EGrhuB__dzERat0XF9g2VtQgr9PJbu3XOiZj5RZmh7AAuHIm4Bh-0Qc_lF5YKt_O8W2Fp5jujGbds9uJdbF9CUAr"
        + "7t1dnZcAcQjbKBYNX4BAynRFdiuB--f_nZLgrnbyTyWzO75vRK5h6xBArLIARNPvkSjtQBMHlb1L07Qe7K0GarZRmB_eSN9383LcOLn6_dO--x"
        + "i12jzDwusC-eOkHWEsqtFZESc6BfI7noOPqvhJ1phCnvWh6IeYI2w9QOYEUipUTI8np6LbgGY9Fs98rqVt5AXLIhWkWywlVmtVrBp0igcN_Io"
        + "ypGlUPQGe77Rw"

    /// A.3.1: the P-256 key's x coordinate.
    static let p256X = "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU"
    /// A.3.1: the P-256 key's y coordinate.
    static let p256Y = "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"
    /// A.3.1: the JWS Signing Input, header `{"alg":"ES256"}`.
    static let p256SigningInput = "eyJhbGciOiJFUzI1NiJ9." + payload
    /// A.3.1: the ES256 signature, r || s.
    static let p256Signature = "DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8ISlSApmWQxfKTUJqPP3-Kg6NU1Q"

    /// `bytes` with the lowest bit of its last byte flipped: a signature that must no longer verify.
    static func flippingLastBit(_ bytes: [UInt8]) -> [UInt8] {
        var changed = bytes
        if let last = changed.indices.last { changed[last] ^= 1 }
        return changed
    }
}
