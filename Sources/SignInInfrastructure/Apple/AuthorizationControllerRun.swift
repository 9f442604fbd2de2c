#if canImport(AuthenticationServices)
    import AuthenticationServices
    import Foundation

    /// One `ASAuthorizationController` run, shared by the Apple shells (Sign in with Apple, passkeys): it presents the
    /// requests over the anchor and waits for the one answer through an ``AuthorizationCallbackBridge``. Each shell
    /// says only what its requests are and how an answer or an error becomes its result.
    enum AuthorizationControllerRun {
        /// Presents the requests and waits for the one result.
        /// - Parameters:
        ///   - bridge: A fresh bridge; it decides what a cancelled task and a controller gone without an answer get.
        ///   - anchor: The window the sheet is presented over.
        ///   - requests: Makes the requests, on the main actor when the sheet is about to show.
        ///   - answer: The result of the controller's authorization.
        ///   - failure: The result of the controller's error.
        static func result<Result: Sendable>(
            of bridge: AuthorizationCallbackBridge<Result>,
            anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor,
            requests: @escaping @MainActor @Sendable () -> [ASAuthorizationRequest],
            answer: @escaping @MainActor @Sendable (ASAuthorization) -> Result,
            failure: @escaping @MainActor @Sendable (any Error) -> Result
        ) async -> Result {
            await bridge.result {
                // The controller keeps the handler; the system keeps the controller while the sheet is up. When
                // the controller goes away without calling back, the handler's deinit answers the bridge.
                let handler = Handler(
                    anchor: anchor,
                    authorized: { authorization in bridge.resolve(answer(authorization)) },
                    failed: { error in bridge.resolve(failure(error)) },
                    ended: { bridge.resolve(bridge.unanswered) })
                let controller = ReportingController(authorizationRequests: requests(), handler: handler)
                controller.performRequests()
            }
        }
    }

    private final class ReportingController: ASAuthorizationController {
        private let handler: Handler

        init(authorizationRequests: [ASAuthorizationRequest], handler: Handler) {
            self.handler = handler
            super.init(authorizationRequests: authorizationRequests)
            delegate = handler
            presentationContextProvider = handler
        }
    }

    @MainActor
    private final class Handler: NSObject, ASAuthorizationControllerDelegate,
        ASAuthorizationControllerPresentationContextProviding
    {
        private let anchor: @MainActor @Sendable () -> ASPresentationAnchor
        private let authorized: @MainActor (ASAuthorization) -> Void
        private let failed: @MainActor (any Error) -> Void
        private let ended: @Sendable () -> Void

        init(
            anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor,
            authorized: @escaping @MainActor (ASAuthorization) -> Void,
            failed: @escaping @MainActor (any Error) -> Void,
            ended: @escaping @Sendable () -> Void
        ) {
            self.anchor = anchor
            self.authorized = authorized
            self.failed = failed
            self.ended = ended
        }

        deinit {
            ended()
        }

        func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor {
            anchor()
        }

        func authorizationController(
            controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
        ) {
            authorized(authorization)
        }

        func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {
            failed(error)
        }
    }
#endif
