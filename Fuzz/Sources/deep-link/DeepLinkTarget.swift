// Fuzz target `deep-link`: the input is a link the app is asked to open (`signin-demo open-link <url>`, or a
// link tapped in the reset mail), parsed by `DeepLink.parse`.
import SignInDomain
import SignInPresentation

private let codeCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".unicodeScalars)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeepLink(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
    let link: DeepLink
    do {
        link = try DeepLink.parse(text)
    } catch {
        guard case .invalidDeepLink(let reason) = error else { fuzzFailure("DeepLink.parse threw \(error)") }
        fuzzCheck(!reason.isEmpty, "DeepLink.parse refused a link without saying why")
        return 0
    }
    let (code, host): (Secret, String) =
        switch link {
        case .resetPassword(let code): (code, "reset-password")
        case .verifyEmail(let code): (code, "verify-email")
        case .emailSignIn(let code): (code, "sign-in")
        }
    // A code is what the backend makes: 1 to 256 characters of the base64url alphabet.
    fuzzCheck((1...256).contains(code.value.unicodeScalars.count), "accepted a code of \(code.value.count) characters")
    fuzzCheck(code.value.unicodeScalars.allSatisfy(codeCharacters.contains), "accepted a code with other characters")
    // The scheme is compared without case, and the code alone makes the same link again.
    fuzzCheck((try? DeepLink.parse(text, scheme: "SignIn-Demo")) == link, "the scheme's case changed the answer")
    fuzzCheck(
        (try? DeepLink.parse("signin-demo://\(host)?code=\(code.value)")) == link,
        "the accepted code does not make the same link on its own")
    return 0
}
