public import Foundation
public import SignInData
public import SignInDomain

/// The browser of a terminal or desktop app: a ``LoopbackRedirectListener`` for the redirect, and the sign-in page
/// handed to `present`, which shows it to the user (prints it, or opens the system's browser).
public struct LoopbackAuthorizationBrowser: AuthorizationBrowser {
    let provider: ProviderType
    let page: LoopbackRedirectListener.Page
    let timeout: TimeInterval
    let host: LoopbackRedirectListener.Host
    let present: @Sendable (URL) async -> Void

    /// Creates the browser.
    /// - Parameters:
    ///   - provider: The provider whose failures the errors name.
    ///   - page: What the browser shows once the redirect arrived.
    ///   - timeout: How long the user has to sign in, in seconds (five minutes by default).
    ///   - host: The loopback address the redirect comes to: the one the app registered with the provider.
    ///   - present: Shows the sign-in page's address to the user.
    public init(
        provider: ProviderType, page: LoopbackRedirectListener.Page, timeout: TimeInterval = 300,
        host: LoopbackRedirectListener.Host = .ipv4, present: @escaping @Sendable (URL) async -> Void
    ) {
        self.provider = provider
        self.page = page
        self.timeout = timeout
        self.host = host
        self.present = present
    }

    public func authorize(page makePage: @escaping @Sendable (String) -> URL) async throws -> AuthorizationRedirect? {
        let listener = try LoopbackRedirectListener(provider: provider, page: page, host: host)
        defer { listener.close() }
        let redirectURI = listener.redirectURI
        await present(makePage(redirectURI))
        guard let url = await listener.redirect(timeout: timeout) else {
            try Task.checkCancellation()
            throw AuthError.openIDConnect(provider, .timedOut)
        }
        return AuthorizationRedirect(redirectURI: redirectURI, url: url)
    }
}
