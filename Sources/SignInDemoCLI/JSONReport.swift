import Foundation
import SignInData
import SignInDomain
import SignInLocking

/// What a command run with `--json` reports, gathered while it runs and printed once, at the end, by ``DemoCLI``: so
/// that standard output is exactly one object whatever path the command took, failures included.
///
/// While a command runs with `--json`, its console's standard output goes to standard error (what it says for
/// people is still there), and the places that report an outcome record it here: the session, an error (the first
/// one recorded, the cause), a reason, a command's result. A failure nothing recorded is reported from its exit code
/// and the last line it wrote on standard error, so no path can leave standard output empty.
final class JSONReport: Sendable {
    private struct State {
        /// `nil`: not known; `.some(nil)`: nobody is signed in.
        var session: UserSession??
        var reason: String?
        var error: (code: String, message: String)?
        /// What a command that succeeded says went wrong on the way (`status` offline).
        var warning: (code: String, message: String)?
        var result: JSONValue?
        var firstErrorLine: String?
    }
    private let state = Locked(State())

    /// Records the session the command ends with (`nil`: nobody), replacing an earlier one.
    func record(session: UserSession?) {
        state.withLock { $0.session = .some(session) }
    }

    /// Whether the session the command ends with is known.
    var knowsSession: Bool { state.withLock { $0.session != nil } }

    /// Records why nobody is signed in.
    func record(reason: String?) {
        state.withLock { $0.reason = reason }
    }

    /// Records an error; the first one recorded is kept, the cause of what followed.
    func fail(code: String, message: String) {
        state.withLock { $0.error = $0.error ?? (code, message) }
    }

    /// Records what went wrong in a command that still succeeds (an expired session kept while offline): the
    /// error of an exit 0. Errors recorded with ``fail(code:message:)`` count only for a command that fails (a wrong
    /// code asked again, then a right one, is a success).
    func warn(code: String, message: String) {
        state.withLock { $0.warning = (code, message) }
    }

    /// Records what a command produced besides the session (a list, a state).
    func record(result: JSONValue) {
        state.withLock { $0.result = result }
    }

    /// Notes what was written on standard error: its first message line ("signin-demo: …") is the message of a
    /// failure nothing else recorded.
    func noteError(_ text: String) {
        let line = text.split(whereSeparator: \.isNewline).first { $0.hasPrefix(Self.prefix) }
        guard let line else { return }
        state.withLock { $0.firstErrorLine = $0.firstErrorLine ?? String(line.dropFirst(Self.prefix.count)) }
    }

    /// How the CLI's message lines start (`usagePrefix`, the same in every language).
    private static let prefix = "signin-demo: "

    /// The one object, for a command that ended with `code`.
    func document(exitCode code: ExitCode) -> SessionFormatter.Document {
        let state = state.withLock { $0 }
        var error = code == .success ? state.warning : state.error
        if code != .success, error == nil {
            let message = state.firstErrorLine ?? ""
            error = (Self.code(for: code), message)
        }
        let session = state.session.flatMap { $0 }
        return SessionFormatter.Document(
            signedIn: state.session.map { $0 != nil }, uid: session?.uid, email: session?.email,
            displayName: session?.displayName, photoURL: session?.photoURL,
            providers: session?.providerIds.map(\.rawValue) ?? [], isAnonymous: session?.isAnonymous,
            expiresAt: session?.tokens.expiresAt.formatted(.iso8601), reason: state.reason,
            error: error.map { SessionFormatter.Document.ErrorDocument(code: $0.code, message: $0.message) },
            result: state.result)
    }

    /// The error code of a failure that recorded none: what its exit code means.
    static func code(for exitCode: ExitCode) -> String {
        switch exitCode {
        case .success: ""
        case .failure: "failed"
        case .usage: "usage"
        case .cancelled: "cancelled"
        }
    }
}

extension JSONValue {
    /// A string, or `null`.
    static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
}
