/// Asks Apple for a user's credential state: `ASAuthorizationAppleIDProvider.getCredentialState` on Apple
/// platforms, the embedded Apple-like issuer elsewhere.
public protocol AppleCredentialStateChecker: Sendable {
    /// The state of the Apple user `userID` for this app.
    func credentialState(forUserID userID: String) async throws(AuthError) -> AppleCredentialState
}
