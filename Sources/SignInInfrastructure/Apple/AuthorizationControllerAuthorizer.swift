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
            let bridge = AuthorizationResultBridge()
            let anchor = presentationAnchor
            return await bridge.result {
                let appleRequest = ASAuthorizationAppleIDProvider().createRequest()
                appleRequest.requestedScopes = request.scopes.map { $0 == .fullName ? .fullName : .email }
                appleRequest.nonce = request.nonce
                // The controller keeps the handler; the system keeps the controller while the sheet is up. When
                // the controller goes away without calling back, the handler's deinit answers the bridge.
                let controller = ReportingController(
                    authorizationRequests: [appleRequest], handler: Handler(bridge: bridge, anchor: anchor))
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
        private let bridge: AuthorizationResultBridge
        private let anchor: @MainActor @Sendable () -> ASPresentationAnchor

        init(bridge: AuthorizationResultBridge, anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor) {
            self.bridge = bridge
            self.anchor = anchor
        }

        deinit {
            bridge.resolve(AuthorizationResultBridge.endedWithoutAnswer)
        }

        func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor {
            anchor()
        }

        func authorizationController(
            controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
        ) {
            guard let credential = authorization.credential as? ASAuthorizationAppleIDCredential else {
                bridge.resolve(.failed(.other(code: 1002, message: "not an Apple ID credential")))
                return
            }
            bridge.resolve(
                .authorized(
                    AppleIDAuthorization(
                        user: credential.user, identityToken: credential.identityToken,
                        authorizationCode: credential.authorizationCode, nameComponents: credential.fullName,
                        email: credential.email)))
        }

        func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {
            bridge.resolve(.failed(AppleIDAuthorizationFailure(error: error)))
        }
    }
#endif
