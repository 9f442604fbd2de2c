import SignInEmbeddedBackend

/// A route of the HTTP face: one table from which the router, the method check, the API-key check and the
/// trace's route names derive.
enum FaceRoute: String, CaseIterable, Sendable {
    // Firebase Identity Toolkit v1, under `/identitytoolkit.googleapis.com/v1/`.
    case signUp = "accounts:signUp"
    case signInWithPassword = "accounts:signInWithPassword"
    case signInWithIdp = "accounts:signInWithIdp"
    case signInWithCustomToken = "accounts:signInWithCustomToken"
    case createAuthUri = "accounts:createAuthUri"
    case signInWithEmailLink = "accounts:signInWithEmailLink"
    case sendVerificationCode = "accounts:sendVerificationCode"
    case signInWithPhoneNumber = "accounts:signInWithPhoneNumber"
    case lookup = "accounts:lookup"
    case update = "accounts:update"
    /// The reCAPTCHA parameters a web client asks for before phone sign-in: `serve` checks no reCAPTCHA, and says so.
    case recaptchaParams = "recaptchaParams"
    case delete = "accounts:delete"
    case sendOobCode = "accounts:sendOobCode"
    case resetPassword = "accounts:resetPassword"
    // Firebase's Admin API, under `/identitytoolkit.googleapis.com/v1/projects/{projectId}/`, which the Admin SDKs
    // call with the emulator's owner credential.
    case adminCreate = "admin:accounts"
    case adminLookup = "admin:accounts:lookup"
    case adminBatchGet = "admin:accounts:batchGet"
    case adminUpdate = "admin:accounts:update"
    case adminDelete = "admin:accounts:delete"
    case adminBatchDelete = "admin:accounts:batchDelete"
    case adminBatchCreate = "admin:accounts:batchCreate"
    case adminQuery = "admin:accounts:query"
    /// The legacy v3 `downloadAccount`: `accounts:batchGet` as a `POST` with a JSON body.
    case adminDownloadAccount = "admin:v3:downloadAccount"
    case adminCreateSessionCookie = "admin:createSessionCookie"
    case adminSendOobCode = "admin:accounts:sendOobCode"
    // The project's configuration in the Admin API v2, `/identitytoolkit.googleapis.com/v2/projects/{projectId}/config`:
    // `GET` reads it, `PATCH` changes it.
    case adminConfig = "admin:v2:config"
    case adminUpdateConfig = "admin:v2:config:update"
    // The project's tenants in the Admin API v2, `/identitytoolkit.googleapis.com/v2/projects/{projectId}/tenants`:
    // `GET` lists them, `POST` makes one; `…/tenants/{tenantId}`: `GET` reads one, `PATCH` changes it, `DELETE`
    // deletes it.
    case adminTenants = "admin:v2:tenants"
    case adminCreateTenant = "admin:v2:tenants:create"
    case adminTenant = "admin:v2:tenant"
    case adminUpdateTenant = "admin:v2:tenant:update"
    case adminDeleteTenant = "admin:v2:tenant:delete"
    // Firebase Identity Toolkit v2, under `/identitytoolkit.googleapis.com/v2/`.
    case revokeToken = "v2/accounts:revokeToken"
    case mfaEnrollmentStart = "v2/accounts/mfaEnrollment:start"
    case mfaEnrollmentFinalize = "v2/accounts/mfaEnrollment:finalize"
    case mfaEnrollmentWithdraw = "v2/accounts/mfaEnrollment:withdraw"
    case mfaSignInStart = "v2/accounts/mfaSignIn:start"
    case mfaSignInFinalize = "v2/accounts/mfaSignIn:finalize"
    case passkeyEnrollmentStart = "v2/accounts/passkeyEnrollment:start"
    case passkeyEnrollmentFinalize = "v2/accounts/passkeyEnrollment:finalize"
    case passkeySignInStart = "v2/accounts/passkeySignIn:start"
    case passkeySignInFinalize = "v2/accounts/passkeySignIn:finalize"
    // The Secure Token API, `/securetoken.googleapis.com/v1/token`.
    case token = "securetoken:token"
    // The public keys of the ID tokens where Google publishes Firebase's, under the host-as-path prefix: the JWK Set,
    // and the same keys as X.509 certificates (`GET`, no key).
    case sessionKeySet = "keys:jwk"
    case sessionCertificates = "keys:x509"
    // The Firebase Auth emulator's test endpoints, under `/emulator/v1/projects/{projectId}/`.
    case oobCodes = "emulator:oobCodes"
    case verificationCodes = "emulator:verificationCodes"
    case deleteAllAccounts = "emulator:accounts"
    case config = "emulator:config"
    case updateConfig = "emulator:config:update"
    /// The test clock (`serve --test-clock` only): `GET` reads it, `PATCH` moves it forward, `DELETE` puts it back.
    case clock = "emulator:clock"
    case advanceClock = "emulator:clock:advance"
    case resetClock = "emulator:clock:reset"
    /// A new key for the ID tokens (`POST …/sessionKeys:rotate`); the previous ones keep verifying theirs.
    case rotateSessionKeys = "emulator:sessionKeys:rotate"
    // The simulated Apple sheet, Google account chooser and registered providers' pages, under `/embedded/v1/`.
    case appleAccount = "apple:account"
    case appleAuthorize = "apple:authorize"
    case appleCredentialState = "apple:credentialState"
    case appleRevoke = "apple:revoke"
    case googleAccounts = "google:accounts"
    case googleSignIn = "google:signIn"
    case idpSignIn = "idp:signIn"
    // The app's own API: every path under `/v1/`.
    case appAPI = "app:v1"
    /// `GET /`: that the emulator is up, as Google's answers a status check.
    case status = "emulator:status"

