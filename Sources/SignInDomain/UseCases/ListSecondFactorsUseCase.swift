/// The signed-in account's second factors.
public struct ListSecondFactorsUseCase: Sendable {
    private let factors: any SecondFactorService
    private let sessions: SessionManager

    /// Creates the use case.
    public init(factors: any SecondFactorService, sessions: SessionManager) {
        self.factors = factors
        self.sessions = sessions
    }

    /// The factors, oldest first.
    /// - Throws: ``AuthError/notSignedIn``.
    public func callAsFunction() async throws(AuthError) -> [SecondFactor] {
        let factors = self.factors
        return try await sessions.authorized { session throws(AuthError) in
            try await factors.secondFactors(for: session)
        }
        .sorted { $0.enrolledAt < $1.enrolledAt }
    }
}
