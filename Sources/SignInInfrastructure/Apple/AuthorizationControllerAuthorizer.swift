#if canImport(AuthenticationServices)
    import AuthenticationServices
    import Foundation

    /// Presents Apple's Sign in with Apple sheet through `ASAuthorizationController`: the `AppleIDAuthorizer`
    /// of an app. A humble shell: the request comes from ``AppleUIClient``, the answer goes to
    /// ``AuthorizationResultBridge`` (resume exactly once) and then to ``AppleAuthorizationMapper``.
    public final class AuthorizationControllerAuthorizer: AppleIDAuthorizer {
        private let presentationAnchor: @MainActor @Sendable () -> ASPresentationAnchor

        /// Creates the authorizer.
        /// - Parameter presentationAnchor: The window the sheet is presented over.
        public init(presentationAnchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor) {
            self.presentationAnchor = presentationAnchor
        }

        public func authorize(_ request: AppleIDRequest) async -> AppleIDAuthorizationResult {
            await AuthorizationControllerRun.result(
                of: AuthorizationResultBridge(), anchor: presentationAnchor,
                requests: {
                    let appleRequest = ASAuthorizationAppleIDProvider().createRequest()
                    appleRequest.requestedScopes = request.scopes.map { $0 == .fullName ? .fullName : .email }
                    appleRequest.nonce = request.nonce
                    return [appleRequest]
                },
                answer: { authorization in
                    guard let credential = authorization.credential as? ASAuthorizationAppleIDCredential else {
                        return .failed(.other(code: 1002, message: "not an Apple ID credential"))
                    }
                    return .authorized(
                        AppleIDAuthorization(
                            user: credential.user, identityToken: credential.identityToken,
                            authorizationCode: credential.authorizationCode, nameComponents: credential.fullName,
                            email: credential.email))
                },
                failure: { error in .failed(AppleIDAuthorizationFailure(error: error)) })
        }
    }

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
