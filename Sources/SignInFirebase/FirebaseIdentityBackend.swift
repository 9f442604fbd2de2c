import Foundation
public import SignInData
public import SignInDomain

/// The `IdentityBackend` port over Firebase Authentication's REST API (Identity Toolkit v1 and the
/// Secure Token API), with no Firebase SDK: it runs wherever `HTTPTransport` does, Linux servers and
/// command-line tools included.
///
/// Every call that signs in is followed by `accounts:lookup` with the new ID token, as the Firebase SDKs do,
/// because only the lookup lists the account's providers. Refusals arrive as `IdentityBackendError`
/// with Firebase's own code (`EMAIL_EXISTS`, `CREDENTIAL_TOO_OLD_LOGIN_AGAIN`, …), which
/// `IdentityBackendError/toDomain(provider:)` maps; an answer that never arrived is
/// `AuthError/network(reason:)`; a cancelled task is `CancellationError`.
///
/// Sign-out is local only: Firebase has no call that revokes one refresh token (the Admin SDK can revoke all of a
/// user's tokens; a client cannot), so ``revokeRefreshToken(_:)`` does nothing and the app forgets the session.
public struct FirebaseIdentityBackend: SessionBackend, PasswordBackend, PasswordResetBackend, PasswordResetCodeBackend,
    PasswordChangeBackend,
    GuestBackend, IdentityProviderBackend, LinkingBackend, AccountDeletionBackend, CustomTokenBackend,
    EmailVerificationBackend, ProfileBackend, EmailLinkBackend, PhoneBackend
{
    /// Where and how Firebase is reached.
    public let configuration: FirebaseConfiguration
    private let transport: any HTTPTransport

    /// Creates the backend.
    /// - Parameters:
    ///   - configuration: The API key, tenant, emulator host and timeout.
    ///   - transport: Sends the requests (`URLSessionTransport` in an app).
    public init(
        configuration: FirebaseConfiguration, transport: any HTTPTransport
    ) {
        self.configuration = configuration
        self.transport = transport
    }

    var tenant: String? { configuration.tenantID }

    // MARK: - Guests and email/password

    public func signUpAnonymously() async throws -> BackendSessionResponse {
        let answer = try await signIn("accounts:signUp", FirebaseWire.SignUpRequest(tenantId: tenant), secrets: [])
        return try await session(from: answer, isNewUser: true, provider: ProviderType.anonymous.rawValue)
    }

    public func signUp(email: String, password: Secret) async throws -> BackendSessionResponse {
        let answer = try await signIn(
            "accounts:signUp", FirebaseWire.SignUpRequest(email: email, password: password.value, tenantId: tenant),
            secrets: [password.value])
        return try await session(from: answer, isNewUser: true, provider: ProviderType.emailPassword.rawValue)
    }

    public func signInWithPassword(email: String, password: Secret) async throws -> BackendSessionResponse {
        let answer = try await signIn(
            "accounts:signInWithPassword",
            FirebaseWire.PasswordSignInRequest(email: email, password: password.value, tenantId: tenant),
            secrets: [password.value])
        return try await session(from: answer, isNewUser: false, provider: ProviderType.emailPassword.rawValue)
    }

    /// Signs in with a custom token the team's own server minted (`accounts:signInWithCustomToken`). Firebase's
    /// answer says whether the account is new; the account comes from `accounts:lookup`, as after every sign-in.
    public func signInWithCustomToken(_ token: Secret) async throws -> BackendSessionResponse {
        let answer = try await signIn(
            "accounts:signInWithCustomToken",
            FirebaseWire.CustomTokenSignInRequest(token: token.value, tenantId: tenant), secrets: [token.value])
        return try await session(
            from: answer, isNewUser: answer.isNewUser ?? false, provider: ProviderType.customToken.rawValue)
    }

    /// Links email and password with `accounts:signUp` and the user's ID token: the call that works whether or not
    /// the project has email enumeration protection on.
    public func linkWithPassword(idToken: Secret, email: String, password: Secret) async throws
        -> BackendSessionResponse
    {
        let answer = try await signIn(
            "accounts:signUp",
            FirebaseWire.SignUpRequest(
                email: email, password: password.value, idToken: idToken.value, tenantId: tenant),
            secrets: [password.value, idToken.value])
        return try await session(from: answer, isNewUser: false, provider: nil)
    }

    // MARK: - Identity providers

    public func signInWithIdP(_ request: IdPSignInRequest) async throws -> BackendSessionResponse {
        let answer = try await signIn(
            "accounts:signInWithIdp", idpBody(request, idToken: nil), secrets: Self.secrets(of: request))
        return try await session(from: answer, isNewUser: answer.isNewUser ?? false, provider: request.providerId)
    }

    public func linkWithIdP(idToken: Secret, _ request: IdPSignInRequest) async throws -> BackendSessionResponse {
        let answer = try await signIn(
            "accounts:signInWithIdp", idpBody(request, idToken: idToken),
            secrets: Self.secrets(of: request) + [idToken.value])
        return try await session(from: answer, isNewUser: false, provider: nil)
    }

    /// Signs in again with the same sign-in call, refusing to create an account (`autoCreate: false`), and checks
    /// that the account is the session's own, as the Firebase SDKs do.
    /// - Throws: `USER_MISMATCH` when the credential signs in to another account or to none.
    public func reauthenticate(idToken: Secret, email: String, password: Secret) async throws
        -> BackendSessionResponse
    {
        try await reauthenticate(idToken: idToken, with: .password(email: email, password: password))
    }

    /// Signs in again with Firebase's `accounts:signInWithIdp`, refusing to create an account, and checks that the
    /// account is the session's own.
    /// - Throws: `USER_MISMATCH` when the token signs in to another account or to none.
    public func reauthenticate(idToken: Secret, with request: IdPSignInRequest) async throws -> BackendSessionResponse {
        try await reauthenticate(idToken: idToken, with: .identityProvider(request))
    }

    /// Every port: Firebase offers them all.
    public var capabilities: IdentityBackendCapabilities { IdentityBackendCapabilities(all: self) }

    private func reauthenticate(idToken: Secret, with request: ReauthenticationRequest) async throws
        -> BackendSessionResponse
    {
        guard let uid = IDTokenPayload.read(idToken.value)?.uid else {
            throw IdentityBackendError(.invalidIDToken, message: "the session's ID token has no uid")
        }
        let renewed: BackendSessionResponse
        do {
            switch request {
            case .password(let email, let password):
                renewed = try await signInWithPassword(email: email, password: password)
            case .identityProvider(var idpRequest):
                idpRequest.autoCreate = false
                renewed = try await signInWithIdP(idpRequest)
            }
        } catch let error as IdentityBackendError where error.code == .userNotFound {
            throw IdentityBackendError(.userMismatch, message: "no account has this credential")
        }
        guard renewed.localId == uid else {
            throw IdentityBackendError(.userMismatch, message: "the credential is another account's")
        }
        return renewed
    }

    /// The body of `accounts:signInWithIdp`: the credential goes in `postBody`, form-encoded, with the raw nonce
    /// and, on Apple's first sign-in, the user's name (`user={"name":{…}}`), which Firebase keeps.
    func idpBody(_ request: IdPSignInRequest, idToken: Secret?) -> FirebaseWire.IdPSignInRequest {
        var pairs = [("providerId", request.providerId)]
        if !request.idToken.value.isEmpty { pairs.append(("id_token", request.idToken.value)) }
        if let accessToken = request.accessToken { pairs.append(("access_token", accessToken.value)) }
        if let rawNonce = request.rawNonce { pairs.append(("nonce", rawNonce.value)) }
        if request.fullName?.formatted != nil || request.email != nil {
            let name = FirebaseWire.AppleUser.Name(
                firstName: request.fullName?.givenName, lastName: request.fullName?.familyName)
            if let json = try? Self.encoder.encode(FirebaseWire.AppleUser(name: name, email: request.email)) {
                pairs.append(("user", String(decoding: json, as: UTF8.self)))
            }
        }
        return FirebaseWire.IdPSignInRequest(
            requestUri: configuration.requestURI, postBody: FormURLEncoding.encode(pairs), idToken: idToken?.value,
            autoCreate: request.autoCreate ? nil : false, tenantId: tenant, pendingToken: request.pendingToken?.value)
    }

    private static func secrets(of request: IdPSignInRequest) -> [String] {
        [request.idToken.value, request.accessToken?.value, request.rawNonce?.value, request.pendingToken?.value]
            .compactMap { $0 }
    }

    // MARK: - Sessions

    /// Firebase renews sessions at the Secure Token API.
    public var canRefreshSessions: Bool { true }

    public func refreshSession(refreshToken: Secret) async throws -> BackendSessionResponse {
        let body = FormURLEncoding.encode([("grant_type", "refresh_token"), ("refresh_token", refreshToken.value)])
        let data: Data
        do {
            data = try await post(
                .secureToken, "token", body: Data(body.utf8), contentType: "application/x-www-form-urlencoded",
                secrets: [refreshToken.value])
        } catch let error as IdentityBackendError where error.code == .tokenExpired || error.code == .invalidIDToken {
            // The Secure Token API says TOKEN_EXPIRED when the user's tokens were revoked (a password change): the
            // refresh token is what is no longer valid.
            throw IdentityBackendError(.invalidRefreshToken, message: error.message)
        }
        let answer = try Self.decode(FirebaseWire.RefreshAnswer.self, data, method: "token")
        return try await session(
            idToken: answer.idToken, refreshToken: answer.refreshToken, expiresIn: answer.expiresIn.value,
            isNewUser: false, provider: nil)
    }

    /// Does nothing at Firebase, which has no call that revokes one refresh token: signing out forgets the session
    /// on this device, and the token stays valid until the user's tokens are revoked (a password change, an
    /// administrator) or the account is deleted.
    public func revokeRefreshToken(_ refreshToken: Secret) async throws {}

    // MARK: - The account

    public func unlink(idToken: Secret, providerId: String) async throws -> BackendAccountInfo {
        let data = try await post(
            .identityToolkit, "accounts:update",
            json: FirebaseWire.UpdateRequest(
                idToken: idToken.value, deleteProvider: [providerId], returnSecureToken: false, tenantId: tenant),
            secrets: [idToken.value])
        let answer = try Self.decode(FirebaseWire.SignInAnswer.self, data, method: "accounts:update")
        guard let localId = answer.localId else { throw Self.malformed("accounts:update") }
        return Self.account(
            localId: localId, email: answer.email, displayName: answer.displayName, photoURL: answer.photoUrl,
            providers: answer.providerUserInfo ?? [])
    }

    public func changePassword(idToken: Secret, newPassword: Secret) async throws -> BackendSessionResponse {
        let answer = try await signIn(
            "accounts:update",
            FirebaseWire.UpdateRequest(idToken: idToken.value, password: newPassword.value, tenantId: tenant),
            secrets: [idToken.value, newPassword.value])
        return try await session(from: answer, isNewUser: false, provider: nil)
    }

    /// Changes the display name and the photo URL (an empty one is removed: `deleteAttribute: ["DISPLAY_NAME"]`,
    /// `["PHOTO_URL"]`) and the email (`accounts:update` with the user's ID token), and reads the new session.
    public func updateProfile(idToken: Secret, displayName: String?, email: String?, photoURL: String? = nil)
        async throws -> BackendSessionResponse
    {
        let removesName = displayName?.isEmpty == true
        let removesPhoto = photoURL?.isEmpty == true
        let deleted = (removesName ? ["DISPLAY_NAME"] : []) + (removesPhoto ? ["PHOTO_URL"] : [])
        let answer = try await signIn(
            "accounts:update",
            FirebaseWire.UpdateRequest(
                idToken: idToken.value, email: email, displayName: removesName ? nil : displayName,
                photoUrl: removesPhoto ? nil : photoURL, deleteAttribute: deleted.isEmpty ? nil : deleted,
                tenantId: tenant),
            secrets: [idToken.value])
        return try await session(from: answer, isNewUser: false, provider: nil)
    }

    /// Deletes the account. With a revocation, `accounts:revokeToken` (Identity Toolkit v2, token type `CODE`) runs
    /// first; when it fails, `accounts:delete` is not sent. A refused session (an expired ID token, a sign-in that
    /// is not recent) keeps its own code; any other refusal is `IdentityBackendError/Code/idpRevocationFailed`
    /// with Firebase's code in the message. (If the deletion itself then fails, the provider's tokens are revoked
    /// and the account stays: the user signs in with Apple again as at the first time, and can retry.)
    public func deleteAccount(idToken: Secret, revoking revocation: ProviderRevocation?) async throws {
        if let revocation {
            let request = FirebaseWire.RevokeTokenRequest(
                idToken: idToken.value, providerId: revocation.provider.rawValue, tokenType: "CODE",
                token: revocation.authorizationCode.value, tenantId: tenant)
            do {
                _ = try await post(
                    .identityToolkitV2, "accounts:revokeToken", json: request,
                    secrets: [idToken.value, revocation.authorizationCode.value])
            } catch let error as IdentityBackendError where !Self.sessionCodes.contains(error.code) {
                throw IdentityBackendError(.idpRevocationFailed, message: error.description)
            }
        }
        _ = try await post(
            .identityToolkit, "accounts:delete",
            json: FirebaseWire.IDTokenRequest(idToken: idToken.value, tenantId: tenant),
            secrets: [idToken.value])
    }

    /// The refusals of a session rather than of a revocation.
    private static let sessionCodes: Set<IdentityBackendError.Code> = [
        .invalidIDToken, .tokenExpired, .userNotFound, .userDisabled, .credentialTooOld,
    ]

    /// Asks Firebase to mail a password-reset link. A project with email enumeration protection (every project made
    /// since September 2023) answers an email with no account as any other; one without it answers
    /// `EMAIL_NOT_FOUND`, which is passed on: whether to tell is the project's setting, not the app's.
    public func sendPasswordResetEmail(email: String) async throws {
        _ = try await post(
            .identityToolkit, "accounts:sendOobCode",
            json: FirebaseWire.OOBCodeRequest(email: email, tenantId: tenant), secrets: [])
    }

    /// Mails a sign-in link (`accounts:sendOobCode` with `EMAIL_SIGNIN`), continuing at the configuration's
    /// `signInLinkURL`.
    public func sendSignInLink(email: String) async throws {
        _ = try await post(
            .identityToolkit, "accounts:sendOobCode",
            json: FirebaseWire.SignInLinkRequest(
                email: email, continueUrl: configuration.signInLinkURL, tenantId: tenant),
            secrets: [])
    }

    /// Signs in with a sign-in link's code (`accounts:signInWithEmailLink`); the account is made at the first use.
    public func signInWithEmailLink(email: String, code: Secret) async throws -> BackendSessionResponse {
        let answer = try await signIn(
            "accounts:signInWithEmailLink",
            FirebaseWire.EmailLinkSignInRequest(email: email, oobCode: code.value, tenantId: tenant),
            secrets: [code.value])
        return try await session(
            from: answer, isNewUser: answer.isNewUser ?? false, provider: ProviderType.emailPassword.rawValue)
    }

    /// Sends a code by SMS (`accounts:sendVerificationCode`) with the app's proof: Firebase refuses a request
    /// without one (`MISSING_APP_CREDENTIAL`); its Auth emulator and `signin-demo serve` take none.
    public func sendPhoneCode(phoneNumber: String, appProof: PhoneAppProof) async throws -> Secret {
        var request = FirebaseWire.SendVerificationCodeRequest(phoneNumber: phoneNumber, tenantId: tenant)
        var secrets: [String] = []
        switch appProof {
        case .none: break
        case .recaptcha(let token):
            request.recaptchaToken = token.value
            secrets.append(token.value)
        case .apns(let receipt, let secret):
            request.iosReceipt = receipt
            request.iosSecret = secret.value
            secrets.append(secret.value)
        }
        let data = try await post(.identityToolkit, "accounts:sendVerificationCode", json: request, secrets: secrets)
        let answer = try Self.decode(
            FirebaseWire.SendVerificationCodeAnswer.self, data, method: "accounts:sendVerificationCode")
        return Secret(answer.sessionInfo)
    }

    /// Signs in with an SMS code (`accounts:signInWithPhoneNumber`); with `idToken`, gives that account the number.
    /// A link to a number another account has answers that number's temporary proof instead of tokens: it is
    /// `PHONE_NUMBER_EXISTS`, with the proof as the error's `pendingToken`.
    public func signInWithPhoneCode(sessionInfo: Secret, code: Secret, idToken: Secret?) async throws
        -> BackendSessionResponse
    {
        var secrets = [sessionInfo.value, code.value]
        if let idToken { secrets.append(idToken.value) }
        let answer = try await signIn(
            "accounts:signInWithPhoneNumber",
            FirebaseWire.PhoneSignInRequest(
                sessionInfo: sessionInfo.value, code: code.value, idToken: idToken?.value, tenantId: tenant),
            secrets: secrets)
        if answer.idToken == nil, let proof = answer.temporaryProof {
            var error = IdentityBackendError(
                .phoneNumberExists, message: "another account signs in with this phone number")
            error.pendingToken = Secret(proof)
            error.phoneNumber = answer.phoneNumber
            throw error
        }
        return try await session(
            from: answer, isNewUser: answer.isNewUser ?? false, provider: ProviderType.phone.rawValue)
    }

    public func confirmPasswordReset(code: Secret, newPassword: Secret) async throws {
        _ = try await post(
            .identityToolkit, "accounts:resetPassword",
            json: FirebaseWire.ResetPasswordRequest(
                oobCode: code.value, newPassword: newPassword.value, tenantId: tenant),
            secrets: [code.value, newPassword.value])
    }

    /// Checks a reset code without using it (`accounts:resetPassword` with the `oobCode` alone, which Firebase's SDKs
    /// call `verifyPasswordResetCode`).
    public func checkPasswordResetCode(_ code: Secret) async throws -> String {
        let data = try await post(
            .identityToolkit, "accounts:resetPassword",
            json: FirebaseWire.CodeRequest(oobCode: code.value, tenantId: tenant), secrets: [code.value])
        let answer = try Self.decode(FirebaseWire.ResetCodeAnswer.self, data, method: "accounts:resetPassword")
        guard let email = answer.email, answer.requestType == nil || answer.requestType == "PASSWORD_RESET" else {
            throw Self.malformed("accounts:resetPassword checked a code that is not a password reset's")
        }
        return email
    }

    /// Mails a verification link to the email of the account of `idToken` (`accounts:sendOobCode`, `VERIFY_EMAIL`).
    public func sendEmailVerification(idToken: Secret) async throws {
        _ = try await post(
            .identityToolkit, "accounts:sendOobCode",
            json: FirebaseWire.VerifyEmailRequest(idToken: idToken.value, tenantId: tenant), secrets: [idToken.value])
    }

    /// Applies a mailed verification code (`accounts:update` with `oobCode`).
    public func applyEmailVerification(code: Secret) async throws -> String {
        let data = try await post(
            .identityToolkit, "accounts:update",
            json: FirebaseWire.CodeRequest(oobCode: code.value, tenantId: tenant), secrets: [code.value])
        let answer = try Self.decode(FirebaseWire.ApplyCodeAnswer.self, data, method: "accounts:update")
        guard let email = answer.email, answer.emailVerified == true else {
            throw Self.malformed("accounts:update applied a code without verifying an email")
        }
        return email
    }

    /// The account of `idToken` (`accounts:lookup`).
    public func lookup(idToken: Secret) async throws -> BackendAccountInfo {
        let user = try await lookupUser(idToken: idToken)
        return Self.account(
            localId: user.localId, email: user.email, displayName: user.displayName, photoURL: user.photoUrl,
            providers: user.providerUserInfo ?? [])
    }

    /// `accounts:lookup`'s account of `idToken`.
    func lookupUser(idToken: Secret) async throws -> FirebaseWire.User {
        let data = try await post(
            .identityToolkit, "accounts:lookup",
            json: FirebaseWire.IDTokenRequest(idToken: idToken.value, tenantId: tenant), secrets: [idToken.value])
        let answer = try Self.decode(FirebaseWire.LookupAnswer.self, data, method: "accounts:lookup")
        guard let user = answer.users?.first else {
            throw IdentityBackendError(.userNotFound, message: "accounts:lookup found no account")
        }
        return user
    }

    // MARK: - Answers

    /// Sends a call that signs in and reads its answer, treating the two failures Firebase sends with HTTP 200
    /// (`errorMessage`, and `needConfirmation` with no tokens) as the failures they are.
    func signIn(_ method: String, _ body: some Encodable, secrets: [String]) async throws
        -> FirebaseWire.SignInAnswer
    {
        let data = try await post(.identityToolkit, method, json: body, secrets: secrets)
        let answer = try Self.decode(FirebaseWire.SignInAnswer.self, data, method: method)
        if let message = answer.errorMessage {
            var error = Self.error(fromMessage: message, email: answer.email, secrets: secrets)
            // What Firebase's own SDKs recover with: the credential it returns, not the one sent.
            error.returnedIDToken = answer.oauthIdToken.map { Secret($0) }
            error.pendingToken = answer.pendingToken.map { Secret($0) }
            throw error
        }
        if answer.needConfirmation == true {
            throw IdentityBackendError(
                .needConfirmation, message: "the email has an account with another sign-in method", email: answer.email)
        }
        if let pending = answer.mfaPendingCredential {
            throw IdentityBackendError.secondFactorRequired(
                BackendSecondFactorChallenge(
                    pendingCredential: Secret(pending), factors: Self.secondFactors(answer.mfaInfo ?? []),
                    email: answer.email))
        }
        return answer
    }

    func session(from answer: FirebaseWire.SignInAnswer, isNewUser: Bool, provider: String?) async throws
        -> BackendSessionResponse
    {
        guard let idToken = answer.idToken, let refreshToken = answer.refreshToken, let expiresIn = answer.expiresIn
        else { throw Self.malformed("a sign-in answer without tokens") }
        return try await session(
            idToken: idToken, refreshToken: refreshToken, expiresIn: expiresIn.value, isNewUser: isNewUser,
            provider: provider)
    }

    /// The session of new tokens: the account from `accounts:lookup`, the sign-in provider from the ID token.
    fileprivate func session(idToken: String, refreshToken: String, expiresIn: Int, isNewUser: Bool, provider: String?)
        async throws -> BackendSessionResponse
    {
        let account = try await lookup(idToken: Secret(idToken))
        return BackendSessionResponse(
            localId: account.localId, email: account.email, displayName: account.displayName,
            idToken: Secret(idToken), refreshToken: Secret(refreshToken), expiresIn: expiresIn, isNewUser: isNewUser,
            providerIds: account.providerIds, isAnonymous: account.isAnonymous,
            providerUserIds: account.providerUserIds,
            signInProvider: IDTokenPayload.read(idToken)?.signInProvider ?? provider, photoURL: account.photoURL)
    }

    /// An account from Firebase's fields. A guest is an account with no provider and no email.
    static func account(
        localId: String, email: String?, displayName: String?, photoURL: String? = nil,
        providers: [FirebaseWire.ProviderUserInfo]
    ) -> BackendAccountInfo {
        let email = email.flatMap { $0.isEmpty ? nil : $0 }
        return BackendAccountInfo(
            localId: localId, email: email, displayName: displayName.flatMap { $0.isEmpty ? nil : $0 },
            providerIds: providers.map(\.providerId),
            providerUserIds: Dictionary(
                providers.map { ($0.providerId, $0.rawId ?? $0.federatedId ?? "") },
                uniquingKeysWith: { first, _ in first }),
            isAnonymous: providers.isEmpty && email == nil, photoURL: photoURL.flatMap { $0.isEmpty ? nil : $0 })
    }

    // MARK: - HTTP

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    func post(_ host: FirebaseHost, _ method: String, json body: some Encodable, secrets: [String])
        async throws -> Data
    {
        let data: Data
        do {
            data = try Self.encoder.encode(body)
        } catch {
            throw AuthError.unexpected(reason: "the \(method) request could not be encoded")
        }
        return try await post(host, method, body: data, contentType: "application/json", secrets: secrets)
    }

    /// Sends one request and returns the body of a `2xx` answer.
    /// - Throws: ``SignInData/IdentityBackendError`` for an error answer, ``SignInDomain/AuthError/network(reason:)``
    ///   when none arrived, `CancellationError` when the task was cancelled. No error carries the API key or any
    ///   of `secrets`.
    private func post(_ host: FirebaseHost, _ method: String, body: Data, contentType: String, secrets: [String])
        async throws -> Data
    {
        guard let url = configuration.url(host: host, method: method) else {
            throw AuthError.network(reason: "\(FirebaseConfiguration.emulatorHostVariable) is not host:port")
        }
        try Task.checkCancellation()
        let request = HTTPRequest(
            method: "POST", url: url, headers: ["Content-Type": contentType], body: body,
            timeout: configuration.timeout)
        let response: HTTPResponse
        do {
            response = try await transport.send(request, within: configuration.timeout)
        } catch {
            if Task.isCancelled || error is CancellationError { throw CancellationError() }
            if let error = error as? AuthError { throw error }
            throw AuthError.network(reason: Self.networkReason(error, method: method))
        }
        guard (200..<300).contains(response.status) else {
            let error = Self.error(from: response, secrets: secrets + [configuration.apiKey.value])
            throw error
        }
        return response.body
    }

    /// Why no answer arrived, without the URL (whose query holds the API key).
    static func networkReason(_ error: any Error, method: String) -> String {
        let nsError = error as NSError
        return "\(method): no answer (\(nsError.domain) \(nsError.code))"
    }

    static func decode<T: Decodable>(_ type: T.Type, _ data: Data, method: String) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw malformed(method)
        }
    }

    static func malformed(_ what: String) -> IdentityBackendError {
        IdentityBackendError(
            IdentityBackendError.Code(rawValue: "INVALID_RESPONSE"), message: "unreadable answer to \(what)")
    }

    /// The error an error answer carries: Firebase's code from `error.message` (`CODE` or `CODE : detail`), or for
    /// Google's generic errors the reason in `error.details` (`API_KEY_INVALID`) or `error.status`; `HTTP_<status>`
    /// when the body is not Firebase's envelope at all.
    static func error(from response: HTTPResponse, secrets: [String]) -> IdentityBackendError {
        guard let envelope = try? JSONDecoder().decode(GoogleErrorEnvelope.self, from: response.body),
            let message = envelope.error.message
        else {
            return IdentityBackendError(
                IdentityBackendError.Code(rawValue: "HTTP_\(response.status)"),
                message: "the server answered \(response.status) without a Firebase error")
        }
        let error = Self.error(fromMessage: message, secrets: secrets)
        if error.code.rawValue != unknownCode { return error }
        let reason = envelope.error.details?.lazy.compactMap(\.reason).first ?? envelope.error.status
        return IdentityBackendError(
            IdentityBackendError.Code(rawValue: reason.flatMap { isCode($0) ? $0 : nil } ?? "HTTP_\(response.status)"),
            message: error.message)
    }

    private static let unknownCode = "UNKNOWN"

    /// Splits `CODE : detail`. A message that is not a code (a sentence) gives the code `UNKNOWN` and keeps the
    /// text as the detail. The detail is cut to 300 characters and has every one of `secrets` blanked out: some
    /// servers quote the token they refused.
    static func error(fromMessage message: String, email: String? = nil, secrets: [String]) -> IdentityBackendError {
        let parts = message.components(separatedBy: " : ")
        let head = parts[0].trimmingCharacters(in: .whitespaces)
        let isCode = isCode(head)
        var detail = isCode ? parts.dropFirst().joined(separator: " : ") : message
        for secret in secrets where secret.count >= 4 {
            detail = detail.replacingOccurrences(of: secret, with: Secret.redactedText)
        }
        var error = IdentityBackendError(
            IdentityBackendError.Code(rawValue: isCode ? head : unknownCode), message: String(detail.prefix(300)),
            email: email)
        // A refused passkey names its reason first (`INVALID_PASSKEY : clonedAuthenticator: …`), as `serve` writes
        // it: read here, at the wire, into the error's typed field.
        if error.code == .invalidPasskey {
            let word = detail.prefix { $0.isLetter }
            if let rejection = PasskeyRejection(rawValue: String(word)) {
                error.passkeyRejection = rejection
                error.message = String(detail.dropFirst(word.count).drop { $0 == ":" || $0 == " " }.prefix(300))
            }
        }
        return error
    }

    private static func isCode(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 64
            && text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// Google's error envelope with the parts a generic error needs.
    private struct GoogleErrorEnvelope: Decodable {
        struct Body: Decodable {
            struct Detail: Decodable { var reason: String? }
            var message: String?
            var status: String?
            var details: [Detail]?
        }
        var error: Body
    }
}

