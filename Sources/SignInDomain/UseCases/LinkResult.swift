/// How a link ended when it did not fail.
public enum LinkResult: Hashable, Sendable {
    /// Linked: the same uid, one more provider.
    case linked(UserSession)
    /// The user cancelled the provider's UI. Nothing changed.
    case cancelled
}
