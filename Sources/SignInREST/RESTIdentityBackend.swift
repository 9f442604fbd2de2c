import Foundation
public import SignInData
public import SignInDomain

/// The identity backend ports a team's own REST API offers: sessions, email and password, and (where their routes are
/// configured) password reset and account deletion, with an access token sent as `Authorization: Bearer …` and a
/// `me` route. ``capabilities`` lists them; guests, identity providers, linking and password change it does not
/// offer, so it has no such port and a screen built from ``capabilities`` shows none of them. Shaped by default like the FastAPI notes service; every
/// route, field name and detail text is in ``RESTBackendConfiguration``.
///
/// ## The contract, by default
///
/// | port operation | requests |
/// |---|---|
/// | ``signUp(email:password:)`` | `POST auth/signup` `{email, password}` → `201` user; `POST auth/login` (unless the sign-up answer had tokens); `GET auth/me` |
/// | ``signInWithPassword(email:password:)`` | `POST auth/login` `{email, password}` → `{access_token, token_type, expires_in?, refresh_token?}`; `GET auth/me` |
/// | ``refreshSession(refreshToken:)`` | `POST` the refresh route `{refresh_token}`, then `GET auth/me`; with no route (the default) or no refresh token, refused at once |
/// | ``revokeRefreshToken(_:)`` | `POST` the sign-out route with the bearer token (and `{refresh_token}` when there is one); with no route (the default), nothing |
/// | ``sendPasswordResetEmail(email:)`` | `POST auth/forgot-password` `{email}` → `202` |
/// | ``confirmPasswordReset(code:newPassword:)`` | `POST auth/reset-password` `{code, new_password}` → `204` |
/// | ``deleteAccount(idToken:revoking:)`` | `DELETE auth/me` with the bearer token → `204` |
/// | ``reauthenticate(idToken:email:password:)`` | `GET auth/me` with the session's token, `POST auth/login`, `GET auth/me`: the ids must match |
///
/// A reset or deletion route set to `nil` leaves that port out of ``capabilities``.
///
/// ## Sessions
///
/// The session's ID token is the access token. Its lifetime is the answer's `expires_in` (a number or a numeric
/// string); without one, the access token's JWT `exp` claim less the injected clock's now (read unverified, only
/// for this); without either, ``RESTBackendConfiguration/sessionLifetime``. The session's refresh token is an
/// opaque handle this type makes (`RESTSessionHandle`): it holds the access token, so that sign-out can send it as
/// the bearer token, and the API's refresh token when it gave one. An API without refresh (the FastAPI notes service) gives none:
/// ``refreshSession(refreshToken:)`` then fails with `INVALID_REFRESH_TOKEN` ("this backend has no refresh"), and
/// the Domain signs the user out when the access token expires. The user signs in again, as with the FastAPI notes service's app.
///
/// The account's uid is the user object's `id` as a string (`1` is `"1"`); its only provider is `password`.
///
/// ## Errors
///
/// A refusal is a `IdentityBackendError` mapped from the status code and the call (see
/// `RESTErrorMapping`: `401` on a login is `INVALID_LOGIN_CREDENTIALS`, on a bearer call `INVALID_ID_TOKEN`; `409` on
/// sign-up `EMAIL_EXISTS`; `422` a weak password or an invalid email; `429` `TOO_MANY_ATTEMPTS_TRY_LATER`; `5xx`
/// `HTTP_<status>`), its message the API's detail, at most 300 characters, with the password, tokens and codes the
/// request carried blanked out. A success whose body breaks the contract (no access token, an id that is not a
/// number or a string, a `created_at` that is not ISO 8601) is `INVALID_RESPONSE`. No answer within
/// ``RESTBackendConfiguration/timeout`` is `AuthError/network(reason:)`, which names the route but
/// not the URL; a cancelled task is `CancellationError`.
public struct RESTIdentityBackend: SessionBackend, PasswordBackend, PasswordResetBackend, AccountDeletionBackend {
    /// Where the API is and how it names things.
    public let configuration: RESTBackendConfiguration
    private let transport: any HTTPTransport
    private let clock: any WallClock

    /// Creates the backend.
    /// - Parameters:
    ///   - configuration: The base URL, the routes, the field names, the detail texts, the lifetimes.
    ///   - transport: Sends the requests (`URLSessionTransport` in an app).
    ///   - clock: Tells the time an access token's `exp` is counted from.
    public init(
        configuration: RESTBackendConfiguration, transport: any HTTPTransport, clock: any WallClock = SystemWallClock()
    ) {
        self.configuration = configuration
        self.transport = transport
        self.clock = clock
    }