    /// The route of a percent-decoded path, or `nil` for an unknown one. The method tells apart the routes that
    /// share a path (the emulator's `config`: `GET` reads it, `PATCH` changes it). A legacy Identity Toolkit v3 path
    /// is the v1 route it names (``legacyRelyingPartyNames``). The test `clock` likewise: `GET`, `PATCH` or `DELETE`.
    init?(path: String, method: String) {
        if path.hasPrefix(Self.legacyRelyingParty) {
            let legacyName = String(path.dropFirst(Self.legacyRelyingParty.count))
            if legacyName == "downloadAccount" {
                self = .adminDownloadAccount
                return
            }
            // Where the Admin SDKs read the keys of session cookies, which are the ID tokens' keys here.
            if legacyName == "publicKeys" {
                self = .sessionCertificates
                return
            }
            guard let name = Self.legacyRelyingPartyNames[legacyName] else { return nil }
            self.init(path: "/identitytoolkit.googleapis.com/v1/" + name, method: method)
            return
        }
        let projects = "/identitytoolkit.googleapis.com/v1/projects/"
        if path.hasPrefix(projects) {
            let rest = path.dropFirst(projects.count).split(separator: "/", omittingEmptySubsequences: false)
            if rest.count == 1, rest[0].hasSuffix(":createSessionCookie"), !rest[0].hasPrefix(":") {
                self = .adminCreateSessionCookie
                return
            }
            // `projects/{id}/tenants/{tenant}/accounts:…` is the same call for one of the project's tenants.
            let call =
                rest.count == 4 && rest[1] == "tenants" && !rest[2].isEmpty ? rest[3] : rest.count == 2 ? rest[1] : ""
            guard !rest[0].isEmpty, !call.isEmpty, let route = FaceRoute(rawValue: "admin:" + call), route.isAdmin,
                route.isTenantScoped
            else { return nil }
            self = route
            return
        }
        if path == Self.sessionCookieKeySetPath {
            self = .sessionKeySet
            return
        }
        let identityToolkit = "/identitytoolkit.googleapis.com/v1/"
        if path.hasPrefix(identityToolkit) {
            let name = String(path.dropFirst(identityToolkit.count))
            guard name.hasPrefix("accounts:") || name == "recaptchaParams", let route = FaceRoute(rawValue: name)
            else { return nil }
            self = route
            return
        }
        let version2 = "/identitytoolkit.googleapis.com/v2/"
        let projectsV2 = version2 + "projects/"
        if path.hasPrefix(projectsV2) {
            let rest = path.dropFirst(projectsV2.count).split(separator: "/", omittingEmptySubsequences: false)
            guard !rest[0].isEmpty else { return nil }
            switch (rest.count, rest.dropFirst().first) {
            case (2, "config"): self = method == "PATCH" ? .adminUpdateConfig : .adminConfig
            case (2, "tenants"): self = method == "POST" ? .adminCreateTenant : .adminTenants
            case (3, "tenants") where !rest[2].isEmpty:
                self = method == "PATCH" ? .adminUpdateTenant : method == "DELETE" ? .adminDeleteTenant : .adminTenant
            default: return nil
            }
            return
        }
        if path.hasPrefix(version2) {
            guard let route = FaceRoute(rawValue: "v2/" + path.dropFirst(version2.count)) else { return nil }
            self = route
            return
        }
        if path == "/securetoken.googleapis.com/v1/token" {
            self = .token
            return
        }
        if path == "/" {
            self = .status
            return
        }
        if path == Self.sessionKeySetPath {
            self = .sessionKeySet
            return
        }
        if path == Self.sessionCertificatesPath {
            self = .sessionCertificates
            return
        }
        if path == "/v1" || path.hasPrefix("/v1/") {
            self = .appAPI
            return
        }
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        // `/emulator/v1/projects/{id}/tenants/{tenant}/oobCodes` is the same endpoint for one of the tenants.
        if segments.count == 7, segments[0] == "emulator", segments[4] == "tenants", !segments[5].isEmpty,
            ["oobCodes", "verificationCodes", "accounts"].contains(segments[6])
        {
            segments.removeSubrange(4...5)
        }
        if segments.count == 5, segments[0] == "emulator", segments[1] == "v1", segments[2] == "projects",
            !segments[3].isEmpty
        {
            switch segments[4] {
            case "oobCodes": self = .oobCodes
            case "verificationCodes": self = .verificationCodes
            case "accounts": self = .deleteAllAccounts
            case "config": self = method == "PATCH" ? .updateConfig : .config
            case "clock": self = method == "PATCH" ? .advanceClock : method == "DELETE" ? .resetClock : .clock
            case "sessionKeys:rotate": self = .rotateSessionKeys
            default: return nil
            }
            return
        }
        guard segments.count == 4, segments[0] == "embedded", segments[1] == "v1" else { return nil }
        switch (segments[2], segments[3]) {
        case ("apple", "account"): self = .appleAccount
        case ("apple", "authorize"): self = .appleAuthorize
        case ("apple", "credentialState"): self = .appleCredentialState
        case ("apple", "revoke"): self = .appleRevoke
        case ("google", "accounts"): self = .googleAccounts
        case ("google", "signIn"): self = .googleSignIn
        case ("idp", "signIn"): self = .idpSignIn
        default: return nil
        }
    }

