import Foundation
import SignInData
import SignInEmbeddedBackend
import SignInJOSE

/// Tenants: a request for one of the project's tenants is answered by that tenant's own backend
/// (``TenantDirectory``), and the Admin API v2 manages them (`…/v2/projects/{id}/tenants`).
///
/// A request names its tenant in up to three places: its path (`…/projects/{id}/tenants/{tenant}/…`), its body's
/// `tenantId`, and the token it carries (an ID token's `firebase.tenant`, a refresh token's `r.<tenant>.` prefix).
/// When two of them disagree it is `TENANT_ID_MISMATCH`, before anything else is read. A tenant whose sign-in is
/// off (`disableAuth`) answers every such call `PROJECT_DISABLED`.
extension EmbeddedHTTPFace {
    /// The answer of a route whose method and key were checked: the tenant's backend's when the request names a
    /// tenant, else this face's own.
    func answerForTenant(_ route: FaceRoute, _ request: HTTPRequest) throws(HTTPFaceError) -> JSONValue {
        guard route.isTenantScoped, let tenantID = try requestedTenant(route, request) else {
            return try answer(route, request)
        }
        guard let tenants else {
            throw HTTPFaceError(IdentityBackendError(.tenantNotFound, message: "this server keeps no tenants"))
        }
        let tenant = try tenants.tenant(tenantID)
        var face = EmbeddedHTTPFace(backend: tenant.backend, testClock: testClock)
        face.bareErrorMessages = bareErrorMessages
        face.servesAnyProjectID = servesAnyProjectID
        face.takesSecondFactorsAtSignUp = takesSecondFactorsAtSignUp
        face.takesGoogleAccessTokensAsOwner = takesGoogleAccessTokensAsOwner
        face.writesActionLinks = writesActionLinks
        if !route.isEmulatorEndpoint {
            try core { () throws(IdentityBackendError) in try tenant.backend.identityService.requireSignInEnabled() }
        }
        try Self.refuseOutsideTenantSettings(route, request, tenant)
        return Self.naming(tenantID, in: try face.answer(route, request))
    }

    /// Refuses what a tenant does not do: phone sign-in, which Google's emulator keeps to the project
    /// (`UNSUPPORTED_TENANT_OPERATION`), and second factors while its `mfaConfig` has them off, or a phone factor
    /// while `PHONE_SMS` is not among its providers (`OPERATION_NOT_ALLOWED`).
    static func refuseOutsideTenantSettings(
        _ route: FaceRoute, _ request: HTTPRequest, _ tenant: TenantDirectory.Tenant
    )
        throws(HTTPFaceError)
    {
        switch route {
        case .sendVerificationCode, .signInWithPhoneNumber:
            throw HTTPFaceError(
                "UNSUPPORTED_TENANT_OPERATION", detail: "phone sign-in is the project's, not a tenant's")
        case .mfaEnrollmentStart, .mfaEnrollmentFinalize, .mfaSignInStart, .mfaSignInFinalize:
            guard tenant.mfaConfig["state"] == "ENABLED" else {
                throw HTTPFaceError("OPERATION_NOT_ALLOWED", detail: "second factors are off for this tenant")
            }
            var fields: [String: JSONValue] = [:]
            if let body = request.body, case .object(let object)? = JSONValue.decode(body) { fields = object }
            let isTOTP = fields["totpEnrollmentInfo"] != nil || fields["totpVerificationInfo"] != nil
            guard !isTOTP else { return }
            guard case .array(let providers)? = tenant.mfaConfig["enabledProviders"], providers.contains("PHONE_SMS")
            else {
                throw HTTPFaceError("OPERATION_NOT_ALLOWED", detail: "PHONE_SMS is not among this tenant's providers")
            }
        default: return
        }
    }

