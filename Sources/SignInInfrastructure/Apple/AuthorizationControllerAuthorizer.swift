#if canImport(AuthenticationServices) && !os(watchOS)
    public import AuthenticationServices
    import Foundation

    /// Presents Apple's Sign in with Apple sheet through `ASAuthorizationController`: the `AppleIDAuthorizer`
    /// of an app. A humble shell: the request comes from ``AppleUIClient``, the answer goes to
    /// ``AuthorizationResultBridge`` (resume exactly once) and then to ``AppleAuthorizationMapper``.
    public final class AuthorizationControllerAuthorizer: AppleIDAuthorizer {
        private let presentationAnchor: @MainActor @Sendable () -> ASPresentationAnchor?

        /// Creates the authorizer.
        /// - Parameter presentationAnchor: The window the sheet is presented over (the key window of the foreground
        ///   scene); `nil` when there is none, which fails the sign-in with a message saying so.
        public init(presentationAnchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor?) {
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
                failure: { error, _ in .failed(AppleIDAuthorizationFailure(error: error)) })
        }
    }
#endif