// MARK: - Second factors

/// Identity Platform's multi-factor endpoints (v2) for TOTP. A sign-in of an account with second factors answers
/// `mfaPendingCredential` and `mfaInfo` instead of tokens: ``signInWithPassword(email:password:)`` and the other
/// sign-ins throw ``SignInData/IdentityBackendError/Code/secondFactorRequired`` with them. Only TOTP factors are
/// offered; SMS factors are left out of the lists.
extension FirebaseIdentityBackend: MultiFactorBackend {
    public func startTOTPEnrollment(idToken: Secret) async throws -> BackendTOTPEnrollment {
        let method = "accounts/mfaEnrollment:start"
        let data = try await post(
            .identityToolkitV2, method,
            json: FirebaseWire.StartTOTPEnrollmentRequest(idToken: idToken.value, tenantId: tenant),
            secrets: [idToken.value])
        let info = try Self.decode(FirebaseWire.StartTOTPEnrollmentAnswer.self, data, method: method).totpSessionInfo
        let algorithm = info.hashingAlgorithm.map(Self.domainAlgorithm) ?? "SHA1"
        let deadline = info.finalizeEnrollmentTime.flatMap { try? Date($0, strategy: .iso8601) }
        return BackendTOTPEnrollment(
            sharedSecretKey: Secret(info.sharedSecretKey),
            verificationCodeLength: info.verificationCodeLength?.value ?? 6,
            hashingAlgorithm: algorithm, periodSec: info.periodSec?.value ?? 30, sessionInfo: Secret(info.sessionInfo),
            finalizeEnrollmentTime: deadline ?? Date().addingTimeInterval(600))
    }

