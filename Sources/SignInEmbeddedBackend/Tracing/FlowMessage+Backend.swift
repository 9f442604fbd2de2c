import SignInDomain

/// The steps the embedded backend traces: the identity service and the app's API. Values are uids, provider ids,
/// emails, error codes and lifetimes, never tokens, passwords or codes.
extension FlowMessage {
    static var backendIdentityTokenChecked: FlowMessage {
        FlowMessage("backend.identityTokenChecked", "check the signature, alg, iss, aud, exp, iat and nonce")
    }

    static func backendAccountFound(uid: String, provider: String) -> FlowMessage {
        FlowMessage("backend.accountFound", "found account {uid} for {provider}", ["uid": uid, "provider": provider])
    }

    static func backendAccountCreated(uid: String, provider: String) -> FlowMessage {
        FlowMessage("backend.accountCreated", "new account {uid} for {provider}", ["uid": uid, "provider": provider])
    }

    static func backendGuestCreated(uid: String) -> FlowMessage {
        FlowMessage("backend.guestCreated", "new guest account {uid}", ["uid": uid])
    }

    static func backendIdPLinked(provider: String, uid: String) -> FlowMessage {
        FlowMessage("backend.idpLinked", "linked {provider} to account {uid}", ["provider": provider, "uid": uid])
    }

    static func backendPasswordLinked(email: String) -> FlowMessage {
        FlowMessage("backend.passwordLinked", "linked {email} to the account", ["email": email])
    }

    static func backendReauthenticated(uid: String) -> FlowMessage {
        FlowMessage("backend.reauthenticated", "{uid} signed in again just now", ["uid": uid])
    }

    static var backendPasswordChanged: FlowMessage {
        FlowMessage("backend.passwordChanged", "set the new password; every other session revoked")
    }

    static var backendResetMailSent: FlowMessage {
        FlowMessage("backend.resetMailSent", "mailed a reset link to the outbox")
    }

    static var backendPasswordReset: FlowMessage {
        FlowMessage("backend.passwordReset", "set the new password; all sessions revoked")
    }

    static func backendAccountDeleted(uid: String) -> FlowMessage {
        FlowMessage("backend.accountDeleted", "deleted {uid} and its tokens", ["uid": uid])
    }

    static func backendAppleTokensRevoked(uid: String) -> FlowMessage {
        FlowMessage(
            "backend.appleTokensRevoked", "revoked the app's Sign in with Apple authorization of {uid}", ["uid": uid])
    }

    static var backendRotatedTokenReused: FlowMessage {
        FlowMessage("backend.rotatedTokenReused", "a rotated refresh token came back: chain revoked")
    }

    static var backendRefreshTokenRotated: FlowMessage {
        FlowMessage("backend.refreshTokenRotated", "rotated the refresh token")
    }

    static var backendRefreshTokenRevoked: FlowMessage {
        FlowMessage("backend.refreshTokenRevoked", "revoked the refresh token")
    }

    static func backendSessionIssued(lifetime: Int) -> FlowMessage {
        FlowMessage(
            "backend.sessionIssued", "issued an ID token for {lifetime} s and a refresh token",
            ["lifetime": String(lifetime)])
    }

    static func backendAPIUnauthorized(code: String) -> FlowMessage {
        FlowMessage("backend.apiUnauthorized", "401: the ID token is refused ({code})", ["code": code])
    }

    static func backendAPIAuthorized(uid: String) -> FlowMessage {
        FlowMessage("backend.apiAuthorized", "200: the ID token is valid for {uid}", ["uid": uid])
    }

    static var backendAllAccountsDeleted: FlowMessage {
        FlowMessage("backend.allAccountsDeleted", "deleted every account, identity, refresh token and reset code")
    }
}
