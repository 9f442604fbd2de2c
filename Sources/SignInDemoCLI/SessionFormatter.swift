import Foundation
import SignInDomain

/// Prints a session for people, in their language, and for scripts: every field, tokens redacted.
struct SessionFormatter {
    let text: CLIMessages

    /// The block `status` and the sign-in commands print.
    func describe(_ session: UserSession, heading: String? = nil) -> String {
        let expiry = text(.statusExpires, ["date": session.tokens.expiresAt.formatted(.iso8601)])
        // Provider ids (apple.com), as the backend names them: identifiers, the same in every language.
        let providers = session.providerIds.map(\.rawValue)
        let rows: [(CLIText, String)] = [
            (.statusUID, session.uid),
            (.statusEmail, session.email ?? text(.statusNone)),
            (.statusName, session.displayName ?? text(.statusNone)),
            (.statusPhoto, session.photoURL ?? text(.statusNone)),
            (.statusProviders, providers.isEmpty ? text(.statusNone) : providers.joined(separator: ", ")),
            (.statusGuest, text(session.isAnonymous ? .statusYes : .statusNo)),
            (.statusNewUser, text(session.isNewUser ? .statusYes : .statusNo)),
            (.statusIDToken, "\(session.tokens.idToken) (\(expiry))"),
            (.statusRefreshToken, "\(session.tokens.refreshToken)"),
        ]
        let labels = rows.map { text($0.0) + ":" }
        let width = labels.map(\.terminalWidth).max() ?? 0
        var lines = [heading ?? text(.statusSignedIn)]
        for (label, row) in zip(labels, rows) { lines.append("  " + label.padding(to: width + 1) + row.1) }
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// The one JSON object of `--json`, with a fixed set of keys: absent values are `null`, arrays are compact.
    /// It never contains a token.
    struct Document: Encodable {
        var signedIn: Bool
        var uid: String?
        var email: String?
        var displayName: String?
        var photoURL: String?
        var providers: [String]
        var isAnonymous: Bool?
        var expiresAt: String?
        var reason: String?
        var error: ErrorDocument?

        struct ErrorDocument: Encodable {
            var code: String
            var message: String
        }

        enum CodingKeys: String, CodingKey {
            case signedIn, uid, email, displayName, photoURL, providers, isAnonymous, expiresAt, reason, error
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(signedIn, forKey: .signedIn)
            try container.encode(uid, forKey: .uid)
            try container.encode(email, forKey: .email)
            try container.encode(displayName, forKey: .displayName)
            try container.encode(photoURL, forKey: .photoURL)
            try container.encode(providers, forKey: .providers)
            try container.encode(isAnonymous, forKey: .isAnonymous)
            try container.encode(expiresAt, forKey: .expiresAt)
            try container.encode(reason, forKey: .reason)
            try container.encode(error, forKey: .error)
        }
    }

    func json(_ session: UserSession?, reason: String? = nil, error: (code: String, message: String)? = nil) -> String {
        let document = Document(
            signedIn: session != nil, uid: session?.uid, email: session?.email, displayName: session?.displayName,
            photoURL: session?.photoURL, providers: session?.providerIds.map(\.rawValue) ?? [],
            isAnonymous: session?.isAnonymous,
            expiresAt: session?.tokens.expiresAt.formatted(.iso8601), reason: reason,
            error: error.map { Document.ErrorDocument(code: $0.code, message: $0.message) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(document)) ?? Data("{}".utf8), as: UTF8.self) + "\n"
    }

    /// The JSON object of a command line that could not run: `{"error":{"code":"usage","message":…}}`.
    func usageJSON(_ message: String) -> String {
        struct Usage: Encodable {
            struct Body: Encodable { let code: String; let message: String }
            let error: Body
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Usage(error: .init(code: "usage", message: message)))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
