public import Foundation
public import SignInDomain

/// What the Apple UI client asks Apple for: the scopes and the SHA-256 hex of the raw nonce.
/// Mirrors `ASAuthorizationAppleIDRequest`.
public struct AppleIDRequest: Hashable, Sendable {
    /// A scope of `ASAuthorizationAppleIDRequest`.
    public enum Scope: String, Hashable, Sendable { case fullName, email }

    /// The requested scopes.
    public var scopes: [Scope]
    /// The SHA-256 hex of the raw nonce; Apple copies it into the identity token's `nonce` claim.
    public var nonce: String

    /// Creates a request.
    public init(scopes: [Scope] = [.fullName, .email], nonce: String) {
        self.scopes = scopes
        self.nonce = nonce
    }
}

/// A successful authorization, as `ASAuthorizationAppleIDCredential` reports it.
public struct AppleIDAuthorization: Hashable, Sendable {
    /// Apple's stable user identifier for this team.
    public var user: String
    /// The identity token (a JWT) as UTF-8 bytes; `nil` when Apple sent none.
    public var identityToken: Data?
    /// The short-lived authorization code as UTF-8 bytes.
    public var authorizationCode: Data?
    /// The user's name: sent only at the first authorization.
    public var fullName: PersonName?
    /// The user's email (or private relay address): sent only at the first authorization.
    public var email: String?

    /// Creates an authorization.
    public init(
        user: String, identityToken: Data?, authorizationCode: Data? = nil, fullName: PersonName? = nil,
        email: String? = nil
    ) {
        self.user = user
        self.identityToken = identityToken
        self.authorizationCode = authorizationCode
        self.fullName = fullName
        self.email = email
    }
}

/// Why an authorization did not complete: `ASAuthorizationError.Code`, kept as a plain value so that the
/// mapping is tested on every platform.
public enum AppleIDAuthorizationFailure: Hashable, Sendable {
    /// The user cancelled (1001). Not an error for the app.
    case canceled
    /// The authorization failed (1004), with the system's message.
    case failed(String)
    /// Any other code (1000 unknown, which is also what an app without the Sign in with Apple capability gets; 1002
    /// invalid response; 1003 not handled; 1005 not interactive; …).
    case other(code: Int, message: String)
    /// An error of another domain than `ASAuthorizationErrorDomain`: its code means nothing here, so it is never read
    /// as a cancel or a failure of the sheet.
    case foreign(domain: String, code: Int, message: String)
    /// The controller went away without calling back, which the system never documents: told apart from code 1000.
    case endedWithoutAnswer
    /// There was no window to show the sheet over (``NoPresentationWindow``): nothing was shown.
    case noWindow

    /// Maps an `ASAuthorizationError` code and message.
    public init(code: Int, message: String) {
        switch code {
        case 1001: self = .canceled
        case 1004: self = .failed(message)
        default: self = .other(code: code, message: message)
        }
    }
}

/// The result of presenting Apple's authorization UI.
public enum AppleIDAuthorizationResult: Hashable, Sendable {
    /// The user authorized.
    case authorized(AppleIDAuthorization)
    /// The user cancelled, or the system failed.
    case failed(AppleIDAuthorizationFailure)
}

/// Presents Apple's authorization UI for a request: `ASAuthorizationController` on Apple platforms, a
/// terminal consent step in the demo CLI elsewhere. Implementations are humble: all the
/// decisions live in ``AppleAuthorizationMapper``.
public protocol AppleIDAuthorizer: Sendable {
    /// Presents the UI and reports what happened. Never throws: failures are results.
    func authorize(_ request: AppleIDRequest) async -> AppleIDAuthorizationResult
}
