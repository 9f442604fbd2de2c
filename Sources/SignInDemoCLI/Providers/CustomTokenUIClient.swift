import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend

/// The team's own server as the demo plays it: it mints a custom token for one of its users.
protocol CustomTokenMinter: Sendable {
    /// A custom token for `uid`.
    /// - Throws: `AuthError`, which the user's language can say.
    func mintCustomToken(uid: String) async throws(AuthError) -> String
}

/// The embedded backend's own minter: tokens signed with its custom-token key.
struct EmbeddedCustomTokenMinter: CustomTokenMinter {
    let service: EmbeddedIdentityService

    func mintCustomToken(uid: String) async throws(AuthError) -> String {
        do throws(IdentityBackendError) {
            return try service.mintCustomToken(uid: uid)
        } catch {
            throw error.toDomain(provider: .customToken)
        }
    }
}

/// The unsigned custom tokens the Firebase Admin SDKs make when they talk to an emulator (`alg: none`, issued by
/// `firebase-auth-emulator@example.com`), which `signin-demo serve` accepts as Google's emulator does.
struct EmulatorCustomTokenMinter: CustomTokenMinter {
    let clock: any WallClock

    func mintCustomToken(uid: String) async throws(AuthError) -> String {
        let now = Int(clock.now().timeIntervalSince1970)
        let claims: [String: any Sendable] = [
            "iss": EmbeddedIdentityService.emulatorCustomTokenIssuer,
            "sub": EmbeddedIdentityService.emulatorCustomTokenIssuer,
            "aud": EmbeddedIdentityService.customTokenAudience, "uid": uid, "iat": now,
            "exp": now + EmbeddedIdentityService.customTokenLifetime,
        ]
        guard let payload = try? JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys]) else {
            throw AuthError.invalidCustomToken
        }
        return Base64URL.encode(Array(#"{"alg":"none","typ":"JWT"}"#.utf8)) + "." + Base64URL.encode(Array(payload))
            + "."
    }
}

/// The custom-token "screen": the team's server mints a token for the user, which the credential carries.
struct CustomTokenUIClient: SignInUIClient {
    let minter: any CustomTokenMinter
    let uid: String
    var providerType: ProviderType { .customToken }

    func getCredential() async throws(AuthError) -> CredentialOutcome {
        let token = try await minter.mintCustomToken(uid: uid)
        return .credential(AuthCredential(provider: .customToken, idToken: Secret(token)))
    }
}