    /// The tenant the request names, or `nil` for the project's own accounts.
    /// - Throws: `TENANT_ID_MISMATCH` when its path, its body and its token name different tenants.
    func requestedTenant(_ route: FaceRoute, _ request: HTTPRequest) throws(HTTPFaceError) -> String? {
        var named: [String] = []
        if let inPath = Self.tenantScope(of: request) { named.append(inPath) }
        if route == .token {
            let fields = try Self.tokenFields(of: request)
            if let refreshToken = try Self.either(fields, "refresh_token", "refreshToken"),
                let inToken = Self.tenant(ofRefreshToken: refreshToken)
            {
                named.append(inToken)
            }
        } else if let body = request.body, case .object(let fields)? = JSONValue.decode(body) {
            if case .string(let inBody)? = fields["tenantId"], !inBody.isEmpty { named.append(inBody) }
            if case .string(let idToken)? = fields["idToken"], let inToken = Self.tenant(ofIDToken: idToken) {
                named.append(inToken)
            }
        }
        guard let first = named.first else { return nil }
        guard named.allSatisfy({ $0 == first }) else {
            throw HTTPFaceError(
                IdentityBackendError(.tenantIdMismatch, message: "the path, the body and the token name other tenants"))
        }
        return first
    }

    /// The tenant a tenant-scoped path names: `…/projects/{id}/tenants/{tenant}/…`, or `nil`.
    static func tenantScope(of request: HTTPRequest) -> String? {
        let segments = (decodedPath(of: request.url) ?? "").split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count > 7, segments[3] == "projects", segments[5] == "tenants", !segments[6].isEmpty else {
            return nil
        }
        return String(segments[6])
    }

    /// The project id a path names fourth (`/identitytoolkit.googleapis.com/v2/projects/{id}/…`).
    static func projectInPath(of request: HTTPRequest) -> String {
        let segments = (decodedPath(of: request.url) ?? "").split(separator: "/", omittingEmptySubsequences: false)
        return segments.count > 4 ? String(segments[4]) : ""
    }

    /// The tenant the Admin API v2 path `…/v2/projects/{id}/tenants/{tenant}` names.
    static func tenantInPath(of request: HTTPRequest) -> String {
        String((decodedPath(of: request.url) ?? "").split(separator: "/", omittingEmptySubsequences: false).last ?? "")
    }

    /// The `firebase.tenant` of an ID token, read without checking it (the tenant's backend checks it), or `nil`.
    static func tenant(ofIDToken token: String) -> String? {
        guard let parts = JWS.parse(token), case .object(let claims)? = JSONValue.decode(Data(parts.payload)),
            case .object(let firebase)? = claims["firebase"], case .string(let tenant)? = firebase["tenant"]
        else { return nil }
        return tenant
    }

