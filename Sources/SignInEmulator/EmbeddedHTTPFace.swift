import Foundation
package import SignInData
package import SignInDemoTrace
import SignInDomain
package import SignInEmbeddedBackend

/// The embedded backend's HTTP face: Firebase Authentication's REST API (Identity Toolkit v1 and the Secure
/// Token API) as the Firebase Auth emulator serves it, the emulator's test endpoints, the simulated Apple sheet
/// and Google account chooser, and the app's own API, all over one ``EmbeddedBackend``.
///
/// One backend logic, two faces: the in-process backend ports (``EmbeddedIdentityService``) and this one.
/// The face only translates an HTTP request into a call on the identity service, the issuers or the app's API,
/// and the answer (or the refusal) back into Firebase's JSON; every decision (token checks, recent sign-in,
/// nonces, throttling, rotation) stays in the core. A client that speaks Firebase's REST API with
/// `FIREBASE_AUTH_EMULATOR_HOST` talks to it unchanged: `http://127.0.0.1:PORT/identitytoolkit.googleapis.com/v1/
/// accounts:signUp?key=KEY`, `http://127.0.0.1:PORT/securetoken.googleapis.com/v1/token?key=KEY`.
///
/// Errors use Google's envelope with the core's ``IdentityBackendError/Code`` as the message, so a Firebase
/// client maps them as it maps Firebase's. No response error and no trace step quotes a token, a password, a
/// nonce, a reset code or the API key from the request.
///
/// ## Topics
/// ### Serving
/// - ``init(backend:tracer:testClock:)``
/// - ``handle(_:)``
/// - ``EmbeddedHTTPTransport``
package struct EmbeddedHTTPFace: Sendable {
    /// The backend the face translates to.
    package let backend: EmbeddedBackend
    /// The project id the Secure Token API reports as `project_id`: the backend's, which its ID tokens name.
    package var projectID: String { backend.configuration.projectID }
    private let tracer: any FlowTracer
    /// The clock the emulator's `clock` endpoint moves, or `nil` when that endpoint is off (the default).
    let testClock: ShiftedClock?
    /// Whether an error's `message` is Firebase's code alone, as Google's emulator writes most of them
    /// (`EMAIL_EXISTS`), for tests that compare it whole; by default the code is followed by ` : ` and what the
    /// backend found, which Firebase's clients split off.
    package var bareErrorMessages = false
    /// The project's tenants, each a backend of its own (``TenantDirectory``), or `nil` when the face serves none:
    /// then the tenant routes answer `404` and a request that names a tenant is `TENANT_NOT_FOUND`.
    package var tenants: TenantDirectory?
    /// Whether a client's `accounts:signUp` may give the new account phone second factors (`mfaInfo`) with no code
    /// sent to them, as Google's Auth emulator takes them; by default only the owner credential may.
    package var takesSecondFactorsAtSignUp = false
    /// Whether a path may name any project id and still reach this face's project, as Google's Auth emulator serves
    /// every project id a test names; by default another project id is `PROJECT_NOT_FOUND`.
    package var servesAnyProjectID = false
    /// Whether a Google OAuth access token (`Bearer ya29.…`) stands for the owner credential, as Google's Auth emulator
    /// takes a production service account's token, checking only its form; by default only `Bearer owner` does.
    package var takesGoogleAccessTokensAsOwner = false
    /// Whether the links of mailed codes are shown as Firebase's action links
    /// (``actionLink(code:purpose:origin:continueURL:)``), as Google's emulator writes them; by default they are the
    /// backend's deep links.
    package var writesActionLinks = false

    /// Creates the face of `backend`.
    /// - Parameters:
    ///   - backend: The backend whose identity service, issuers and app API answer the requests.
    ///   - tracer: Receives one step per request: the route, the status and the error code.
    ///   - testClock: The backend's clock, when a test suite may move it through `/emulator/v1/projects/{id}/clock`
    ///     (the stand-in for a suite's fake timers); `nil` (the default) answers that endpoint `404`.
    package init(backend: EmbeddedBackend, tracer: any FlowTracer = SilentFlowTracer(), testClock: ShiftedClock? = nil)
    {
        self.backend = backend
        self.tracer = tracer
        self.testClock = testClock
    }

    /// Answers one request.
    ///
    /// Only the URL's path (percent-decoded before it is matched) and its query matter; its scheme and host are
    /// ignored. Every Identity Toolkit and Secure Token call must be a `POST` (else `405`) with a non-empty `key`
    /// query parameter (else `403 MISSING_API_KEY`); any key is accepted. An unknown path is `404 NOT_FOUND`.
    /// Synchronous, total: it never throws and never traps, whatever the request holds.
    ///
    /// The password hashes it makes wait for a core in turns shared among clients (``PasswordHashingGate``), so
    /// one client's guesses cannot starve another's sign-in.
    /// - Parameters:
    ///   - request: The request, with an absolute URL.
    ///   - client: Who sent it (the peer's IP address); requests without one share one client.
    /// - Returns: The response: JSON, or the app's API's own answer for paths under `/v1/`.
    package func handle(_ request: HTTPRequest, from client: String = "") -> HTTPResponse {
        EmbeddedBackend.$client.withValue(client) { answer(request) }
    }

    private func answer(_ request: HTTPRequest) -> HTTPResponse {
        let method = Self.traceableMethod(request.method)
        guard let path = Self.decodedPath(of: request.url), var route = FaceRoute(path: path, method: request.method)
        else {
            return refuse(HTTPFaceError("NOT_FOUND", status: 404, detail: "no such endpoint"), method, "unknown")
        }
        guard let expectedMethod = route.method else {
            let response = backend.appAPI.handle(request)
            tracer.record(
                .backend, Self.component,
                .backendHTTPAnswered(method: method, route: route.rawValue, status: response.status))
            return response
        }
        guard request.method == expectedMethod else {
            var response = refuse(
                HTTPFaceError("METHOD_NOT_ALLOWED", status: 405, detail: "use \(route.allowedMethods)"), method,
                route.rawValue)
            response.headers["Allow"] = route.allowedMethods
            return response
        }
        if route.isAdmin, let refusal = adminRefusal(of: request) {
            return refuse(refusal, method, route.rawValue)
        }
        // The test endpoints of another project: Google's emulator in single project mode answers 400.
        if route.isEmulatorEndpoint, var refusal = projectRefusal(of: request) {
            refusal.status = 400
            return refuse(refusal, method, route.rawValue)
        }
        // The owner credential makes a v1 call the administrator's, as Google's APIs take an OAuth credential in
        // place of an API key and the emulator's `Bearer owner` stands for one: `accounts:update` by `localId`.
        if let administrator = route.administratorVariant, carriesOwnerCredential(request) {
            route = administrator
        }
        // Naming another project takes an administrator's credential; an API key is not enough.
        if route.needsAPIKey, Self.namesTargetProject(request) {
            return refuse(
                HTTPFaceError(
                    "INSUFFICIENT_PERMISSION", detail: "only the owner credential may name targetProjectId",
                    bareDetail: "Only authenticated requests can specify target_project_id."), method,
                route.rawValue)
        }
        if route.needsAPIKey, Self.apiKey(of: request) == nil {
            return refuse(
                HTTPFaceError("MISSING_API_KEY", status: 403, detail: "the key query parameter is required"), method,
                route.rawValue)
        }
        do throws(HTTPFaceError) {
            let body = try answerForTenant(route, request)
            tracer.record(
                .backend, Self.component, .backendHTTPAnswered(method: method, route: route.rawValue, status: 200))
            var headers = Self.jsonHeaders
            headers["Cache-Control"] = route.cacheControl
            return HTTPResponse(status: 200, headers: headers, body: body.encoded)
        } catch {
            return refuse(error, method, route.rawValue)
        }
    }

    /// The answer of a route whose method and key were checked.
    func answer(_ route: FaceRoute, _ request: HTTPRequest) throws(HTTPFaceError) -> JSONValue {
        switch route {
        case .signUp: try signUp(RequestFields(jsonBody: request.body))
        case .signInWithPassword: try signInWithPassword(RequestFields(jsonBody: request.body))
        case .signInWithIdp: try signInWithIdp(RequestFields(jsonBody: request.body))
        case .signInWithCustomToken: try signInWithCustomToken(RequestFields(jsonBody: request.body))
        case .createAuthUri: try createAuthUri(RequestFields(jsonBody: request.body))
        case .signInWithEmailLink: try signInWithEmailLink(RequestFields(jsonBody: request.body))
        case .sendVerificationCode: try sendVerificationCode(RequestFields(jsonBody: request.body))
        case .signInWithPhoneNumber: try signInWithPhoneNumber(RequestFields(jsonBody: request.body))
        case .lookup: try lookup(RequestFields(jsonBody: request.body))
        case .update: try update(RequestFields(jsonBody: request.body))
        case .delete: try delete(RequestFields(jsonBody: request.body))
        case .revokeToken: try revokeToken(RequestFields(jsonBody: request.body))
        case .mfaEnrollmentStart: try mfaEnrollmentStart(RequestFields(jsonBody: request.body))
        case .mfaEnrollmentFinalize: try mfaEnrollmentFinalize(RequestFields(jsonBody: request.body))
        case .mfaEnrollmentWithdraw: try mfaEnrollmentWithdraw(RequestFields(jsonBody: request.body))
        case .mfaSignInStart: try mfaSignInStart(RequestFields(jsonBody: request.body))
        case .mfaSignInFinalize: try mfaSignInFinalize(RequestFields(jsonBody: request.body))
        case .passkeyEnrollmentStart: try passkeyEnrollmentStart(RequestFields(jsonBody: request.body))
        case .passkeyEnrollmentFinalize: try passkeyEnrollmentFinalize(RequestFields(jsonBody: request.body))
        case .passkeySignInStart: try passkeySignInStart(RequestFields(jsonBody: request.body))
        case .passkeySignInFinalize: try passkeySignInFinalize(RequestFields(jsonBody: request.body))
        case .sendOobCode: try sendOobCode(RequestFields(jsonBody: request.body))
        case .resetPassword: try resetPassword(RequestFields(jsonBody: request.body))
        case .token: try token(Self.tokenFields(of: request))
        case .sessionKeySet: try sessionKeySet()
        case .recaptchaParams:
            .object([
                "kind": "identitytoolkit#GetRecaptchaParamResponse",
                "recaptchaStoken": "not-a-recaptcha-token__signin-demo-serve-checks-no-recaptcha",
                "recaptchaSiteKey": "not-a-site-key__signin-demo-serve-checks-no-recaptcha",
            ])
        case .status: .object(["authEmulator": .object(["ready": true, "projectId": .string(projectID)])])
        case .sessionCertificates: try sessionCertificates()
        case .rotateSessionKeys: try rotateSessionKeys()
        case .oobCodes: try oobCodes(origin: Self.origin(of: request))
        case .verificationCodes: try verificationCodes()
        case .deleteAllAccounts: try deleteAllAccounts()
        case .config: config()
        case .updateConfig: try updateConfig(RequestFields(jsonBody: request.body))
        case .clock: try clock()
        case .advanceClock: try advanceClock(RequestFields(jsonBody: request.body))
        case .resetClock: try resetClock()
        case .appleAccount: try appleAccount()
        case .appleAuthorize: try appleAuthorize(Self.simulatorFields(of: request))
        case .appleCredentialState: try appleCredentialState(Self.simulatorFields(of: request))
        case .appleRevoke: try appleRevoke(Self.simulatorFields(of: request))
        case .googleAccounts: try googleAccounts()
        case .googleSignIn: try googleSignIn(Self.simulatorFields(of: request))
        case .adminCreate: try adminCreate(RequestFields(jsonBody: request.body))
        case .adminLookup: try adminLookup(RequestFields(jsonBody: request.body))
        case .adminBatchGet: try adminBatchGet(Self.queryFields(of: request.url))
        case .adminUpdate: try adminUpdate(RequestFields(jsonBody: request.body))
        case .adminDelete: try adminDelete(RequestFields(jsonBody: request.body))
        case .adminBatchDelete: try adminBatchDelete(RequestFields(jsonBody: request.body))
        case .adminBatchCreate: try adminBatchCreate(RequestFields(jsonBody: request.body))
        case .adminDownloadAccount: try adminBatchGet(RequestFields(jsonBody: request.body))
        case .adminQuery: try adminQuery(RequestFields(jsonBody: request.body))
        case .adminCreateSessionCookie: try adminCreateSessionCookie(RequestFields(jsonBody: request.body))
        case .adminSendOobCode:
            try adminSendOobCode(RequestFields(jsonBody: request.body), origin: Self.origin(of: request))
        case .adminConfig: adminConfig()
        case .adminUpdateConfig:
            try adminUpdateConfig(RequestFields(jsonBody: request.body), mask: Self.queryFields(of: request.url))
        case .adminTenants:
            try adminTenants(Self.queryFields(of: request.url), project: Self.projectInPath(of: request))
        case .adminCreateTenant:
            try adminCreateTenant(RequestFields(jsonBody: request.body), project: Self.projectInPath(of: request))
        case .adminTenant: try adminTenant(Self.tenantInPath(of: request), project: Self.projectInPath(of: request))
        case .adminUpdateTenant:
            try adminUpdateTenant(
                Self.tenantInPath(of: request), RequestFields(jsonBody: request.body),
                mask: Self.queryFields(of: request.url), project: Self.projectInPath(of: request))
        case .adminDeleteTenant: try adminDeleteTenant(Self.tenantInPath(of: request))
        case .idpSignIn: try idpSignIn(Self.simulatorFields(of: request))
        case .appAPI: throw HTTPFaceError("NOT_FOUND", status: 404)
        }
    }

    private func refuse(_ error: HTTPFaceError, _ method: String, _ route: String) -> HTTPResponse {
        tracer.record(
            .backend, Self.component,
            .backendHTTPRefused(method: method, route: route, status: error.status, code: error.code))
        return error.response(bare: bareErrorMessages)
    }

    // MARK: - Translating

    /// Runs a call on the core, its refusal becoming the face's error with the code unchanged.
    func core<T>(_ body: () throws(IdentityBackendError) -> T) throws(HTTPFaceError) -> T {
        do throws(IdentityBackendError) {
            return try body()
        } catch {
            throw HTTPFaceError(error)
        }
    }

    /// The headers of every JSON answer.
    static let jsonHeaders = ["Content-Type": "application/json; charset=UTF-8"]

    static let component = "EmbeddedHTTPFace.handle"

    /// The URL's path with its percent-escapes decoded, or `nil` when they are not valid UTF-8.
    static func decodedPath(of url: URL) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath.removingPercentEncoding
    }

    /// The request's API key: the `key` query parameter, or the `x-goog-api-key` header, as Google's APIs take it.
    static func apiKey(of request: HTTPRequest) -> String? {
        let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first {
            $0.name == "key"
        }
        if let value = query?.value, !value.isEmpty { return value }
        let header = request.headers.first { $0.key.lowercased() == "x-goog-api-key" }?.value
        return header.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether a JSON body names `targetProjectId`.
    static func namesTargetProject(_ request: HTTPRequest) -> Bool {
        guard let body = request.body, case .object(let fields)? = JSONValue.decode(body) else { return false }
        return fields["targetProjectId"].map { $0 != .null } ?? false
    }

    /// Whether the request carries the emulator's owner credential (`Authorization: Bearer owner`, in any case, as
    /// Google's emulator takes it), or with ``takesGoogleAccessTokensAsOwner`` a Google access token's form.
    func carriesOwnerCredential(_ request: HTTPRequest) -> Bool {
        let authorization = request.headers.first { $0.key.lowercased() == "authorization" }?.value ?? ""
        if authorization.lowercased() == "bearer owner" { return true }
        return takesGoogleAccessTokensAsOwner && authorization.hasPrefix("Bearer ya29.")
            && authorization.count > "Bearer ya29.".count
    }

    /// The method as the trace shows it: a standard one, or `?` for anything else a client sent.
    static func traceableMethod(_ method: String) -> String {
        ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"].contains(method) ? method : "?"
    }

    /// The Secure Token API's fields: a form (`grant_type=refresh_token&refresh_token=…`), or a JSON object when
    /// the request says so or the body starts with `{`.
    static func tokenFields(of request: HTTPRequest) throws(HTTPFaceError) -> RequestFields {
        let body = request.body ?? Data()
        let contentType = request.headers.first { $0.key.lowercased() == "content-type" }?.value.lowercased() ?? ""
        let firstByte = body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if contentType.contains("json") || firstByte == UInt8(ascii: "{") {
            return try RequestFields(jsonBody: body)
        }
        guard let form = FormURLEncoded.decode(body) else {
            throw HTTPFaceError("INVALID_REQUEST", detail: "the body must be form-urlencoded UTF-8")
        }
        return RequestFields(form: form)
    }

    /// A simulator's JSON fields; a request with no body has none.
    static func simulatorFields(of request: HTTPRequest) throws(HTTPFaceError) -> RequestFields {
        guard let body = request.body, body.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            return RequestFields([:])
        }
        return try RequestFields(jsonBody: body)
    }
}