    /// The ports this API offers: sessions and passwords always; password reset when both its routes are set;
    /// account deletion when its route is set.
    public var capabilities: IdentityBackendCapabilities {
        IdentityBackendCapabilities(
            sessions: self, passwords: self,
            passwordReset: paths.forgotPassword != nil && paths.resetPassword != nil ? self : nil,
            accountDeletion: paths.deleteAccount != nil ? self : nil)
    }

    private var paths: RESTBackendConfiguration.Paths { configuration.paths }
    private var fields: RESTBackendConfiguration.FieldNames { configuration.fields }

    // MARK: - Email and password

    /// Creates the account, then signs in to it: `POST` sign-up, `POST` login (unless the sign-up answer carried
    /// tokens already), `GET` me. A user object in the sign-up answer is read, so that a broken one (a `created_at`
    /// that is not a date) is a clear `INVALID_RESPONSE`.
    /// - Throws: `EMAIL_EXISTS`, `INVALID_EMAIL`, `PASSWORD_DOES_NOT_MEET_REQUIREMENTS`, and the login's errors when
    ///   the account was made but the sign-in failed.
    public func signUp(email: String, password: Secret) async throws -> BackendSessionResponse {
        let call = RESTCall(operation: .signUp, method: "POST", path: paths.signUp)
        let data = try await send(
            call, json: [fields.email: email, fields.password: password.value], secrets: [password.value])
        var tokens: RESTTokenAnswer?
        if let object = JSONValue.object(from: data) {
            if RESTTokenAnswer.isPresent(in: object, fields: fields) {
                tokens = try RESTTokenAnswer(object, fields: fields, call: call)
            } else if RESTUser.isPresent(in: object, fields: fields) {
                _ = try RESTUser(object, fields: fields, call: call)
            }
        }
        let answer: RESTTokenAnswer
        if let tokens {
            answer = tokens
        } else {
            answer = try await login(email: email, password: password)
        }
        return try await session(answer, email: email, isNewUser: true)
    }

    /// Signs in: `POST` login, then `GET` me with the new access token.
    /// - Throws: `INVALID_LOGIN_CREDENTIALS` for an unknown email and a wrong password alike.
    public func signInWithPassword(email: String, password: Secret) async throws -> BackendSessionResponse {
        let tokens = try await login(email: email, password: password)
        return try await session(tokens, email: email, isNewUser: false)
    }

    /// Re-authenticates with the password: reads the session's user (`GET` me with `idToken`; when the API no
    /// longer accepts it, the token's JWT `sub`), signs in again, and checks that the user is the same.
    /// - Throws: `USER_MISMATCH` when the credential is another account's.
    public func reauthenticate(idToken: Secret, email: String, password: Secret) async throws
        -> BackendSessionResponse
    {
        let expected = try await sessionUser(idToken)
        let renewed = try await signInWithPassword(email: email, password: password)
        guard expected.matches(renewed) else {
            throw IdentityBackendError(.userMismatch, message: "the credential is another account's")
        }
        return renewed
    }

    // MARK: - Sessions

    /// Whether the API has a refresh route (``RESTBackendConfiguration/Paths/refresh``).
    public var canRefreshSessions: Bool { paths.refresh != nil }

    /// Renews the session at the refresh route, if the API has one and gave this session a refresh token.
    /// - Throws: `INVALID_REFRESH_TOKEN` at once when the API has no refresh route ("this backend has no refresh")
    ///   or the session has no refresh token, and when the API refuses the token.
    public func refreshSession(refreshToken: Secret) async throws -> BackendSessionResponse {
        guard let path = paths.refresh else {
            throw IdentityBackendError(.invalidRefreshToken, message: "this backend has no refresh")
        }
        let handle = RESTSessionHandle(decoding: refreshToken.value)
        let apiToken: String?
        if let handle {
            apiToken = handle.refreshToken
        } else {
            apiToken = refreshToken.value.isEmpty ? nil : refreshToken.value
        }
        guard let apiToken else {
            throw IdentityBackendError(.invalidRefreshToken, message: "the backend gave this session no refresh token")
        }
        let call = RESTCall(operation: .refresh, method: "POST", path: path)
        let data = try await send(
            call, json: [fields.refreshToken: apiToken], secrets: [apiToken] + [handle?.accessToken].compactMap { $0 })
        let tokens = try tokenAnswer(data, call: call)
        return try await session(tokens, email: nil, isNewUser: false, keepingRefreshToken: apiToken)
    }

