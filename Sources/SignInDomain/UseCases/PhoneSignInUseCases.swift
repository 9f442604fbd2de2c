/// Sends a sign-in code by SMS.
public struct SendPhoneCodeUseCase: Sendable {
    private let service: any PhoneSignInService

    /// Creates the use case.
    public init(service: any PhoneSignInService) {
        self.service = service
    }

    /// Sends a code to `phoneNumber`, written in international form; spaces, dashes, dots and brackets are dropped.
    /// - Returns: The verification the code belongs to, with the number in E.164.
    /// - Throws: ``AuthError/invalidPhoneNumber`` (before any call), and what
    ///   ``PhoneSignInService/sendCode(to:)`` throws.
    public func callAsFunction(phoneNumber: String) async throws(AuthError) -> PhoneVerification {
        guard let number = PhoneNumber.normalized(phoneNumber) else { throw .invalidPhoneNumber }
        return try await service.sendCode(to: number)
    }
}

/// Signs in with the code of an SMS.
public struct SignInWithPhoneUseCase: Sendable {
    private let service: any PhoneSignInService
    private let sessions: SessionManager

    /// Creates the use case.
    public init(service: any PhoneSignInService, sessions: SessionManager) {
        self.service = service
        self.sessions = sessions
    }

    /// Signs in with the code typed for `verification`.
    /// - Returns: ``SignInResult/signedIn(_:)`` with the stored session, or ``SignInResult/secondFactorRequired(_:)``.
    /// - Throws: ``AuthError/invalidPhoneCode`` for a code that is not 6 digits (nothing is sent), and what
    ///   ``PhoneSignInService/signIn(_:code:)`` throws.
    public func callAsFunction(_ verification: PhoneVerification, code: Secret) async throws(AuthError)
        -> SignInResult
    {
        let code = try PhoneCode.checked(code)
        let session: UserSession
        do {
            session = try await service.signIn(verification, code: code)
        } catch .secondFactorRequired(let challenge) {
            return .secondFactorRequired(challenge)
        }
        try await sessions.establish(session)
        return .signedIn(session)
    }
}

/// Gives the signed-in account a phone number, proved by the code of an SMS sent to it.
public struct LinkPhoneUseCase: Sendable {
    private let service: any PhoneSignInService
    private let sessions: SessionManager

    /// Creates the use case.
    public init(service: any PhoneSignInService, sessions: SessionManager) {
        self.service = service
        self.sessions = sessions
    }

    /// Links the number of `verification` to the signed-in account.
    /// - Returns: The stored session, with the number; the uid stays.
    /// - Throws: ``AuthError/notSignedIn``, ``AuthError/providerAlreadyLinked(_:)`` when the account has a number
    ///   already (unlink it first), ``AuthError/invalidPhoneCode`` for a code that is not 6 digits (nothing is sent),
    ///   and what ``PhoneSignInService/link(_:code:to:)`` throws, ``AuthError/phoneNumberAlreadyInUse`` among them.
    public func callAsFunction(_ verification: PhoneVerification, code: Secret) async throws(AuthError)
        -> UserSession
    {
        guard let current = try await sessions.currentSession() else { throw .notSignedIn }
        guard !current.providerIds.contains(.phone) else { throw .providerAlreadyLinked(.phone) }
        let code = try PhoneCode.checked(code)
        let linked = try await sessions.authorized { session throws(AuthError) in
            try await service.link(verification, code: code, to: session)
        }
        try await sessions.establish(linked)
        return linked
    }
}

/// The codes an SMS carries: 6 digits.
enum PhoneCode {
    /// The code without the spaces around it.
    /// - Throws: ``AuthError/invalidPhoneCode`` when it is not 6 ASCII digits.
    static func checked(_ code: Secret) throws(AuthError) -> Secret {
        let text = code.value.trimmingWhitespace
        guard text.utf8.count == 6, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw .invalidPhoneCode
        }
        return Secret(text)
    }
}
