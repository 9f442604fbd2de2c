public import SignInDomain

/// What can happen on the passkey screens. Each action carries the use case from `SignInFeatures.passkeys`.
public enum PasskeyAction: Sendable {
    /// "Sign in with a passkey" was tapped: the device's sheet offers the passkeys it holds.
    case signIn(SignInWithPasskeyUseCase)
    /// "Add a passkey" was tapped, with the name the user gave it and the current password if the screen asked for
    /// it.
    case register(RegisterPasskeyUseCase, name: String = "", currentPassword: Secret? = nil)
    /// The account's passkeys are to be listed.
    case list(ListPasskeysUseCase)
    /// "Remove" was tapped on a passkey.
    case remove(RemovePasskeyUseCase, id: String, currentPassword: Secret? = nil)

    /// The action's name for traces and logs.
    public var name: String {
        switch self {
        case .signIn: "clickSignInWithPasskey"
        case .register: "registerPasskey"
        case .list: "listPasskeys"
        case .remove: "removePasskey"
        }
    }
}

extension AccountAction {
    /// Registers a passkey on the signed-in account.
    static func registerPasskey(_ register: RegisterPasskeyUseCase, name: String, currentPassword: Secret?)
        -> AccountAction
    {
        AccountAction(name: "registerPasskey", useCase: "RegisterPasskeyUseCase", provider: nil) {
            context throws(AuthError) in
            switch try await register(name: name, currentPassword: currentPassword, uiClients: context.uiClients) {
            case .registered(let session): .completed(.registerPasskey, session: session)
            case .cancelled: .cancelled
            }
        }
    }

    /// Lists the account's passkeys.
    static func listPasskeys(_ list: ListPasskeysUseCase) -> AccountAction {
        AccountAction(name: "listPasskeys", useCase: "ListPasskeysUseCase", provider: nil) {
            context throws(AuthError) in
            .completedKeepingSession(.listPasskeys(try await list()))
        }
    }

    /// Removes a passkey.
    static func removePasskey(_ remove: RemovePasskeyUseCase, id: String, currentPassword: Secret?) -> AccountAction {
        AccountAction(name: "removePasskey", useCase: "RemovePasskeyUseCase", provider: nil) {
            context throws(AuthError) in
            .completed(
                .removePasskey,
                session: try await remove(id: id, currentPassword: currentPassword, uiClients: context.uiClients))
        }
    }
}

extension PasskeyAction: CustomStringConvertible, CustomReflectable {
    /// The action's name: what it carries (a password, a code, a link, the use case and the session and keys it
    /// reaches) shows in no log, `print`, `dump` or debugger summary.
    public var description: String { name }
    public var customMirror: Mirror { Mirror(self, children: ["name": name]) }
}
