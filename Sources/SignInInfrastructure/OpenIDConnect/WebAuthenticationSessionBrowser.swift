#if canImport(AuthenticationServices)
    public import AuthenticationServices
    public import Foundation
    public import SignInData
    public import SignInDomain
    import Synchronization

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
    public final class WebAuthenticationSessionBrowser: NSObject, ASWebAuthenticationPresentationContextProviding {
        let provider: ProviderType
        let redirectURI: String
        let callbackScheme: String
        let prefersEphemeralSession: Bool
        private let anchor: @MainActor () -> ASPresentationAnchor
        /// The session while its sheet is up: the system does not keep it.
        private var session: ASWebAuthenticationSession?

        /// Creates the browser.
        /// - Parameters:
        ///   - provider: The provider whose failures the errors name.
        ///   - redirectURI: The redirect address registered with the provider, in the app's scheme.
        ///   - callbackScheme: The scheme that ends the session (`com.example.app`).
        ///   - prefersEphemeralSession: Whether the sheet forgets the browser's cookies (no single sign-on).
        ///   - anchor: The window the sheet is presented over.
        public init(
            provider: ProviderType, redirectURI: String, callbackScheme: String, prefersEphemeralSession: Bool = false,
            anchor: @escaping @MainActor () -> ASPresentationAnchor
        ) {
            self.provider = provider
            self.redirectURI = redirectURI
            self.callbackScheme = callbackScheme
            self.prefersEphemeralSession = prefersEphemeralSession
            self.anchor = anchor
        }

        public func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
            anchor()
        }

        /// Shows `page` and waits for the redirect; `nil` when the user closed the sheet or the task was cancelled
        /// (which closes it).
        func open(_ page: URL) async throws -> URL? {
            let provider = provider
            let url: URL? = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    // The system may report a failed start both by `start()` and through the handler: resume once.
                    let once = ResumeOnce(continuation)
                    let session = ASWebAuthenticationSession(
                        url: page, callback: .customScheme(callbackScheme)
                    ) { url, error in
                        if let url {
                            once.resume(.success(url))
                        } else if let error = error as? ASWebAuthenticationSessionError, error.code == .canceledLogin {
                            once.resume(.success(nil))
                        } else {
                            once.resume(.failure(AuthError.openIDConnect(provider, .redirectUnavailable)))
                        }
                    }
                    session.presentationContextProvider = self
                    session.prefersEphemeralWebBrowserSession = prefersEphemeralSession
                    self.session = session
                    if !session.start() {
                        once.resume(.failure(AuthError.openIDConnect(provider, .redirectUnavailable)))
                    }
                }
            } onCancel: {
                Task { @MainActor in self.session?.cancel() }
            }
            session = nil
            return url
        }
    }

    /// A continuation resumed by the first of several callers; the others are ignored.
    private final class ResumeOnce: Sendable {
        private let continuation: CheckedContinuation<URL?, any Error>
        private let resumed = Atomic<Bool>(false)

        init(_ continuation: CheckedContinuation<URL?, any Error>) {
            self.continuation = continuation
        }

        func resume(_ result: Result<URL?, any Error>) {
            guard !resumed.exchange(true, ordering: .acquiringAndReleasing) else { return }
            continuation.resume(with: result)
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
#endif
