public import Foundation
public import SignInDomain

/// What `ASWebAuthenticationSession`'s completion handler reported, read one error at a time. Kept apart from
/// `AuthenticationServices` so that its decisions are tested on every platform; `WebAuthenticationSessionBrowser`
/// calls it.
public enum WebAuthenticationSessionOutcome {
    /// `ASWebAuthenticationSessionErrorDomain`: the domain whose codes mean what this type says (1 the user's cancel,
    /// 2 no presentation context, 3 an invalid one).
    public static let errorDomain = "com.apple.AuthenticationServices.WebAuthenticationSession"

    /// The redirect; `nil` for the user's cancel; or why there is none: no window to show the sheet over (the app's
    /// anchor), an error of the session's domain by its code, an error of another domain with its domain and code, so
    /// that no failure is taken for the user's cancel.
    public static func result(url: URL?, error: (any Error)?, provider: ProviderType) -> Result<URL?, AuthError> {
        if let url { return .success(url) }
        guard let error = error.map({ $0 as NSError }) else {
            return .failure(.uiClientFailed(provider, reason: "the sign-in sheet ended without an answer"))
        }
        guard error.domain == errorDomain else {
            return .failure(
                .uiClientFailed(provider, reason: "\(error.domain) \(error.code): \(error.localizedDescription)"))
        }
        switch error.code {
        case 1:
            return .success(nil)
        case 2, 3:
            return .failure(
                .uiClientFailed(
                    provider, reason: "no window to show the sheet over (ASWebAuthenticationSessionError \(error.code))"
                ))
        default:
            return .failure(.uiClientFailed(provider, reason: "ASWebAuthenticationSessionError \(error.code)"))
        }
    }
}
