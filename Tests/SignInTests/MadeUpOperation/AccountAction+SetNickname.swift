import SignIn

// The made-up operation's Presentation layer: the action a screen sends. The view model and the reducer run it as
// they run the package's own: the spinner, the error message, the response.

extension AccountAction {
    /// The nickname form was submitted.
    static func setNickname(_ setNickname: SetNicknameUseCase, _ nickname: String) -> AccountAction {
        AccountAction(name: "setNickname", useCase: "SetNicknameUseCase") { _ throws(AuthError) in
            .completed(.other("setNickname"), session: try await setNickname(nickname))
        }
    }
}
