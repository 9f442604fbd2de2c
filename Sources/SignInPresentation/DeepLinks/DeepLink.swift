import Foundation
public import SignInDomain

/// A link the app opens, such as the password-reset link in a mail (the Go todo service):
/// `signin-demo://reset-password?code=…`, or Firebase's `https://….firebaseapp.com/__/auth/action?mode=resetPassword&
/// oobCode=…`.
public enum DeepLink: Hashable, Sendable {
    /// Choose a new password with this reset code.
    case resetPassword(code: Secret)
    /// Verify the email this code was mailed to.
    case verifyEmail(code: Secret)
    /// Sign in with this code, mailed to the email that goes with it (`signin-demo://sign-in?code=…`, Firebase's
    /// `mode=signIn`).
    case emailSignIn(code: Secret)

    /// The longest link accepted, in bytes: a real one is about 80.
    public static let maximumLength = 2048

    /// Parses a link.
    /// - Parameters:
    ///   - text: The link as received.
    ///   - scheme: The app's URL scheme.
    /// - Throws: `AuthError/invalidDeepLink(_:)` saying what is wrong: too long, another scheme, a user, a
    ///   password or a port (which a link of the app never has: `signin-demo://user:pw@reset-password` is someone
    ///   else's link dressed as ours), a fragment, an unknown host, no code, several codes, or a code with
    ///   characters a code never has.
    public static func parse(_ text: String, scheme: String = "signin-demo") throws(AuthError) -> DeepLink {
        guard text.utf8.count <= maximumLength else { throw .invalidDeepLink("longer than \(maximumLength) bytes") }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let components = URLComponents(string: trimmed), let linkScheme = components.scheme else {
            throw .invalidDeepLink("not a URL")
        }
        if ["https", "http"].contains(linkScheme.lowercased()) { return try firebaseAction(components) }
        guard linkScheme.lowercased() == scheme.lowercased() else {
            throw .invalidDeepLink("the scheme is not '\(scheme)'")
        }
        guard components.percentEncodedUser == nil, components.percentEncodedPassword == nil else {
            throw .invalidDeepLink("a user or a password in the link")
        }
        guard components.port == nil, !trimmed.contains("@") else {
            throw .invalidDeepLink("a port or an '@' in the link")
        }
        guard components.fragment == nil else { throw .invalidDeepLink("a fragment in the link") }
        guard components.path.isEmpty || components.path == "/" else { throw .invalidDeepLink("unknown link") }
        let items = components.queryItems ?? []
        switch components.host?.lowercased() {
        case "reset-password": return .resetPassword(code: try code(from: items, named: "code"))
        case "verify-email": return .verifyEmail(code: try code(from: items, named: "code"))
        case "sign-in": return .emailSignIn(code: try code(from: items, named: "code"))
        default: throw .invalidDeepLink("unknown link")
        }
    }

    /// A Firebase email action link, as Firebase mails it (`https://<project>.firebaseapp.com/__/auth/action?mode=
    /// resetPassword&oobCode=…`) or as its Auth emulator lists it (`http://host:port/emulator/action?…`): the code is
    /// sent only to the backend the app is configured with, which checks it.
    private static func firebaseAction(_ components: URLComponents) throws(AuthError) -> DeepLink {
        guard components.percentEncodedUser == nil, components.percentEncodedPassword == nil else {
            throw .invalidDeepLink("a user or a password in the link")
        }
        guard components.path == "/__/auth/action" || components.path == "/emulator/action" else {
            throw .invalidDeepLink("unknown link")
        }
        let items = components.queryItems ?? []
        switch items.filter({ $0.name == "mode" }).map(\.value) {
        case ["resetPassword"]: return .resetPassword(code: try code(from: items, named: "oobCode"))
        case ["verifyEmail"]: return .verifyEmail(code: try code(from: items, named: "oobCode"))
        case ["signIn"]: return .emailSignIn(code: try code(from: items, named: "oobCode"))
        default: throw .invalidDeepLink("not a password-reset, email-verification or sign-in link")
        }
    }

    /// The one value of `name` in `items`, if it has only the characters a code has.
    private static func code(from items: [URLQueryItem], named name: String) throws(AuthError) -> Secret {
        let codes = items.filter { $0.name == name }
        guard codes.count == 1, let code = codes[0].value, !code.isEmpty else {
            throw .invalidDeepLink(codes.count > 1 ? "more than one code" : "no code")
        }
        guard code.count <= 256,
            code.unicodeScalars.allSatisfy({
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
            })
        else { throw .invalidDeepLink("the code has characters a code never has") }
        return Secret(code)
    }

    /// `link` with the value of every query item replaced by `<redacted>`, for a trace or a log: a reset link's
    /// code works like a password until it is used.
    public static func redacted(_ link: String) -> String {
        guard var components = URLComponents(string: link), let items = components.queryItems else {
            return link.contains("?") ? String(link.prefix { $0 != "?" }) + "?" + Secret.redactedText : link
        }
        components.queryItems = items.map { URLQueryItem(name: $0.name, value: Secret.redactedText) }
        return (components.string ?? "").removingPercentEncoding ?? Secret.redactedText
    }
}
