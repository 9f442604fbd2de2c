import Foundation
import SignInDomain

/// Prints a session for people: every field, tokens redacted.
enum SessionFormatter {
    static func describe(_ session: UserSession) -> String {
        let expiry = session.tokens.expiresAt.formatted(.iso8601)
        return """
            Signed in.
              uid:           \(session.uid)
              email:         \(session.email ?? "none")
              name:          \(session.displayName ?? "none")
              providers:     \(session.providerIds.map(\.rawValue).joined(separator: ", "))
              guest:         \(session.isAnonymous ? "yes" : "no")
              new user:      \(session.isNewUser ? "yes" : "no")
              ID token:      \(session.tokens.idToken) (expires \(expiry))
              refresh token: \(session.tokens.refreshToken)

            """
    }
}
