extension AuthError {
    /// Passes an ``AuthError`` through and wraps anything else as ``AuthError/unexpected(reason:)``: for the places where
    /// an error of a platform, a transport or a backend port enters the Domain's typed errors. The Domain's ports
    /// throw ``AuthError`` already, so a use case never needs it.
    public static func normalizing(_ error: any Error) -> AuthError {
        if let authError = error as? AuthError { return authError }
        return .unexpected(reason: String(describing: type(of: error)))
    }
}
