public import SignInDomain

extension AccountAction {
    /// The "link" button of a provider with a sheet was tapped (a guest upgrading, or adding a way to sign in).
    public static func link(_ link: LinkProviderUseCase, _ provider: ProviderType) -> AccountAction {
        AccountAction(name: "clickLink(\(provider.rawValue))", useCase: "LinkProviderUseCase", provider: provider) {
            context throws(AuthError) in
            switch try await link(provider, uiClients: context.uiClients) {
            case .linked(let session): .completed(.link(provider), session: session)
            case .cancelled: .cancelled
            }
        }
    }

    /// The "add email and password" form was submitted (a guest upgrading, or adding a password).
    public static func linkEmail(_ link: LinkProviderUseCase, email: String, password: Secret) -> AccountAction {
        let credential = AuthCredential(provider: .emailPassword, email: email, password: password)
        return AccountAction(name: "linkEmail", useCase: "LinkProviderUseCase", provider: .emailPassword) {
            _ throws(AuthError) in
            .completed(.link(.emailPassword), session: try await link(with: credential))
        }
    }

    /// The "unlink" button of a provider was tapped; `currentPassword`, for an email account, signs in again if the
    /// backend asks for a recent sign-in.
    public static func unlink(_ unlink: UnlinkProviderUseCase, _ provider: ProviderType, currentPassword: Secret? = nil)
        -> AccountAction
    {
        AccountAction(
            name: "clickUnlink(\(provider.rawValue))", useCase: "UnlinkProviderUseCase", provider: provider
        ) { context throws(AuthError) in
            .completed(
                .unlink(provider),
                session: try await unlink(provider, uiClients: context.uiClients, currentPassword: currentPassword))
        }
    }

    /// The "delete account" button was confirmed, with the current password if the screen asked for it.
    public static func deleteAccount(_ delete: DeleteAccountUseCase, currentPassword: Secret? = nil) -> AccountAction {
        AccountAction(
            name: "clickDeleteAccount", useCase: "DeleteAccountUseCase", provider: nil, cancellable: false
        ) {
            context throws(AuthError) in
            try await delete(uiClients: context.uiClients, currentPassword: currentPassword)
            return .completed(.deleteAccount, session: nil)
        }
    }

    /// The Apple credential state is to be checked: the user asked, the app launched or came back to the
    /// foreground, or Apple's revocation notice arrived. Only a check the user asked for shows progress and errors;
    /// the others run beside anything in progress, and a sign-out they cause arrives as
    /// ``SignInAction/authStateChanged(_:)``.
    public static func checkAppleCredential(
        _ check: CheckAppleCredentialUseCase, _ trigger: AppleCredentialCheckTrigger
    )
        -> AccountAction
    {
        // A launch, foreground or notice check: its only visible outcome is a sign-out (of the user it checked: the
        // use case answers `nil` when another signed in meanwhile), shown as the auth state stream would show it.
        var background: (@Sendable (AccountResponse) -> SignInAction?)?
        if trigger != .userAsked {
            background = { (response: AccountResponse) -> SignInAction? in
                guard case .completed(.checkAppleCredential(let state), _) = response, state != .authorized else {
                    return nil
                }
                return .authStateChanged(.signedOut(.credentialRevoked))
            }
        }
        return AccountAction(
            name: "checkAppleCredential", useCase: "CheckAppleCredentialUseCase", provider: nil,
            background: background
        ) { context throws(AuthError) in
            guard let credentialState = try await check(trigger: trigger) else {
                if trigger == .userAsked { throw AuthError.notSignedIn }
                return .cancelled
            }
            return credentialState == .authorized
                ? .completedKeepingSession(.checkAppleCredential(credentialState))
                : .completed(.checkAppleCredential(credentialState), session: nil)
        }
    }
}
