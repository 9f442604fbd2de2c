public import SignInDomain

/// What the phone sign-in screen can do: ask for a code by SMS, then sign in with it or give the signed-in account
/// the number. The screen keeps the `PhoneVerification` that sending the code answered
/// (``AccountOperation/sendPhoneCode(_:)``) until the user types the code.
public enum PhoneAction: Sendable {
    /// "Send me a code" was tapped with this number: an account operation answered with
    /// ``AccountOperation/sendPhoneCode(_:)``.
    case sendCode(SendPhoneCodeUseCase, phoneNumber: String)
    /// The code of `verification` was typed on the sign-in screen: a sign-in.
    case signIn(SignInWithPhoneUseCase, PhoneVerification, code: Secret)
    /// The code of `verification` was typed to add the number to the signed-in account: an account operation
    /// answered with ``AccountOperation/link(_:)`` (`ProviderType.phone`).
    case link(LinkPhoneUseCase, PhoneVerification, code: Secret)

    /// The action's name for traces and logs.
    public var name: String {
        switch self {
        case .sendCode: "sendPhoneCode"
        case .signIn: "signInWithPhone"
        case .link: "linkPhone"
        }
    }
}

extension PhoneAction: CustomStringConvertible, CustomReflectable {
    /// The action's name: the number, the verification and the code show in no log, `print`, `dump` or debugger
    /// summary.
    public var description: String { name }
    public var customMirror: Mirror { Mirror(self, children: ["name": name]) }
}

extension AccountAction {
    /// Sends a code by SMS.
    static func sendPhoneCode(_ send: SendPhoneCodeUseCase, phoneNumber: String) -> AccountAction {
        AccountAction(name: "sendPhoneCode", useCase: "SendPhoneCodeUseCase", provider: nil) { _ throws(AuthError) in
            .completedKeepingSession(.sendPhoneCode(try await send(phoneNumber: phoneNumber)))
        }
    }

    /// Links the number a code was sent to.
    static func linkPhone(_ link: LinkPhoneUseCase, _ verification: PhoneVerification, code: Secret) -> AccountAction {
        AccountAction(name: "linkPhone", useCase: "LinkPhoneUseCase", provider: .phone) { _ throws(AuthError) in
            .completed(.link(.phone), session: try await link(verification, code: code))
        }
    }
}

extension SignInReducer {
    /// A phone action: sending a code or linking (account operations), or signing in.
    func reducePhone(_ action: PhoneAction, in state: inout SignInState) -> SignInEffect? {
        switch action {
        case .sendCode(let send, let phoneNumber):
            return reduceAccount(.sendPhoneCode(send, phoneNumber: phoneNumber), in: &state)
        case .link(let link, let verification, let code):
            return reduceAccount(.linkPhone(link, verification, code: code), in: &state)
        case .signIn(let signIn, let verification, let code):
            return startSignIn(.phone, in: &state) ? .signInWithPhone(signIn, verification, code: code) : nil
        }
    }
}
