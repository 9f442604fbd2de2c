public import SignInDomain

extension IdentityBackendCapabilities {
    /// The account services of the ports present: sign-up where the backend has passwords, reset, change, unlinking
    /// (linking) and deletion where it has those ports.
    public func accountServices(clock: any WallClock = SystemWallClock()) -> AccountServices {
        AccountServices(
            signUp: passwords.map { BackendSignUpService(backend: $0, clock: clock) },
            passwordReset: passwordReset.map { BackendPasswordResetService(backend: $0) },
            passwordResetCodes: passwordResetCodes.map { BackendPasswordResetCodeService(backend: $0) },
            passwordChange: passwordChange.map { BackendPasswordChangeService(backend: $0, clock: clock) },
            unlink: linking.map { BackendUnlinkService(backend: $0) },
            accountDeletion: accountDeletion.map { BackendAccountDeletionService(backend: $0) },
            emailVerification: emailVerification.map { BackendEmailVerificationService(backend: $0) },
            profile: profile.map { BackendProfileService(backend: $0, clock: clock) },
            secondFactors: multiFactor.map { BackendSecondFactorService(backend: $0, clock: clock) },
            passkeys: passkeys.map { BackendPasskeyService(backend: $0, clock: clock) })
    }
}
