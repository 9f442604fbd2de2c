public import SignInDomain

extension AccountAction {
    /// The sign-up form was submitted.
    public static func signUp(_ signUp: SignUpUseCase, email: String, password: Secret) -> AccountAction {
        AccountAction(name: "signUp", useCase: "SignUpUseCase", provider: nil) { _ throws(AuthError) in
            .completed(.signUp, session: try await signUp(email: email, password: password))
        }
    }

    /// The "forgot password" form was submitted.
    public static func requestPasswordReset(_ request: RequestPasswordResetUseCase, email: String) -> AccountAction {
        AccountAction(name: "requestPasswordReset", useCase: "RequestPasswordResetUseCase", provider: nil) {
            context throws(AuthError) in
            try await request(email: email)
            return .completedKeepingSession(.requestPasswordReset)
        }
    }

    /// A reset link was opened and a new password chosen. The link carries a live reset code, so it is a `Secret`:
    /// it never shows in a trace, a log or a `dump`. A link of another kind is said so, and nothing runs.
    public static func openResetLink(_ confirm: ConfirmPasswordResetUseCase, _ link: Secret, newPassword: Secret)
        -> AccountAction
    {
        let name = "openResetLink", useCase = "ConfirmPasswordResetUseCase"
        guard let code = resetCode(in: link) else {
            return rejected(name, useCase: useCase, resetLinkError(link))
        }
        return AccountAction(name: name, useCase: useCase, provider: nil) { _ throws(AuthError) in
            .completed(.confirmPasswordReset, session: try await confirm(code: code, newPassword: newPassword))
        }
    }

    /// A reset link was opened: before asking for a new password, the screen learns whose password it sets
    /// (``AccountOperation/checkPasswordResetCode(email:)``) or that the link is no good. The link is a `Secret`.
    public static func checkResetLink(_ check: CheckPasswordResetCodeUseCase, _ link: Secret) -> AccountAction {
        let name = "checkResetLink", useCase = "CheckPasswordResetCodeUseCase"
        guard let code = resetCode(in: link) else {
            return rejected(name, useCase: useCase, resetLinkError(link))
        }
        return AccountAction(name: name, useCase: useCase, provider: nil) { context throws(AuthError) in
            .completedKeepingSession(.checkPasswordResetCode(email: try await check(code: code)))
        }
    }

    /// The signed-in user chose a new password (a profile screen's "change password"), giving the current one if the
    /// screen asked for it.
    public static func changePassword(
        _ change: ChangePasswordUseCase, newPassword: Secret, currentPassword: Secret? = nil
    ) -> AccountAction {
        AccountAction(name: "changePassword", useCase: "ChangePasswordUseCase", provider: nil) {
            context throws(AuthError) in
            .completed(
                .changePassword,
                session: try await change(
                    newPassword: newPassword, currentPassword: currentPassword, uiClients: context.uiClients))
        }
    }

    private static func resetCode(in link: Secret) -> Secret? {
        if case .resetPassword(let code)? = try? DeepLink.parse(link.value) { code } else { nil }
    }

    private static func resetLinkError(_ link: Secret) -> AuthError {
        do throws(AuthError) {
            _ = try DeepLink.parse(link.value)
            return .invalidDeepLink("not a password-reset link")
        } catch {
            return error
        }
    }
}
