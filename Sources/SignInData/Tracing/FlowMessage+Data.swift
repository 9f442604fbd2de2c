import SignInDomain

/// The steps the Data layer traces: auth providers, session and account services, the API client. Tokens,
/// passwords, nonces and codes appear only as ``SignInDomain/Secret/redactedText``.
extension FlowMessage {
    static func dataSignUp(email: String) -> FlowMessage {
        FlowMessage(
            "data.signUp", "create an account for {email}, password {password}",
            ["email": email, "password": Secret.redactedText])
    }

    static func dataPasswordResetRequested(email: String) -> FlowMessage {
        FlowMessage("data.passwordResetRequested", "ask for a reset mail to {email}", ["email": email])
    }

    static var dataPasswordResetConfirmed: FlowMessage {
        FlowMessage(
            "data.passwordResetConfirmed", "set the new password with the code {code}", ["code": Secret.redactedText])
    }

    static func dataAccountDeletion(uid: String) -> FlowMessage {
        FlowMessage("data.accountDeletion", "delete the account {uid}", ["uid": uid])
    }

    static var dataPasswordChange: FlowMessage {
        FlowMessage("data.passwordChange", "change the password to {password}", ["password": Secret.redactedText])
    }

    static var dataRefreshRequested: FlowMessage {
        FlowMessage("data.refreshRequested", "exchange the refresh token for new tokens")
    }

    static func dataBackendRefused(code: String) -> FlowMessage {
        FlowMessage("data.backendRefused", "the backend refused: {code}", ["code": code])
    }

    static func dataPasswordSignIn(email: String) -> FlowMessage {
        FlowMessage(
            "data.passwordSignIn", "sign in {email}, password {password}",
            ["email": email, "password": Secret.redactedText])
    }

    static func dataPasswordLink(email: String, uid: String) -> FlowMessage {
        FlowMessage("data.passwordLink", "link {email} to {uid}", ["email": email, "uid": uid])
    }

    static func dataPasswordReauthentication(uid: String) -> FlowMessage {
        FlowMessage("data.passwordReauthentication", "sign {uid} in again", ["uid": uid])
    }

    static func dataIdPCredentialReceived(provider: ProviderType) -> FlowMessage {
        FlowMessage(
            "data.idpCredentialReceived", "got the {provider} credential; check its ID token",
            ["provider": provider.rawValue])
    }

    static func dataFirstSignInProfileRestored(provider: ProviderType) -> FlowMessage {
        FlowMessage(
            "data.firstSignInProfileRestored",
            "the {provider} name and email kept from a first sign-in that did not reach the backend are sent again",
            ["provider": provider.rawValue])
    }

    static var dataIdPRequestWithNonce: FlowMessage {
        FlowMessage(
            "data.idpRequestWithNonce", "send ID token {idToken} and raw nonce {nonce}",
            ["idToken": Secret.redactedText, "nonce": Secret.redactedText])
    }

    static var dataIdPRequestWithoutNonce: FlowMessage {
        FlowMessage(
            "data.idpRequestWithoutNonce", "send ID token {idToken}, without a raw nonce",
            ["idToken": Secret.redactedText])
    }

    static func dataSessionReceived(uid: String, providers: [ProviderType]) -> FlowMessage {
        FlowMessage(
            "data.sessionReceived", "got a session for {uid} ({providers})",
            ["uid": uid, "providers": providers.map(\.rawValue).joined(separator: ", ")])
    }

    static var dataGuestSignUp: FlowMessage {
        FlowMessage("data.guestSignUp", "create a guest account")
    }

    static func dataAPIRequest(method: String, path: String) -> FlowMessage {
        FlowMessage(
            "data.apiRequest", "{method} {path} with Authorization: Bearer {idToken}",
            ["method": method, "path": path, "idToken": Secret.redactedText])
    }

    static var dataAPIRetry: FlowMessage {
        FlowMessage("data.apiRetry", "401: refresh once and retry once")
    }

    static var dataAPIRefusedAgain: FlowMessage {
        FlowMessage("data.apiRefusedAgain", "401 again: the API refuses this user; sign out")
    }
}
