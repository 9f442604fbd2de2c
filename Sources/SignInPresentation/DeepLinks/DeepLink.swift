import Foundation
import SignInDomain

/// A link the app opens, such as the password-reset link in a mail (seed 004):
/// `signin-demo://reset-password?code=…`.
public enum DeepLink: Hashable, Sendable {
    /// Choose a new password with this reset code.
    case resetPassword(code: Secret)

    /// Parses a link.
    /// - Parameters:
    ///   - text: The link as received.
    ///   - scheme: The app's URL scheme.
    /// - Throws: ``AuthError/invalidDeepLink(_:)`` saying what is wrong: another scheme, an unknown host, no
    ///   code, several codes, or a code with characters a code never has.
    public static func parse(_ text: String, scheme: String = "signin-demo") throws(AuthError) -> DeepLink {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let components = URLComponents(string: trimmed), let linkScheme = components.scheme else {
            throw .invalidDeepLink("not a URL")
        }
        guard linkScheme.lowercased() == scheme.lowercased() else {
            throw .invalidDeepLink("the scheme is '\(linkScheme)', not '\(scheme)'")
        }
        guard components.host?.lowercased() == "reset-password", components.path.isEmpty || components.path == "/"
        else { throw .invalidDeepLink("unknown link '\(components.host ?? "")\(components.path)'") }
        let codes = (components.queryItems ?? []).filter { $0.name == "code" }
        guard codes.count == 1, let code = codes[0].value, !code.isEmpty else {
            throw .invalidDeepLink(codes.count > 1 ? "more than one code" : "no code")
        }
        guard code.count <= 256,
            code.unicodeScalars.allSatisfy({
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
            })
        else { throw .invalidDeepLink("the code has characters a code never has") }
        return .resetPassword(code: Secret(code))
    }
}