    /// Firebase has no recovery codes: the result never carries any.
    public func finalizeTOTPEnrollment(idToken: Secret, sessionInfo: Secret, code: Secret, displayName: String?)
        async throws -> BackendTOTPEnrollmentResult
    {
        let request = FirebaseWire.FinalizeTOTPEnrollmentRequest(
            idToken: idToken.value, displayName: displayName,
            totpVerificationInfo: .init(sessionInfo: sessionInfo.value, verificationCode: code.value),
            tenantId: tenant)
        return BackendTOTPEnrollmentResult(
            session: try await tokens(
                "accounts/mfaEnrollment:finalize", request, secrets: [idToken.value, sessionInfo.value, code.value],
                provider: nil))
    }

    public func secondFactors(idToken: Secret) async throws -> [BackendSecondFactor] {
        Self.secondFactors(try await lookupUser(idToken: idToken).mfaInfo ?? [])
    }

    public func withdrawSecondFactor(idToken: Secret, enrollmentID: String) async throws -> BackendSessionResponse {
        try await tokens(
            "accounts/mfaEnrollment:withdraw",
            FirebaseWire.WithdrawRequest(idToken: idToken.value, mfaEnrollmentId: enrollmentID, tenantId: tenant),
            secrets: [idToken.value], provider: nil)
    }

