/// Checks the signed-in user's Apple credential state; a revoked or unknown credential signs out with
/// ``SignOutReason/credentialRevoked``, which the auth state stream announces.
public struct CheckAppleCredentialUseCase: Sendable {
    private let checker: any AppleCredentialStateChecker
    private let sessions: SessionManager

    /// Creates the use case.
    public init(checker: any AppleCredentialStateChecker, sessions: SessionManager) {
        self.checker = checker
        self.sessions = sessions
    }

    /// Checks the state.
    /// - Parameter trigger: Why; only ``AppleCredentialCheckTrigger/userAsked`` reports problems as errors.
    /// - Returns: The state (``AppleCredentialState/revoked`` for a revocation notice); after
    ///   ``AppleCredentialState/revoked`` or ``AppleCredentialState/notFound`` the user is signed out with
    ///   ``SignOutReason/credentialRevoked``. `nil` when a launch or foreground check had nothing to check or
    ///   could not reach Apple (the session is kept), or a notice came for a session without Apple.
    /// - Throws: When the user asked: ``AuthError/notSignedIn``, ``AuthError/providerNotLinked(_:)`` when the account
    ///   has no Apple identity, the checker's error. Otherwise only a failure to sign out.
    @discardableResult
    public func callAsFunction(trigger: AppleCredentialCheckTrigger = .userAsked) async throws(AuthError)
        -> AppleCredentialState?
    {
        let quiet = trigger != .userAsked
        let current: UserSession?
        do {
            current = try await sessions.currentSession()
        } catch {
            if quiet { return nil }  // The stored session cannot be read now: nothing to sign out of.
            throw error
        }
        guard let current else {
            if quiet { return nil }
            throw .notSignedIn
        }
        let state: AppleCredentialState
        if trigger == .revocationNotified {
            guard current.providerIds.contains(.apple) else { return nil }
            state = .revoked
        } else {
            guard let appleUserID = current.providerUserIDs[ProviderType.apple.rawValue] else {
                if quiet { return nil }
                throw .providerNotLinked(.apple)
            }
            do {
                state = try await checker.credentialState(forUserID: appleUserID)
            } catch {
                if quiet { return nil }  // Offline at launch is not a revocation.
                throw error
            }
        }
        if state != .authorized {
            // Only the user the check was for: another may have signed in while Apple answered.
            let signedOut = try await sessions.signOut(reason: .credentialRevoked, ifSignedInAs: current.uid)
            if !signedOut && quiet { return nil }
        }
        return state
    }
}