    /// Signs out at the sign-out route, if the API has one, with the session's access token as the bearer token
    /// and its refresh token, if any, in the body. A token the API no longer accepts (`401`, `403`, `404`) counts
    /// as revoked. Without a route, the session is forgotten on this device only and the access token stays valid
    /// until it expires.
    public func revokeRefreshToken(_ refreshToken: Secret) async throws {
        guard let path = paths.signOut else {
            return
        }
        let handle = RESTSessionHandle(decoding: refreshToken.value)
        let apiToken = handle == nil ? refreshToken.value : handle?.refreshToken
        let call = RESTCall(operation: .signOut, method: "POST", path: path)
        do {
            _ = try await send(
                call, json: apiToken.map { [fields.refreshToken: $0] }, bearer: handle?.accessToken,
                secrets: [handle?.accessToken, apiToken].compactMap { $0 })
        } catch let error as IdentityBackendError
            where [IdentityBackendError.Code.invalidIDToken, .http(403), .http(404)].contains(error.code)
        {
            return
        }
    }

    // MARK: - The account

    /// Asks the API to mail a reset code. A `404` (the email has no account) is answered like a success, so that
    /// nobody learns from this app which emails have accounts.
    /// - Throws: `NOT_SUPPORTED_BY_BACKEND` when the API has no reset route; `INVALID_EMAIL`.
    public func sendPasswordResetEmail(email: String) async throws {
        guard let path = paths.forgotPassword else {
            throw IdentityBackendError(.notSupportedByBackend, message: "the API has no password-reset route")
        }
        let call = RESTCall(operation: .forgotPassword, method: "POST", path: path)
        do {
            _ = try await send(call, json: [fields.email: email], secrets: [])
        } catch let error as IdentityBackendError where error.code == .http(404) {
            return
        }
    }

    /// Sets a new password with a reset code.
    /// - Throws: `NOT_SUPPORTED_BY_BACKEND` when the API has no reset route; `INVALID_OOB_CODE`,
    ///   `EXPIRED_OOB_CODE`, `PASSWORD_DOES_NOT_MEET_REQUIREMENTS`.
    public func confirmPasswordReset(code: Secret, newPassword: Secret) async throws {
        guard let path = paths.resetPassword else {
            throw IdentityBackendError(.notSupportedByBackend, message: "the API has no password-reset route")
        }
        let call = RESTCall(operation: .resetPassword, method: "POST", path: path)
        _ = try await send(
            call, json: [fields.resetCode: code.value, fields.newPassword: newPassword.value],
            secrets: [code.value, newPassword.value])
    }

    /// Deletes the account of `idToken`.
    /// - Throws: `NOT_SUPPORTED_BY_BACKEND` when the API has no deletion route, or for a revocation (the API has no
    ///   Sign in with Apple, so nothing to revoke); `INVALID_ID_TOKEN`, `USER_NOT_FOUND`.
    public func deleteAccount(idToken: Secret, revoking revocation: ProviderRevocation?) async throws {
        guard revocation == nil else {
            throw IdentityBackendError(.notSupportedByBackend, message: "the API has no identity provider to revoke")
        }
        guard let path = paths.deleteAccount else {
            throw IdentityBackendError(.notSupportedByBackend, message: "the API has no deletion route")
        }
        let call = RESTCall(operation: .deleteAccount, method: "DELETE", path: path)
        _ = try await send(call, json: nil, bearer: idToken.value, secrets: [idToken.value])
    }

    // MARK: - Answers

    private func login(email: String, password: Secret) async throws -> RESTTokenAnswer {
        let call = RESTCall(operation: .signIn, method: "POST", path: paths.signIn)
        let data = try await send(
            call, json: [fields.email: email, fields.password: password.value], secrets: [password.value])
        return try tokenAnswer(data, call: call)
    }

    private func tokenAnswer(_ data: Data, call: RESTCall) throws -> RESTTokenAnswer {
        guard let object = JSONValue.object(from: data) else {
            throw IdentityBackendError.invalidResponse("the answer to \(call.name) is not a JSON object")
        }
        return try RESTTokenAnswer(object, fields: fields, call: call)
    }

    /// The user the access token belongs to: `GET` me.
    private func currentUser(accessToken: String) async throws -> RESTUser {
        let call = RESTCall(operation: .me, method: "GET", path: paths.me)
        let data = try await send(call, json: nil, bearer: accessToken, secrets: [accessToken])
        guard let object = JSONValue.object(from: data) else {
            throw IdentityBackendError.invalidResponse("the answer to \(call.name) is not a JSON object")
        }
        return try RESTUser(object, fields: fields, call: call)
    }

