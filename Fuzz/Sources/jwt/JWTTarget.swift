// Fuzz target `jwt`: the input is a compact JWT as it arrives from outside (an identity token from Apple or
// Google, or one of the service's own ID tokens sent to the app's API), checked by everything that reads one.
// Mutations rarely keep a valid signature: `jwt-claims` signs fuzzed claims to reach the checks after it.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJWT(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    JWTChecks.check(String(decoding: fuzzInput(data, size), as: UTF8.self))
    return 0
}
