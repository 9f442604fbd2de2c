#if canImport(AuthenticationServices) && !os(watchOS)
    import AuthenticationServices
    import Foundation

    /// One `ASAuthorizationController` run, shared by the Apple shells (Sign in with Apple, passkeys): it presents the
    /// requests over the anchor and waits for the one answer through an ``AuthorizationCallbackBridge``. Each shell
    /// says only what its requests are and how an answer or an error becomes its result.
    enum AuthorizationControllerRun {
        /// Presents the requests and waits for the one result. A cancelled task closes the sheet
        /// (`ASAuthorizationController.cancel()`), so that nothing the user finishes afterwards is left on the device
        /// without the app knowing.
        /// - Parameters:
        ///   - bridge: A fresh bridge; it decides what a cancelled task and a controller gone without an answer get.
        ///   - anchor: The window the sheet is presented over; with none, nothing shows and `failure` gets
        ///     ``NoPresentationWindow``.
        ///   - options: How the controller performs the requests (`preferImmediatelyAvailableCredentials`).
        ///   - requests: Makes the requests, on the main actor when the sheet is about to show.
        ///   - answer: The result of the controller's authorization.
        ///   - failure: The result of the controller's error, told whether a sheet was shown (the system asked for
        ///     the anchor) before it.
        static func result<Result: Sendable>(
            of bridge: AuthorizationCallbackBridge<Result>,
            anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor?,
            options: ASAuthorizationController.RequestOptions = [],
            requests: @escaping @MainActor @Sendable () -> [ASAuthorizationRequest],
            answer: @escaping @MainActor @Sendable (ASAuthorization) -> Result,
            failure: @escaping @MainActor @Sendable (_ error: any Error, _ presented: Bool) -> Result
        ) async -> Result {
            let running = await RunningController()
            return await withTaskCancellationHandler {
                await bridge.result {
                    guard let window = anchor() else {
                        bridge.resolve(failure(NoPresentationWindow(), false))
                        return
                    }
                    // The controller keeps the handler; the system keeps the controller while the sheet is up. When
                    // the controller goes away without calling back, the handler's deinit answers the bridge.
                    let handler = Handler(
                        window: window,
                        authorized: { authorization in bridge.resolve(answer(authorization)) },
                        failed: { error, presented in bridge.resolve(failure(error, presented)) },
                        ended: { bridge.resolve(bridge.unanswered) })
                    let controller = ReportingController(authorizationRequests: requests(), handler: handler)
                    running.controller = controller
                    #if os(tvOS)  // no request options there
                        controller.performRequests()
                    #endif
                    #if !os(tvOS)
                        controller.performRequests(options: options)
                    #endif
                }
            } onCancel: {
                Task { @MainActor in running.controller?.cancel() }
            }
        }
    }

    /// The controller of a run while the system keeps it, for a cancelled task to close its sheet.
    @MainActor
    private final class RunningController {
        weak var controller: ASAuthorizationController?
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
        private let window: ASPresentationAnchor
        private let authorized: @MainActor (ASAuthorization) -> Void
        private let failed: @MainActor (any Error, Bool) -> Void
        private let ended: @Sendable () -> Void
        /// Whether the system asked for the anchor: a sheet was shown.
        private var presented = false

        init(
            window: ASPresentationAnchor,
            authorized: @escaping @MainActor (ASAuthorization) -> Void,
            failed: @escaping @MainActor (any Error, Bool) -> Void,
            ended: @escaping @Sendable () -> Void
        ) {
            self.window = window
            self.authorized = authorized
            self.failed = failed
            self.ended = ended
        }

        deinit {
            ended()
        }

        func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor {
            presented = true
            return window
        }

        func authorizationController(
            controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
        ) {
            authorized(authorization)
        }

        func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {
            failed(error, presented)
        }
    }
#endif