    public func finalizeSecondFactorSignIn(pendingCredential: Secret, enrollmentID: String, code: Secret)
        async throws -> BackendSessionResponse
    {
        let request = FirebaseWire.FinalizeSignInRequest(
            mfaPendingCredential: pendingCredential.value, mfaEnrollmentId: enrollmentID,
            totpVerificationInfo: .init(sessionInfo: nil, verificationCode: code.value), tenantId: tenant)
        return try await tokens(
            "accounts/mfaSignIn:finalize", request, secrets: [pendingCredential.value, code.value], provider: nil)
    }

    /// Firebase has no recovery codes: refused before any call, as not supported.
    public func finalizeSecondFactorSignIn(pendingCredential: Secret, recoveryCode: Secret)
        async throws -> BackendRecoveryCodeSignIn
    {
        throw Self.noRecoveryCodes
    }

    /// Firebase has no recovery codes: refused before any call, as not supported.
    public func newRecoveryCodes(idToken: Secret) async throws -> [Secret] { throw Self.noRecoveryCodes }

    private static var noRecoveryCodes: IdentityBackendError {
        IdentityBackendError(.notSupportedByBackend, message: "Firebase Authentication has no recovery codes")
    }

    /// A finalizing call's new tokens, as a session (the account from `accounts:lookup`). Firebase's answer has no
    /// `expiresIn`: the ID token's own `exp` − `iat` says how long it lives (an hour, at Firebase).
    func tokens(_ method: String, _ body: some Encodable, secrets: [String], provider: String?)
        async throws -> BackendSessionResponse
    {
        let data = try await post(.identityToolkitV2, method, json: body, secrets: secrets)
        let answer = try Self.decode(FirebaseWire.TokensAnswer.self, data, method: method)
        return try await session(
            idToken: answer.idToken, refreshToken: answer.refreshToken,
            expiresIn: IDTokenPayload.read(answer.idToken)?.lifetime ?? 3600,
            isNewUser: false, provider: provider)
    }

