import Foundation

/// The steps the Domain layer traces: use cases and the session manager. Values are uids, provider ids and
/// dates, never tokens.
extension FlowMessage {
    static func domainSignInStarted(provider: ProviderType, uiClients: Int) -> FlowMessage {
        FlowMessage(
            "domain.signInStarted", "sign in with {provider} ({uiClients} UI clients set up)",
            ["provider": provider.rawValue, "uiClients": String(uiClients)])
    }

    static var domainSignInCancelled: FlowMessage {
        FlowMessage("domain.signInCancelled", "the user cancelled; nothing changed")
    }

    static func domainSessionStored(uid: String) -> FlowMessage {
        FlowMessage("domain.sessionStored", "stored the session of {uid}", ["uid": uid])
    }

    static func domainLinkStarted(provider: ProviderType, uid: String) -> FlowMessage {
        FlowMessage(
            "domain.linkStarted", "link {provider} to account {uid}", ["provider": provider.rawValue, "uid": uid])
    }

    static func domainLinked(uid: String) -> FlowMessage {
        FlowMessage("domain.linked", "linked; the uid {uid} stays the same", ["uid": uid])
    }

    static func domainReauthenticationAsked(provider: ProviderType) -> FlowMessage {
        FlowMessage(
            "domain.reauthenticationAsked", "a recent sign-in is needed: ask for {provider} again",
            ["provider": provider.rawValue])
    }

    static var domainReauthenticationCancelled: FlowMessage {
        FlowMessage("domain.reauthenticationCancelled", "the user did not sign in again; nothing changed")
    }

    static func domainReauthenticated(uid: String) -> FlowMessage {
        FlowMessage("domain.reauthenticated", "{uid} signed in again; retry the operation", ["uid": uid])
    }

    static var domainSignOutStarted: FlowMessage {
        FlowMessage("domain.signOutStarted", "revoke the refresh token, then clear the stored session")
    }

    static func domainSignedOut(reason: SignOutReason) -> FlowMessage {
        FlowMessage("domain.signedOut", "signed out ({reason})", ["reason": reason.rawValue])
    }

    static func domainRefreshStarted(uid: String) -> FlowMessage {
        FlowMessage("domain.refreshStarted", "refresh the session of {uid} (one request)", ["uid": uid])
    }

    static var domainRefreshDropped: FlowMessage {
        FlowMessage("domain.refreshDropped", "dropped: the user signed out or changed meanwhile")
    }

    static var domainRefreshAdopted: FlowMessage {
        FlowMessage("domain.refreshAdopted", "adopted the session another process refreshed")
    }

    static func domainRefreshStored(expiresAt: Date) -> FlowMessage {
        FlowMessage(
            "domain.refreshStored", "stored the refreshed session; it expires {expiry}",
            ["expiry": expiresAt.formatted(.iso8601)])
    }
}
