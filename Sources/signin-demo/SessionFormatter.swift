import Foundation
import SignInDomain

/// Prints a session for people and for scripts: every field, tokens redacted.
enum SessionFormatter {
    static func describe(_ session: UserSession, heading: String = "Signed in.") -> String {
        let expiry = session.tokens.expiresAt.formatted(.iso8601)
        return """
            \(heading)
              uid:           \(session.uid)
              email:         \(session.email ?? "none")
              name:          \(session.displayName ?? "none")
              providers:     \(session.providerIds.isEmpty ? "none" : session.providerIds.map(\.rawValue).joined(separator: ", "))
              guest:         \(session.isAnonymous ? "yes" : "no")
              new user:      \(session.isNewUser ? "yes" : "no")
              ID token:      \(session.tokens.idToken) (expires \(expiry))
              refresh token: \(session.tokens.refreshToken)

            """
    }

    /// The `status --json` document. It never contains a token.
    struct Status: Encodable {
        var signedIn: Bool
        var uid: String?
        var email: String?
        var displayName: String?
        var providers: [String]?
        var isAnonymous: Bool?
        var expiresAt: String?
        var reason: String?
    }

    static func json(_ session: UserSession?, reason: String? = nil) -> String {
        let status = Status(
            signedIn: session != nil, uid: session?.uid, email: session?.email, displayName: session?.displayName,
            providers: session?.providerIds.map(\.rawValue), isAnonymous: session?.isAnonymous,
            expiresAt: session?.tokens.expiresAt.formatted(.iso8601), reason: reason)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(status)) ?? Data("{}".utf8), as: UTF8.self) + "\n"
    }
}