    /// The session of new tokens, its account read with `GET` me.
    private func session(
        _ tokens: RESTTokenAnswer, email: String?, isNewUser: Bool, keepingRefreshToken previous: String? = nil
    ) async throws -> BackendSessionResponse {
        let user = try await currentUser(accessToken: tokens.accessToken)
        let email = user.email ?? email
        let handle = RESTSessionHandle(accessToken: tokens.accessToken, refreshToken: tokens.refreshToken ?? previous)
        let provider = ProviderType.emailPassword.rawValue
        return BackendSessionResponse(
            localId: user.id, email: email, idToken: Secret(tokens.accessToken), refreshToken: Secret(handle.encoded),
            expiresIn: expiresIn(tokens), isNewUser: isNewUser, providerIds: [provider],
            providerUserIds: email.map { [provider: $0] } ?? [:], signInProvider: provider)
    }

    /// Seconds until the access token expires: `expires_in`, else the JWT's `exp` less now, else the configured
    /// lifetime; never below zero, never beyond about 68 years.
    func expiresIn(_ tokens: RESTTokenAnswer) -> Int {
        if let seconds = tokens.expiresIn { return Self.clampedSeconds(Double(seconds)) }
        if let expiry = AccessTokenClaims.read(tokens.accessToken)?.expiry {
            return Self.clampedSeconds(expiry - clock.now().timeIntervalSince1970)
        }
        return Self.clampedSeconds(configuration.sessionLifetime)
    }

    static func clampedSeconds(_ seconds: Double) -> Int {
        guard seconds.isFinite else { return 0 }
        return Int(min(max(seconds, 0), Double(Int32.max)).rounded(.down))
    }

    /// Who the session belongs to, for a re-authentication.
    private enum SessionUser {
        /// The id `GET` me answered.
        case id(String)
        /// The access token's `sub`, read when the API no longer accepts the token: an id, or an email.
        case subject(String)

        func matches(_ session: BackendSessionResponse) -> Bool {
            switch self {
            case .id(let id):
                return session.localId == id
            case .subject(let subject):
                return session.localId == subject
                    || session.email.map { $0.caseInsensitiveCompare(subject) == .orderedSame } == true
            }
        }
    }

    private func sessionUser(_ idToken: Secret) async throws -> SessionUser {
        do {
            return .id(try await currentUser(accessToken: idToken.value).id)
        } catch let error as IdentityBackendError where error.code == .invalidIDToken {
            guard let subject = AccessTokenClaims.read(idToken.value)?.subject, !subject.isEmpty else { throw error }
            return .subject(subject)
        }
    }

    // MARK: - HTTP

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Sends one request and returns the body of a `2xx` answer.
    /// - Parameters:
    ///   - json: The body's fields, sent as a JSON object; `nil` for no body (and no `Content-Type`).
    ///   - bearer: The access token for `Authorization: Bearer …`.
    ///   - secrets: What the request carries that no error may show.
    /// - Throws: ``SignInData/IdentityBackendError`` for an error answer, ``SignInDomain/AuthError/network(reason:)``
    ///   when none arrived, `CancellationError` when the task was cancelled.
    private func send(_ call: RESTCall, json: [String: String]?, bearer: String? = nil, secrets: [String])
        async throws -> Data
    {
        var headers = ["Accept": "application/json"]
        var body: Data?
        if let json {
            do {
                body = try Self.encoder.encode(json)
            } catch {
                throw AuthError.unexpected(reason: "the \(call.name) request could not be encoded")
            }
            headers["Content-Type"] = "application/json"
        }
        if let bearer { headers["Authorization"] = "Bearer \(bearer)" }
        let timeout = Self.effectiveTimeout(configuration.timeout)
        let request = HTTPRequest(
            method: call.method, url: configuration.url(call.path), headers: headers, body: body, timeout: timeout)
        try Task.checkCancellation()
        let response: HTTPResponse
        do {
            response = try await transport.send(request, within: timeout)
        } catch {
            if Task.isCancelled || error is CancellationError { throw CancellationError() }
            if let error = error as? AuthError { throw error }
            let nsError = error as NSError
            throw AuthError.network(reason: "\(call.name): no answer (\(nsError.domain) \(nsError.code))")
        }
        guard (200..<300).contains(response.status) else {
            let error = RESTErrorMapping.error(
                from: response, call: call, configuration: configuration, secrets: secrets + [bearer].compactMap { $0 })
            throw error
        }
        return response.body
    }

    /// The configured timeout, or 30 seconds when it is not a positive number of at most a day.
    static func effectiveTimeout(_ timeout: TimeInterval) -> TimeInterval {
        timeout.isFinite && timeout > 0 && timeout <= 86_400 ? timeout : 30
    }

}