    /// The factors of an `mfaInfo` list: TOTP ones, and phone ones with their number (`phoneInfo`, masked before the
    /// second step of a sign-in).
    static func secondFactors(_ enrollments: [FirebaseWire.MFAEnrollment]) -> [BackendSecondFactor] {
        enrollments.map { enrollment in
            BackendSecondFactor(
                mfaEnrollmentId: enrollment.mfaEnrollmentId, displayName: enrollment.displayName,
                enrolledAt: enrollment.enrolledAt.flatMap { try? Date($0, strategy: .iso8601) }
                    ?? Date(timeIntervalSince1970: 0), phoneNumber: enrollment.phoneInfo)
        }
    }

    /// The algorithm as an `otpauth://` URI names it: Identity Platform's `HMAC_SHA1` is `SHA1`.
    static func domainAlgorithm(_ wire: String) -> String {
        wire.hasPrefix("HMAC_") ? String(wire.dropFirst("HMAC_".count)) : wire
    }
}

extension FirebaseIdentityBackend: PhoneSecondFactorBackend {
    /// `accounts/mfaEnrollment:start` with `phoneEnrollmentInfo`: the number and the app's proof.
    public func startPhoneEnrollment(idToken: Secret, phoneNumber: String, appProof: PhoneAppProof) async throws
        -> Secret
    {
        let (info, secrets) = Self.phoneInfo(phoneNumber, appProof)
        let request = FirebaseWire.StartPhoneEnrollmentRequest(
            idToken: idToken.value, phoneEnrollmentInfo: info, tenantId: tenant)
        return try await phoneSessionInfo(
            "accounts/mfaEnrollment:start", request, secrets: [idToken.value] + secrets)
    }

