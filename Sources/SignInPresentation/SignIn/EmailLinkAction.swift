import Foundation
public import SignInDomain

/// What can happen on the sign-in-link screens. Each action carries the use case from `SignInFeatures.emailLinks`.
public enum EmailLinkAction: Sendable {
    /// "Email me a sign-in link" was tapped with this email: answered as an account operation
    /// (``AccountOperation/sendSignInLink(email:)``).
    case send(SendSignInLinkUseCase, email: String)
    /// A sign-in link was opened (or its code typed from the mail), with the email the user typed where the device
    /// did not ask for the link: a sign-in. The link carries a live code, so it is a `Secret`. A link of another kind
    /// is refused, and nothing is sent.
    case open(SignInWithEmailLinkUseCase, link: Secret, email: String? = nil)

    /// The action's name for traces and logs.
    public var name: String {
        switch self {
        case .send: "sendSignInLink"
        case .open: "openSignInLink"
        }
    }
}

extension EmailLinkAction: CustomStringConvertible, CustomReflectable {
    /// The action's name: the link, its code and the email show in no log, `print`, `dump` or debugger summary.
    public var description: String { name }
    public var customMirror: Mirror { Mirror(self, children: ["name": name]) }
}

extension AccountAction {
    /// Mails a sign-in link.
    static func sendSignInLink(_ send: SendSignInLinkUseCase, email: String) -> AccountAction {
        AccountAction(name: "sendSignInLink", useCase: "SendSignInLinkUseCase", provider: nil) {
            _ throws(AuthError) in
            try await send(email: email)
            return .completedKeepingSession(.sendSignInLink(email: email))
        }
    }
}

extension SignInReducer {
    /// A sign-in-link action: mailing one (an account operation), or opening one (a sign-in).
    func reduceEmailLink(_ action: EmailLinkAction, in state: inout SignInState) -> SignInEffect? {
        switch action {
        case .send(let send, let email):
            return reduceAccount(.sendSignInLink(send, email: email), in: &state)
        case .open(let signIn, let link, let email):
            let code: Secret
            do {
                // Only a sign-in link's code goes; a typed code (from the same mail) is taken as it is.
                code = try Self.signInCode(in: link)
            } catch {
                show(error, in: &state)
                return nil
            }
            return startSignIn(.emailPassword, in: &state)
                ? .signInWithEmailLink(signIn, code: code, email: email) : nil
        }
    }

    /// The code of a sign-in link, or the text itself when it is no link (the code copied from the mail).
    /// - Throws: `AuthError.invalidDeepLink(_:)` for a link that does not sign in; `AuthError.invalidSignInLink` for
    ///   a code with characters or a length a code never has (nothing is sent).
    static func signInCode(in link: Secret) throws(AuthError) -> Secret {
        let text = link.value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.contains(":") else {
            guard (1...256).contains(text.count),
                text.unicodeScalars.allSatisfy({
                    $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
                })
            else { throw .invalidSignInLink }
            return Secret(text)
        }
        guard case .emailSignIn(let code) = try DeepLink.parse(text) else {
            throw .invalidDeepLink("not a sign-in link")
        }
        return code
    }
}
