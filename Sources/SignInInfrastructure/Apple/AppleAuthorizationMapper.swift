import Foundation
public import SignInDomain

/// The pure step that turns an Apple authorization result into a `CredentialOutcome`: a credential,
/// the user's cancel, or a typed `AuthError`. The `AuthenticationServices` adapter and the terminal
/// stand-in both go through it, so its decisions are tested on Linux.
public enum AppleAuthorizationMapper {
    /// Maps a result.
    /// - Parameters:
    ///   - result: What the authorizer reported.
    ///   - rawNonce: The raw nonce whose SHA-256 was in the request.
    /// - Returns: The credential (with the raw nonce), or `CredentialOutcome/cancelled`.
    /// - Throws: `AuthError/missingIdentityToken(_:)` when there is no token,
    ///   `AuthError/invalidIdentityToken(_:)` (`malformed`) when it is not UTF-8,
    ///   `AuthError/uiClientFailed(_:reason:)` for a system failure.
    public static func outcome(for result: AppleIDAuthorizationResult, rawNonce: String) throws(AuthError)
        -> CredentialOutcome
    {
        switch result {
        case .failed(.canceled):
            return .cancelled
        case .failed(.failed(let message)):
            throw .uiClientFailed(.apple, reason: message.isEmpty ? "authorization failed" : message)
        case .failed(.other(1000, let message)):
            // Also what an app without the Sign in with Apple capability gets: say where to look.
            throw .uiClientFailed(
                .apple,
                reason: "ASAuthorizationError 1000 (unknown; is the Sign in with Apple capability on?)"
                    + (message.isEmpty ? "" : ": \(message)"))
        case .failed(.other(let code, let message)):
            throw .uiClientFailed(
                .apple, reason: "ASAuthorizationError \(code)\(message.isEmpty ? "" : ": \(message)")")
        case .failed(.foreign(let domain, let code, let message)):
            throw .uiClientFailed(.apple, reason: "\(domain) \(code)\(message.isEmpty ? "" : ": \(message)")")
        case .failed(.endedWithoutAnswer):
            throw .uiClientFailed(.apple, reason: "the authorization ended without an answer")
        case .failed(.noWindow):
            throw NoPresentationWindow.error(.apple)
        case .authorized(let authorization):
            guard let tokenData = authorization.identityToken, !tokenData.isEmpty else {
                throw .missingIdentityToken(.apple)
            }
            guard let token = String(data: tokenData, encoding: .utf8) else {
                throw .invalidIdentityToken(.malformed)
            }
            let code = authorization.authorizationCode.flatMap { String(data: $0, encoding: .utf8) }
            let name = authorization.fullName.flatMap { $0.formatted == nil ? nil : $0 }
            let email = authorization.email.flatMap { $0.isEmpty ? nil : $0 }
            return .credential(
                AuthCredential(
                    provider: .apple,
                    idToken: Secret(token),
                    rawNonce: Secret(rawNonce),
                    authorizationCode: code.map { Secret($0) },
                    fullName: name,
                    email: email
                ))
        }
    }
}
