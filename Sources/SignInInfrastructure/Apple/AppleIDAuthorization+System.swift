public import Foundation
public import SignInDomain

// The conversions the Apple-only shells make from system values, kept here so that they are tested on
// every platform: Foundation's `PersonNameComponents` and `NSError` exist everywhere.

extension AppleIDAuthorization {
    /// Creates an authorization from the fields of an `ASAuthorizationAppleIDCredential`.
    public init(
        user: String, identityToken: Data?, authorizationCode: Data?, nameComponents: PersonNameComponents?,
        email: String?
    ) {
        let name = nameComponents.map { PersonName(givenName: $0.givenName, familyName: $0.familyName) }
        self.init(
            user: user, identityToken: identityToken, authorizationCode: authorizationCode,
            fullName: name?.formatted == nil ? nil : name, email: email)
    }
}

extension AppleIDAuthorizationFailure {
    /// `ASAuthorizationErrorDomain`: the domain whose codes are `ASAuthorizationError.Code`s.
    public static let authorizationErrorDomain = "com.apple.AuthenticationServices.AuthorizationError"

    /// Maps the error of `authorizationController(controller:didCompleteWithError:)`. An error of
    /// ``authorizationErrorDomain`` is read by its `ASAuthorizationError.Code` (1001 is the user's cancel); an error
    /// of another domain is ``foreign(domain:code:message:)``, whatever its code.
    public init(error: any Error) {
        if error is NoPresentationWindow {
            self = .noWindow
            return
        }
        let error = error as NSError
        if error.domain == Self.authorizationErrorDomain {
            self.init(code: error.code, message: error.localizedDescription)
        } else {
            self = .foreign(domain: error.domain, code: error.code, message: error.localizedDescription)
        }
    }
}

extension AppleCredentialState {
    /// Maps `ASAuthorizationAppleIDProvider.CredentialState` by its raw value: 0 revoked, 1 authorized,
    /// 2 not found, 3 transferred (the app moved to another team: the user identifier changed, so the user signs
    /// in again, as for not found). An unknown value counts as not found.
    public init(appleIDProviderState rawValue: Int) {
        switch rawValue {
        case 0: self = .revoked
        case 1: self = .authorized
        default: self = .notFound
        }
    }
}

extension AppleCredentialState {
    /// The error of `ASAuthorizationAppleIDProvider.credentialState(forUserID:)` as the Domain's: a failure to reach
    /// Apple (`NSURLErrorDomain`) is `AuthError.network(reason:)`, any other names its domain and code
    /// (`AuthError.uiClientFailed(_:reason:)` for Apple). Neither is a revocation: the session is kept.
    public static func checkFailure(_ error: any Error) -> AuthError {
        if let error = error as? AuthError { return error }
        let error = error as NSError
        let said = error.localizedDescription.isEmpty ? "" : ": \(error.localizedDescription)"
        if error.domain == NSURLErrorDomain {
            return .network(
                reason: "Apple's credential state could not be asked (\(error.domain) \(error.code)\(said))")
        }
        let name =
            error.domain == AppleIDAuthorizationFailure.authorizationErrorDomain ? "ASAuthorizationError" : error.domain
        return .uiClientFailed(.apple, reason: "the credential state check failed with \(name) \(error.code)\(said)")
    }
}