    /// The tenant a tenant's refresh token starts with (`r.<tenant>.…`), or `nil`.
    static func tenant(ofRefreshToken token: String) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "r", !parts[1].isEmpty else { return nil }
        return String(parts[1])
    }

    /// A tenant's answer naming it, as Firebase's do: each user record and a sign-in's answer carry `tenantId`.
    static func naming(_ tenantID: String, in answer: JSONValue) -> JSONValue {
        guard case .object(var object) = answer else { return answer }
        if case .array(let users)? = object["users"] {
            object["users"] = .array(
                users.map { user in
                    guard case .object(var record) = user else { return user }
                    record["tenantId"] = .string(tenantID)
                    return .object(record)
                })
        }
        if object["localId"] != nil { object["tenantId"] = .string(tenantID) }
        return .object(object)
    }

    // MARK: - The Admin API v2: tenants

    /// `GET …/tenants?pageSize=N&pageToken=T`: the tenants by id, a page at a time. Every page but an empty one
    /// carries a `nextPageToken` when it is full, as Firebase's.
    func adminTenants(_ query: RequestFields, project: String) throws(HTTPFaceError) -> JSONValue {
        let directory = try tenantDirectory()
        let size = try Int(query.text("pageSize") ?? "") ?? 20
        guard (1...1000).contains(size) else {
            throw HTTPFaceError("INVALID_PAGE_SIZE", detail: "pageSize is 1 to 1000")
        }
        let after = try query.text("pageToken")
        let page = directory.all().filter { after == nil || $0.id > after ?? "" }.prefix(size)
        var object: [String: JSONValue] = ["tenants": .array(page.map { tenantObject($0, project: project) })]
        if page.count == size, let last = page.last { object["nextPageToken"] = .string(last.id) }
        return .object(object)
    }

    /// `POST …/tenants`: a new tenant with the settings given; those left out are off, as Firebase's defaults.
    func adminCreateTenant(_ fields: RequestFields, project: String) throws(HTTPFaceError) -> JSONValue {
        let tenant = try tenantDirectory().create { tenant throws(HTTPFaceError) in
            try Self.apply(fields, to: &tenant, named: { _ in true }, fullDefaults: false)
        }
        return tenantObject(tenant, project: project)
    }

    /// `GET …/tenants/{tenant}`.
    func adminTenant(_ id: String, project: String) throws(HTTPFaceError) -> JSONValue {
        tenantObject(try tenantDirectory().tenant(id), project: project)
    }

    /// `PATCH …/tenants/{tenant}?updateMask=a,b.c`: changes the fields the mask names (a path into a field that
    /// has no parts, such as `displayName.0`, changes nothing), or with no mask every field, those left out going back
    /// to Firebase's defaults.
    func adminUpdateTenant(_ id: String, _ fields: RequestFields, mask: RequestFields, project: String)
        throws(HTTPFaceError) -> JSONValue
    {
        let paths = (try mask.text("updateMask") ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let tenant = try tenantDirectory().update(id) { tenant throws(HTTPFaceError) in
            try Self.apply(
                fields, to: &tenant,
                named: { field in paths.isEmpty || paths.contains { $0 == field || field.hasPrefix($0 + ".") } },
                fullDefaults: paths.isEmpty)
        }
        return tenantObject(tenant, project: project)
    }

    /// `DELETE …/tenants/{tenant}`: the tenant and every account it has.
    func adminDeleteTenant(_ id: String) throws(HTTPFaceError) -> JSONValue {
        try tenantDirectory().delete(id)
        return .object([:])
    }

    private func tenantDirectory() throws(HTTPFaceError) -> TenantDirectory {
        guard let tenants else { throw HTTPFaceError("NOT_FOUND", status: 404, detail: "this server keeps no tenants") }
        return tenants
    }

    /// Sets the fields `named` accepts from `fields`; with `fullDefaults`, a named field left out goes back to its
    /// default (off, no name, second factors disabled).
    private static func apply(
        _ fields: RequestFields, to tenant: inout TenantDirectory.Tenant, named: (String) -> Bool, fullDefaults: Bool
    ) throws(HTTPFaceError) {
        var settings = tenant.backend.identityService.projectSettings
        func flag(_ name: String, _ current: Bool) throws(HTTPFaceError) -> Bool {
            guard named(name) else { return current }
            return try fields.bool(name) ?? (fullDefaults ? false : current)
        }
        settings.signInEnabled = !(try flag("disableAuth", !settings.signInEnabled))
        settings.passwordSignInEnabled = try flag("allowPasswordSignup", settings.passwordSignInEnabled)
        settings.guestSignUpEnabled = try flag("enableAnonymousUser", settings.guestSignUpEnabled)
        settings.emailLinkSignInEnabled = try flag("enableEmailLinkSignin", settings.emailLinkSignInEnabled)
        let changed = settings
        tenant.backend.identityService.updateProjectSettings { $0 = changed }
        if named("displayName") {
            tenant.displayName = try fields.text("displayName") ?? (fullDefaults ? nil : tenant.displayName)
        }
        let mfa = try fields.object("mfaConfig")
        if named("mfaConfig.state") {
            if let state = try mfa?.text("state") {
                tenant.mfaConfig["state"] = .string(state)
            } else if fullDefaults {
                tenant.mfaConfig["state"] = "DISABLED"
            }
        }
        if named("mfaConfig.enabledProviders") {
            if let providers = try mfa?.strings("enabledProviders") {
                tenant.mfaConfig["enabledProviders"] = .array(providers.map(JSONValue.string))
            } else if fullDefaults {
                tenant.mfaConfig["enabledProviders"] = .array([])
            }
        }
    }

    /// A tenant as Firebase's Admin API writes it, named under `project` (the project id of the request's path).
    func tenantObject(_ tenant: TenantDirectory.Tenant, project: String) -> JSONValue {
        let settings = tenant.backend.identityService.projectSettings
        var object: [String: JSONValue] = [
            "name": .string("projects/\(project)/tenants/\(tenant.id)"), "tenantId": .string(tenant.id),
            "disableAuth": .bool(!settings.signInEnabled), "allowPasswordSignup": .bool(settings.passwordSignInEnabled),
            "enableAnonymousUser": .bool(settings.guestSignUpEnabled),
            "enableEmailLinkSignin": .bool(settings.emailLinkSignInEnabled), "mfaConfig": .object(tenant.mfaConfig),
        ]
        object["displayName"] = tenant.displayName.map(JSONValue.string)
        return .object(object)
    }
}