    /// Where Google publishes the JWK Set of Firebase's ID tokens, under the host-as-path prefix.
    static let sessionKeySetPath =
        "/www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com"
    /// Where Google publishes the JWK Set of Firebase's session cookies: the ID tokens' keys here, which sign both.
    static let sessionCookieKeySetPath = "/identitytoolkit.googleapis.com/v1/sessionCookiePublicKeys"
    /// Where Google publishes the same keys as X.509 certificates, under the host-as-path prefix.
    static let sessionCertificatesPath =
        "/www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com"

    /// How long a client may keep the answer, for the published keys (`Cache-Control`), or `nil`.
    var cacheControl: String? {
        switch self {
        case .sessionKeySet, .sessionCertificates: "public, max-age=3600"
        default: nil
        }
    }

    /// Where the SDKs that predate Identity Toolkit v1 send their calls (Firebase's iOS SDK among them, pointed at an
    /// emulator): `/www.googleapis.com/identitytoolkit/v3/relyingparty/<name>`.
    static let legacyRelyingParty = "/www.googleapis.com/identitytoolkit/v3/relyingparty/"

    /// Each legacy name and the v1 call it is, as Google's Auth emulator rewrites them: the request and the answer are
    /// the v1 call's. A name whose v1 call this face does not serve is `404 NOT_FOUND`, as an unknown v1 call is.
    static let legacyRelyingPartyNames: [String: String] = [
        "createAuthUri": "accounts:createAuthUri", "deleteAccount": "accounts:delete",
        "emailLinkSignin": "accounts:signInWithEmailLink", "getAccountInfo": "accounts:lookup",
        "getOobConfirmationCode": "accounts:sendOobCode", "getProjectConfig": "projects",
        "getRecaptchaParam": "recaptchaParams", "resetPassword": "accounts:resetPassword",
        "sendVerificationCode": "accounts:sendVerificationCode", "setAccountInfo": "accounts:update",
        "setProjectConfig": "setProjectConfig", "signupNewUser": "accounts:signUp",
        "uploadAccount": "projects/-/accounts:batchCreate",
        "verifyAssertion": "accounts:signInWithIdp", "verifyCustomToken": "accounts:signInWithCustomToken",
        "verifyPassword": "accounts:signInWithPassword", "verifyPhoneNumber": "accounts:signInWithPhoneNumber",
    ]

