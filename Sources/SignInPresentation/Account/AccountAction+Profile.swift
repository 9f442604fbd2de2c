public import SignInDomain

extension AccountAction {
    /// The profile form was submitted: a new display name or photo URL (empty removes them) or email, with the
    /// current password if the screen asked for it.
    public static func updateProfile(
        _ update: UpdateProfileUseCase, displayName: String?, email: String?, photoURL: String? = nil,
        currentPassword: Secret? = nil
    ) -> AccountAction {
        AccountAction(name: "updateProfile", useCase: "UpdateProfileUseCase", provider: nil) {
            context throws(AuthError) in
            .completed(
                .updateProfile,
                session: try await update(
                    displayName: displayName, email: email, photoURL: photoURL, currentPassword: currentPassword,
                    uiClients: context.uiClients))
        }
    }

    /// The "verify my email" button was tapped: a verification mail goes to the account's email.
    public static func sendEmailVerification(_ send: SendEmailVerificationUseCase) -> AccountAction {
        AccountAction(name: "sendEmailVerification", useCase: "SendEmailVerificationUseCase", provider: nil) {
            context throws(AuthError) in
            .completedKeepingSession(.sendEmailVerification(email: try await send()))
        }
    }

    /// A verification link was opened. It carries a live code, so it is a `Secret`. A link of another kind is said
    /// so, and nothing runs.
    public static func openVerificationLink(_ apply: ApplyEmailVerificationUseCase, _ link: Secret) -> AccountAction {
        let name = "openVerificationLink", useCase = "ApplyEmailVerificationUseCase"
        let code: Secret
        do throws(AuthError) {
            guard case .verifyEmail(let found) = try DeepLink.parse(link.value) else {
                throw AuthError.invalidDeepLink("not an email-verification link")
            }
            code = found
        } catch {
            return rejected(name, useCase: useCase, error)
        }
        return AccountAction(name: name, useCase: useCase, provider: nil) { context throws(AuthError) in
            .completedKeepingSession(.applyEmailVerification(email: try await apply(code: code)))
        }
    }
}
