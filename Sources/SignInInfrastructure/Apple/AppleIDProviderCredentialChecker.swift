#if canImport(AuthenticationServices)
    import AuthenticationServices
    public import Foundation
    public import SignInDomain

    /// Asks Apple for a user's credential state (`ASAuthorizationAppleIDProvider`), for
    /// `CheckAppleCredentialUseCase`. The mappings are ``SignInDomain/AppleCredentialState/init(appleIDProviderState:)``
    /// and `AppleCredentialState.checkFailure(_:)`.
    public struct AppleIDProviderCredentialChecker: AppleCredentialStateChecker {
        /// Creates the checker.
        public init() {}

        /// Apple's answer; an error of Apple's enters the Domain's typed errors here.
        public func credentialState(forUserID userID: String) async throws(AuthError) -> AppleCredentialState {
            do {
                let state = try await ASAuthorizationAppleIDProvider().credentialState(forUserID: userID)
                return AppleCredentialState(appleIDProviderState: state.rawValue)
            } catch {
                throw AppleCredentialState.checkFailure(error)
            }
        }
    }

    /// Apple's notice that the user stopped using Sign in with Apple with this app while it runs.
    public enum AppleCredentialRevocations {
        /// One element per `ASAuthorizationAppleIDProvider.credentialRevokedNotification`; feed each to
        /// `SignInViewModel.dispatch(.checkAppleCredential(.revocationNotified))`.
        public static func notifications(center: NotificationCenter = .default) -> AsyncStream<Void> {
            AsyncStream { continuation in
                let observer = center.addObserver(
                    forName: ASAuthorizationAppleIDProvider.credentialRevokedNotification, object: nil, queue: nil
                ) { _ in continuation.yield() }
                let token = ObserverToken(observer: observer, center: center)
                continuation.onTermination = { _ in token.remove() }
            }
        }
    }

    private struct ObserverToken: @unchecked Sendable {
        // @unchecked Sendable: NotificationCenter's observer token is an opaque object that is only handed back to
        // `removeObserver(_:)`, which is thread-safe.
        let observer: any NSObjectProtocol
        let center: NotificationCenter
        func remove() { center.removeObserver(observer) }
    }
#endif