    /// The one method the route answers; `nil` for the app's API, which checks its own.
    var method: String? {
        switch self {
        case .oobCodes, .verificationCodes, .appleAccount, .googleAccounts, .adminBatchGet, .config, .clock,
            .adminConfig, .adminTenants, .adminTenant, .sessionKeySet, .sessionCertificates, .recaptchaParams, .status:
            "GET"
        case .deleteAllAccounts, .resetClock, .adminDeleteTenant: "DELETE"
        case .updateConfig, .advanceClock, .adminUpdateConfig, .adminUpdateTenant: "PATCH"
        case .appAPI: nil
        default: "POST"
        }
    }

    /// The methods its path answers, for a `405`'s `Allow`: the emulator's `config` takes two, its `clock` three.
    var allowedMethods: String {
        switch self {
        case .config, .updateConfig, .adminConfig, .adminUpdateConfig: "GET, PATCH"
        case .adminTenants, .adminCreateTenant: "GET, POST"
        case .adminTenant, .adminUpdateTenant, .adminDeleteTenant: "GET, PATCH, DELETE"
        case .clock, .advanceClock, .resetClock: "GET, PATCH, DELETE"
        default: method ?? ""
        }
    }

    /// Whether it is one of the emulator's test endpoints, which name the project in their path.
    var isEmulatorEndpoint: Bool {
        switch self {
        case .oobCodes, .verificationCodes, .deleteAllAccounts, .config, .updateConfig, .clock, .advanceClock,
            .resetClock, .rotateSessionKeys:
            true
        default: false
        }
    }

    /// Whether it is a call of the Admin API, which needs the owner credential and names the project in its path.
    var isAdmin: Bool {
        switch self {
        case .adminCreate, .adminLookup, .adminBatchGet, .adminUpdate, .adminDelete, .adminBatchDelete,
            .adminBatchCreate, .adminDownloadAccount, .adminQuery,
            .adminSendOobCode, .adminConfig, .adminUpdateConfig, .adminCreateSessionCookie, .adminTenants,
            .adminCreateTenant, .adminTenant, .adminUpdateTenant, .adminDeleteTenant:
            true
        default: false
        }
    }

    /// Whether a request of the route may be for one of the project's tenants (named by its path, its body's
    /// `tenantId`, or its token): every call about accounts and sessions, and the test endpoints that list codes or
    /// delete accounts. The project's own settings, its tenants, the clock and the simulators are not.
    var isTenantScoped: Bool {
        switch self {
        case .adminConfig, .adminUpdateConfig, .adminTenants, .adminCreateTenant, .adminTenant, .adminUpdateTenant,
            .adminDeleteTenant:
            false
        case .oobCodes, .verificationCodes, .deleteAllAccounts: true
        default: isAdmin || needsAPIKey
        }
    }

    /// The Admin API's call that the same v1 call is when the owner credential makes it (Google's emulator answers
    /// `accounts:lookup` with `Authorization: Bearer owner` as `projects/{id}/accounts:lookup`), or `nil`.
    var administratorVariant: FaceRoute? {
        switch self {
        case .signUp: .adminCreate
        case .lookup: .adminLookup
        case .update: .adminUpdate
        case .delete: .adminDelete
        case .sendOobCode: .adminSendOobCode
        default: nil
        }
    }

    /// Whether the request must carry a non-empty `key` query parameter: Google's APIs do; the emulator's
    /// test endpoints, the simulators and the app's API do not.
    var needsAPIKey: Bool {
        switch self {
        case .signUp, .signInWithPassword, .signInWithIdp, .signInWithCustomToken, .createAuthUri,
            .signInWithEmailLink, .recaptchaParams, .sendVerificationCode, .signInWithPhoneNumber, .lookup, .update,
            .delete,
            .sendOobCode, .resetPassword,
            .revokeToken, .token, .mfaEnrollmentStart, .mfaEnrollmentFinalize, .mfaEnrollmentWithdraw,
            .mfaSignInStart, .mfaSignInFinalize, .passkeyEnrollmentStart, .passkeyEnrollmentFinalize,
            .passkeySignInStart,
            .passkeySignInFinalize:
            true
        default: false
        }
    }
}
