import SignInDomain

extension IdentityBackendError {
    /// Runs a call to the backend and turns an ``IdentityBackendError`` it throws into the ``AuthError`` it
    /// means for `provider`: where a backend port's error enters the Domain's typed errors. An `AuthError` passes
    /// through; any other error (a transport's own, say) becomes `AuthError.unexpected(reason:)`.
    /// - Parameters:
    ///   - provider: The provider the call is made for (it names the provider in the mapped error).
    ///   - special: Maps the codes that need the caller's context first (the email in use, say); `nil` falls
    ///     back to ``toDomain(provider:)``.
    ///   - body: The call.
    static func translating<T>(
        for provider: ProviderType, special: (IdentityBackendError) -> AuthError? = { _ in nil },
        _ body: () async throws -> T
    ) async throws(AuthError) -> T {
        do {
            return try await body()
        } catch let error as IdentityBackendError {
            throw special(error) ?? error.toDomain(provider: provider)
        } catch {
            throw AuthError.normalizing(error)
        }
    }
}
