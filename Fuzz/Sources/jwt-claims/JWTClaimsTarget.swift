// Fuzz target `jwt-claims`: the input is a JWT payload (the claims' JSON bytes). It is signed with HS256 under
// each key of the fixture (Apple's, Google's, the service's session key), so the signature check passes and
// the claim checks after it run on fuzzed claims.
import SignInEmbeddedBackend
import SignInJOSE

private let header = Array(#"{"alg":"HS256","kid":"fuzz","typ":"JWT"}"#.utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJWTClaims(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let payload = fuzzInput(data, size)
    // The fast reader of token parts reads nothing differently from JSONDecoder.
    fuzzCheck(TokenJSON.fastPathAgreesWithDecoder(on: payload), "the fast token-part reader disagrees with JSONDecoder")
    let base = FuzzFixture.base
    for key in [base.appleKey, base.googleKey, base.sessionKey] {
        let token = JWS.signHS256(header: header, payload: payload, key: key)
        // What signHS256 makes, parse gives back, and it verifies (an empty payload is not a JWS).
        if let parts = JWS.parse(token) {
            fuzzCheck(parts.header == header && parts.payload == payload, "parse(signHS256(…)) changed the bytes")
            fuzzCheck(JWS.verifyHS256(parts, key: key), "signHS256's own signature does not verify")
        } else {
            fuzzCheck(payload.isEmpty, "JWS.parse refused what signHS256 made")
        }
        JWTChecks.check(token)
    }
    return 0
}