    /// `accounts/mfaEnrollment:finalize` with `phoneVerificationInfo`. Firebase makes no recovery codes.
    public func finalizePhoneEnrollment(idToken: Secret, sessionInfo: Secret, code: Secret, displayName: String?)
        async throws -> BackendTOTPEnrollmentResult
    {
        let request = FirebaseWire.FinalizePhoneEnrollmentRequest(
            idToken: idToken.value, displayName: displayName,
            phoneVerificationInfo: .init(sessionInfo: sessionInfo.value, code: code.value), tenantId: tenant)
        return BackendTOTPEnrollmentResult(
            session: try await tokens(
                "accounts/mfaEnrollment:finalize", request, secrets: [idToken.value, sessionInfo.value, code.value],
                provider: nil))
    }

    /// `accounts/mfaSignIn:start` with `phoneSignInInfo`: the app's proof; Firebase sends the code to the factor.
    public func startPhoneSecondFactorSignIn(pendingCredential: Secret, enrollmentID: String, appProof: PhoneAppProof)
        async throws -> Secret
    {
        let (info, secrets) = Self.phoneInfo(nil, appProof)
        let request = FirebaseWire.StartPhoneSignInRequest(
            mfaPendingCredential: pendingCredential.value, mfaEnrollmentId: enrollmentID, phoneSignInInfo: info,
            tenantId: tenant)
        return try await phoneSessionInfo(
            "accounts/mfaSignIn:start", request, secrets: [pendingCredential.value] + secrets)
    }

