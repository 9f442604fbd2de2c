public import SignInDomain

/// There is no window to show a system sheet over: the app's presentation anchor answered `nil` (no foreground scene
/// has a key window yet). The Apple shells fail with it rather than show the sheet over a window of no scene, which the
/// user never sees.
public struct NoPresentationWindow: Error, Hashable, Sendable {
    /// Creates the error.
    public init() {}

    /// What a sign-in with `provider` fails with.
    public static func error(_ provider: ProviderType) -> AuthError {
        .uiClientFailed(provider, reason: "no window to show the sheet over")
    }
}
