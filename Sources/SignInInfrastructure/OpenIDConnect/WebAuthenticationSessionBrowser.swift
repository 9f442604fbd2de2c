#if canImport(AuthenticationServices) && !os(watchOS) && !os(tvOS)
    public import AuthenticationServices
    public import Foundation
    public import SignInData
    public import SignInDomain

    /// The browser of an app on Apple platforms: `ASWebAuthenticationSession`, which shows the provider's page in a
    /// sheet that shares Safari's cookies and ends when the provider redirects to the app's own scheme. A humble
    /// shell: the request comes from ``OpenIDConnectUIClient``, which also checks everything the redirect carries.
    ///
    /// ```swift
    /// let browser = WebAuthenticationSessionBrowser(
    ///     provider: corp.type, redirectURI: "com.example.app:/oauth2redirect", callbackScheme: "com.example.app"
    /// ) { window }
    /// ```
    @MainActor
    public final class WebAuthenticationSessionBrowser {
        let provider: ProviderType
        let redirectURI: String
        let callbackScheme: String
        let prefersEphemeralSession: Bool
        let timeout: TimeInterval
        private let anchor: @MainActor () -> ASPresentationAnchor?
        /// The session while its sheet is up: the system does not keep it.
        private var session: ASWebAuthenticationSession?
        /// The window of the sheet that is up (the session holds its provider weakly).
        private var window: Window?
        /// Closes the sheet at the timeout, unless the session ended first.
        private var timer: Task<Void, Never>?

        /// Creates the browser.
        /// - Parameters:
        ///   - provider: The provider whose failures the errors name.
        ///   - redirectURI: The redirect address registered with the provider, in the app's scheme.
        ///   - callbackScheme: The scheme that ends the session (`com.example.app`).
        ///   - prefersEphemeralSession: Whether the sheet forgets the browser's cookies (no single sign-on).
        ///   - timeout: How long the user has to sign in, in seconds (five minutes by default): then the sheet closes
        ///     and the sign-in fails with `OpenIDConnectFailure.timedOut`.
        ///   - anchor: The window the sheet is presented over; `nil`, none: the sign-in fails saying so.
        public init(
            provider: ProviderType, redirectURI: String, callbackScheme: String, prefersEphemeralSession: Bool = false,
            timeout: TimeInterval = 300, anchor: @escaping @MainActor () -> ASPresentationAnchor?
        ) {
            self.provider = provider
            self.redirectURI = redirectURI
            self.callbackScheme = callbackScheme
            self.prefersEphemeralSession = prefersEphemeralSession
            self.timeout = timeout
            self.anchor = anchor
        }

        /// Shows `page` and waits for the redirect; `nil` when the user closed the sheet or the task was cancelled
        /// (which closes it). Past the timeout the sheet closes and the wait ends with `timedOut`.
        func open(_ page: URL) async throws -> URL? {
            let provider = provider
            let timeout = timeout
            guard let anchor = anchor() else { throw NoPresentationWindow.error(provider) }
            let window = Window(anchor)
            self.window = window
            let url: URL? = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    // The system may report a failed start both by `start()` and through the handler: resume once.
                    let once = ResumeOnce(continuation)
                    // `@Sendable`: the system calls it on a queue of its own (always on macOS, at times on iOS). A
                    // closure made here without it would be taken for main-actor code, and Swift 6 would stop the
                    // app when the system calls it there.
                    let session = ASWebAuthenticationSession(
                        url: page, callback: .customScheme(callbackScheme)
                    ) { @Sendable url, error in
                        once.resume(
                            WebAuthenticationSessionOutcome.result(url: url, error: error, provider: provider)
                                .mapError { $0 })
                    }
                    session.presentationContextProvider = window
                    session.prefersEphemeralWebBrowserSession = prefersEphemeralSession
                    self.session = session
                    if !session.start() {
                        once.resume(.failure(AuthError.openIDConnect(provider, .redirectUnavailable)))
                        return
                    }
                    timer = Task { @MainActor [weak session] in
                        try? await Task.sleep(for: .seconds(timeout))
                        if once.resume(.failure(AuthError.openIDConnect(provider, .timedOut))) { session?.cancel() }
                    }
                }
            } onCancel: {
                Task { @MainActor in self.session?.cancel() }
            }
            timer?.cancel()
            timer = nil
            session = nil
            self.window = nil
            return url
        }
    }

    extension WebAuthenticationSessionBrowser: AuthorizationBrowser {
        public nonisolated func authorize(page: @escaping @Sendable (String) -> URL) async throws
            -> AuthorizationRedirect?
        {
            let redirectURI = self.redirectURI
            guard let url = try await open(page(redirectURI)) else { return nil }
            return AuthorizationRedirect(redirectURI: redirectURI, url: url)
        }
    }

    /// The window a session's sheet is presented over.
    private final class Window: NSObject, ASWebAuthenticationPresentationContextProviding {
        let anchor: ASPresentationAnchor
        init(_ anchor: ASPresentationAnchor) { self.anchor = anchor }
        func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor { anchor }
    }
#endif
