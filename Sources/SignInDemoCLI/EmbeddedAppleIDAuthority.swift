import Foundation
import SignInData
import SignInDemoAdapters
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedIssuers
import SignInEmbeddedStore
import SignInInfrastructure

/// Wires the embedded Apple-like issuer to the terminal Apple sheet and to the credential-state check: the
/// one place that knows both sides.
struct EmbeddedAppleIDAuthority: SimulatedAppleID {
    let issuer: EmbeddedAppleIssuer
    let clientID: String

    func currentAccount() async -> AppleIDAccountSummary {
        guard let user = try? issuer.user() else { return AppleIDAccountSummary(name: "Apple ID", email: "unknown") }
        return AppleIDAccountSummary(name: user.name.formatted ?? "Apple ID", email: user.email)
    }

    func authorize(_ request: AppleIDRequest, shareEmail: Bool) async throws -> AppleIDAuthorization {
        let issued = try issuer.authorize(
            clientID: clientID, nonceSHA256: request.nonce, wantsName: request.scopes.contains(.fullName),
            wantsEmail: request.scopes.contains(.email), shareEmail: shareEmail)
        return AppleIDAuthorization(
            user: issued.user,
            identityToken: Data(issued.identityToken.value.utf8),
            authorizationCode: Data(issued.authorizationCode.value.utf8),
            fullName: issued.fullName,
            email: issued.email)
    }

    func credentialState(forUserID userID: String) async throws(AuthError) -> AppleCredentialState {
        do {
            return try issuer.credentialState(forUserID: userID, clientID: clientID)
        } catch {
            throw error.toDomain(provider: .apple)
        }
    }

    func revoke() async throws -> Bool {
        try issuer.revokeAuthorization(clientID: clientID)
    }
}

/// Wires the embedded Google-like issuer to the terminal account chooser.
struct EmbeddedGoogleAuthority: GoogleAuthority {
    let issuer: EmbeddedGoogleIssuer

    func accounts() async throws -> [GoogleAccountSummary] {
        try issuer.accounts().map { GoogleAccountSummary(name: $0.name, email: $0.email) }
    }

    func signIn(email: String, nonce: String) async throws -> GoogleSignInCredential {
        let issued = try issuer.signIn(email: email, nonce: nonce)
        return GoogleSignInCredential(
            idToken: Secret(issued.idToken), accessToken: Secret(issued.accessToken), email: issued.account.email,
            name: issued.account.name)
    }
}
