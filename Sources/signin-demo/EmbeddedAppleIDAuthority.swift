import Foundation
import SignInEmbeddedBackend
import SignInInfrastructure

/// Wires the embedded Apple-like issuer to the terminal Apple sheet: the one place that knows both.
struct EmbeddedAppleIDAuthority: AppleIDAuthority {
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
}
