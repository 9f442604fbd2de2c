import SignInDomain

/// The steps the Infrastructure layer traces: the UI clients and their terminal stand-ins for Apple's sheet and
/// Google's account chooser. Nonces, tokens and codes appear only as ``SignInDomain/Secret/redactedText``.
extension FlowMessage {
    static var infrastructureGoogleChooserRequested: FlowMessage {
        FlowMessage(
            "infrastructure.googleChooserRequested", "open the account chooser with SHA-256 of a fresh raw nonce")
    }

    static var infrastructureAppleRequested: FlowMessage {
        FlowMessage("infrastructure.appleRequested", "ask for name and email with SHA-256 of a fresh raw nonce")
    }

    /// - Parameters:
    ///   - hasIDToken: Whether the credential carries an ID token (shown redacted).
    ///   - hasCode: Whether it carries an authorization code (shown redacted).
    static func infrastructureAppleCredentialMade(hasIDToken: Bool, hasCode: Bool) -> FlowMessage {
        FlowMessage(
            "infrastructure.appleCredentialMade", "made an AuthCredential: ID token {idToken}, code {code}",
            ["idToken": hasIDToken ? Secret.redactedText : "-", "code": hasCode ? Secret.redactedText : "-"])
    }
}