    /// `accounts/mfaSignIn:finalize` with `phoneVerificationInfo`.
    public func finalizePhoneSecondFactorSignIn(pendingCredential: Secret, sessionInfo: Secret, code: Secret)
        async throws -> BackendSessionResponse
    {
        let request = FirebaseWire.FinalizePhoneSignInRequest(
            mfaPendingCredential: pendingCredential.value,
            phoneVerificationInfo: .init(sessionInfo: sessionInfo.value, code: code.value), tenantId: tenant)
        return try await tokens(
            "accounts/mfaSignIn:finalize", request, secrets: [pendingCredential.value, sessionInfo.value, code.value],
            provider: nil)
    }

    /// The number and the app's proof as `phoneEnrollmentInfo` and `phoneSignInInfo` carry them, and the proof's
    /// secrets, which no log shows.
    private static func phoneInfo(_ number: String?, _ proof: PhoneAppProof) -> (FirebaseWire.PhoneInfo, [String]) {
        var info = FirebaseWire.PhoneInfo(phoneNumber: number)
        switch proof {
        case .none: return (info, [])
        case .recaptcha(let token):
            info.recaptchaToken = token.value
            return (info, [token.value])
        case .apns(let receipt, let secret):
            info.iosReceipt = receipt
            info.iosSecret = secret.value
            return (info, [secret.value])
        }
    }

    /// The session info a phone step's start answers.
    private func phoneSessionInfo(_ method: String, _ body: some Encodable, secrets: [String]) async throws -> Secret {
        let data = try await post(.identityToolkitV2, method, json: body, secrets: secrets)
        let answer = try Self.decode(FirebaseWire.PhoneStartAnswer.self, data, method: method)
        guard let info = answer.phoneSessionInfo ?? answer.phoneResponseInfo else {
            throw Self.malformed("\(method) answered no session info")
        }
        return Secret(info.sessionInfo)
    }
}
