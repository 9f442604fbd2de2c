public import Foundation

/// Where ``RESTIdentityBackend`` finds a team's own REST API, and how that API names its routes, fields and
/// refusals.
///
/// The defaults are the FastAPI notes service (`POST auth/signup`, `POST auth/login` →
/// `{"access_token", "token_type": "bearer"}`, `GET auth/me` with `Authorization: Bearer …`), plus the
/// password-reset and deletion routes such a service adds (the Go todo service's reset by mail). A route set to `nil` is one
/// the API does not offer: its port is left out of ``RESTIdentityBackend/capabilities`` (a refresh without its route
/// fails with `IdentityBackendError/Code/invalidRefreshToken`, without a request).
///
/// ```swift
/// var configuration = RESTBackendConfiguration(baseURL: apiURL)   // https://api.example.com/v1/
/// configuration.paths.refresh = "auth/refresh"       // the API renews sessions
/// configuration.fields.userID = "uuid"               // its user object names the id `uuid`
/// ```
public struct RESTBackendConfiguration: Hashable, Sendable {
    /// The URL every path is relative to (`http://127.0.0.1:8000`, `https://api.example.com/v1/`). A query in it
    /// is kept on every request.
    public var baseURL: URL
    /// The routes, relative to ``baseURL``.
    public var paths: Paths
    /// The JSON field names of the requests and answers.
    public var fields: FieldNames
    /// The texts of the API's `detail` that tell apart refusals sharing one status code.
    public var detailTexts: DetailTexts
    /// How long a session lasts, in seconds, when the login answer has no `expires_in` and the access token is not
    /// a JWT with an `exp` claim.
    public var sessionLifetime: TimeInterval
    /// How long one request may take, in seconds.
    public var timeout: TimeInterval

    /// Creates a configuration; every argument but the base URL defaults to the FastAPI notes service.
    public init(
        baseURL: URL, paths: Paths = Paths(), fields: FieldNames = FieldNames(),
        detailTexts: DetailTexts = DetailTexts(), sessionLifetime: TimeInterval = 3600, timeout: TimeInterval = 30
    ) {
        self.baseURL = baseURL
        self.paths = paths
        self.fields = fields
        self.detailTexts = detailTexts
        self.sessionLifetime = sessionLifetime
        self.timeout = timeout
    }

    /// The routes of the API, each relative to the base URL (a leading `/` is ignored, and `?` or `#` in a path
    /// are sent as part of the path, never as a query). `nil` means the API does not offer the operation.
    public struct Paths: Hashable, Sendable {
        /// `POST` `{email, password}` → `201` with the new user (or with tokens, which saves the login).
        public var signUp: String
        /// `POST` `{email, password}` → `200` `{access_token, token_type, expires_in?, refresh_token?}`.
        public var signIn: String
        /// `GET` with the bearer token → the user object: `{id, email, created_at}`.
        public var me: String
        /// `POST` `{refresh_token}` → a login answer. Off by default: the FastAPI notes service has no refresh.
        public var refresh: String?
        /// `POST` with the bearer token (and `{refresh_token}` when there is one) → `2xx`. Off by default: the
        /// session is then forgotten on this device only.
        public var signOut: String?
        /// `POST` `{email}` → `2xx` (`202`) whether or not the email has an account.
        public var forgotPassword: String?
        /// `POST` `{code, new_password}` → `2xx` (`204`).
        public var resetPassword: String?
        /// `DELETE` with the bearer token → `2xx` (`204`).
        public var deleteAccount: String?

        /// Creates the routes; the defaults are the FastAPI notes service's, with the reset and deletion routes on.
        public init(
            signUp: String = "auth/signup", signIn: String = "auth/login", me: String = "auth/me",
            refresh: String? = nil, signOut: String? = nil, forgotPassword: String? = "auth/forgot-password",
            resetPassword: String? = "auth/reset-password", deleteAccount: String? = "auth/me"
        ) {
            self.signUp = signUp
            self.signIn = signIn
            self.me = me
            self.refresh = refresh
            self.signOut = signOut
            self.forgotPassword = forgotPassword
            self.resetPassword = resetPassword
            self.deleteAccount = deleteAccount
        }
    }

    /// The JSON field names, in requests and answers alike.
    public struct FieldNames: Hashable, Sendable {
        /// The email in the sign-up, login and reset-request bodies.
        public var email: String
        /// The password in the sign-up and login bodies.
        public var password: String
        /// The access token in a login answer.
        public var accessToken: String
        /// The token type in a login answer (`bearer`; an answer without it is accepted).
        public var tokenType: String
        /// The access token's lifetime in seconds in a login answer (a number or a numeric string; optional).
        public var expiresIn: String
        /// The refresh token in a login answer and in the refresh and sign-out bodies (optional).
        public var refreshToken: String
        /// The user's id in the user object (a number or a string).
        public var userID: String
        /// The user's email in the user object.
        public var userEmail: String
        /// The user's creation date in the user object (ISO 8601, read by ``ISO8601DateParser``); `nil` to ignore it.
        public var userCreatedAt: String?
        /// The reset code in the reset body.
        public var resetCode: String
        /// The new password in the reset body.
        public var newPassword: String

        /// Creates the field names; the defaults are the FastAPI notes service's snake case.
        public init(
            email: String = "email", password: String = "password", accessToken: String = "access_token",
            tokenType: String = "token_type", expiresIn: String = "expires_in", refreshToken: String = "refresh_token",
            userID: String = "id", userEmail: String = "email", userCreatedAt: String? = "created_at",
            resetCode: String = "code", newPassword: String = "new_password"
        ) {
            self.email = email
            self.password = password
            self.accessToken = accessToken
            self.tokenType = tokenType
            self.expiresIn = expiresIn
            self.refreshToken = refreshToken
            self.userID = userID
            self.userEmail = userEmail
            self.userCreatedAt = userCreatedAt
            self.resetCode = resetCode
            self.newPassword = newPassword
        }
    }

    /// Texts looked for in a `400` answer's detail, case-insensitively, anywhere in it; any one of a list matches.
    public struct DetailTexts: Hashable, Sendable {
        /// On sign-up: the email already has an account (the same as a `409`).
        public var emailAlreadyRegistered: [String]
        /// On a reset: the code is unknown or used.
        public var invalidResetCode: [String]
        /// On a reset: the code has expired.
        public var expiredResetCode: [String]

        /// Creates the texts; the defaults are the reference service's.
        public init(
            emailAlreadyRegistered: [String] = ["already registered"],
            invalidResetCode: [String] = ["Invalid or used reset code"],
            expiredResetCode: [String] = ["Reset code expired"]
        ) {
            self.emailAlreadyRegistered = emailAlreadyRegistered
            self.invalidResetCode = invalidResetCode
            self.expiredResetCode = expiredResetCode
        }
    }

    /// The absolute URL of `path`.
    func url(_ path: String) -> URL {
        let relative = path.drop { $0 == "/" }
        return relative.isEmpty ? baseURL : baseURL.appending(path: String(relative))
    }
}
