import Foundation
import SignInData
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
            // Never the token: the word for hidden in the user's language.
            (.statusIDToken, text(.statusRedacted) + " (\(expiry))"),
            (.statusRefreshToken, text(.statusRedacted)),
        ]
        let labels = rows.map { text($0.0) + ":" }
        let width = labels.map(\.terminalWidth).max() ?? 0
        var lines = [heading ?? text(.statusSignedIn)]
        for (label, row) in zip(labels, rows) {
            lines.append("  " + label.padding(to: width + 1) + TerminalText.oneLine(row.1))
        }
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// The one JSON object of `--json`, with a fixed set of keys: absent values are `null`, arrays are compact.
    /// It never contains a token. Built by ``JSONReport``.
    struct Document: Encodable {
        /// Whether a session is there afterwards; `nil` when the command stopped before the session was read.
        var signedIn: Bool?
        var uid: String?
        var email: String?
        var displayName: String?
        var photoURL: String?
        var providers: [String]
        var isAnonymous: Bool?
        var expiresAt: String?
        var reason: String?
        var error: ErrorDocument?
        /// What the command produced besides the session (its list, a state), or `nil`.
        var result: JSONValue?

        struct ErrorDocument: Encodable {
            var code: String
            var message: String
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case signedIn, uid, email, displayName, photoURL, providers, isAnonymous, expiresAt, reason, error, result
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
            try container.encode(result, forKey: .result)
        }

        /// The document as one line of JSON.
        func line() -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(self) else {
                return #"{"error":{"code":"failed","message":""}}"# + "\n"
            }
            return String(decoding: data, as: UTF8.self) + "\n"
        }
    }
}
