public import Foundation

/// Shows a provider's sign-in page and brings back where the provider redirected the browser: the loopback
/// listener of a terminal or desktop app (RFC 8252 §7.3), `ASWebAuthenticationSession` on Apple platforms, a double
/// in tests. The browser decides the redirect address, so the page's address is made once that is known.
public protocol AuthorizationBrowser: Sendable {
    /// Opens the page and waits for the redirect.
    /// - Parameter page: The sign-in page's address for a redirect address.
    /// - Returns: The redirect, or `nil` when the user closed the page.
    /// - Throws: `AuthError` when the redirect cannot be received (`OpenIDConnectFailure/redirectUnavailable`,
    ///   `OpenIDConnectFailure/timedOut`), `CancellationError` when the task was cancelled.
    func authorize(page: @escaping @Sendable (_ redirectURI: String) -> URL) async throws -> AuthorizationRedirect?
}

/// Where the provider sent the browser back.
public struct AuthorizationRedirect: Hashable, Sendable {
    /// The redirect address the page was made for.
    public var redirectURI: String
    /// The address the browser was sent to, with its query (`code`, `state`, or `error`).
    public var url: URL

    /// Creates a redirect.
    public init(redirectURI: String, url: URL) {
        self.redirectURI = redirectURI
        self.url = url
    }
}
