import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore

/// Firebase's Admin API as the Admin SDKs call it on an emulator (`/identitytoolkit.googleapis.com/v1/projects/
/// {projectId}/accounts…`): create, look up, list, update and delete accounts. Only the emulator's owner credential
/// (`Authorization: Bearer owner`, what the Admin SDKs send to an emulator) may call it, and only for the backend's
/// project: a user's ID token, no credential or another project is refused.
extension EmbeddedHTTPFace {
    /// Why an Admin API request is refused before it is read, or `nil`: the credential, then the project.
    func adminRefusal(of request: HTTPRequest) -> HTTPFaceError? {
        let authorization = request.headers.first { $0.key.lowercased() == "authorization" }?.value ?? ""
        guard authorization.lowercased().hasPrefix("bearer ") else {
            return HTTPFaceError("UNAUTHENTICATED", status: 401, detail: "the Admin API needs the owner credential")
        }
        guard carriesOwnerCredential(request) else {
            return HTTPFaceError(
                "INSUFFICIENT_PERMISSION", status: 403, detail: "only the emulator's owner credential may call it")
        }
        return projectRefusal(of: request)
    }

    /// `PROJECT_NOT_FOUND` for a path that names another project than this emulator's (the Admin API's
    /// `…/v1/projects/{id}/…` and the test endpoints' `/emulator/v1/projects/{id}/…` both name it fourth), or `nil`.
    func projectRefusal(of request: HTTPRequest) -> HTTPFaceError? {
        let path = Self.decodedPath(of: request.url) ?? ""
        // A legacy v3 call names it in its body, as `targetProjectId`; without one, it is this project.
        if path.hasPrefix(FaceRoute.legacyRelyingParty) {
            guard let body = request.body, case .object(let fields)? = JSONValue.decode(body),
                case .string(let target)? = fields["targetProjectId"], target != projectID, !servesAnyProjectID
            else { return nil }
            return HTTPFaceError(
                "PROJECT_NOT_FOUND", status: 404, detail: "this emulator serves \(projectID) only (single project mode)"
            )
        }
        // `projects/{id}:createSessionCookie` names it before the colon.
        let segment = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst(4).first ?? ""
        let project = segment.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard project == projectID || servesAnyProjectID else {
            return HTTPFaceError(
                "PROJECT_NOT_FOUND", status: 404, detail: "this emulator serves \(projectID) only (single project mode)"
            )
        }
        return nil
    }

    /// `POST …/accounts`: a new account (`localId`, `email`, `password`, `displayName`, `photoUrl`, `emailVerified`,
    /// `disabled`).
    func adminCreate(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        // An ID token names an account that exists: it takes no uid of the caller's choosing.
        if try fields.text("idToken") != nil, try fields.string("localId") != nil {
            throw HTTPFaceError(
                "UNEXPECTED_PARAMETER", detail: "with an idToken, localId is not taken", bareDetail: "User ID")
        }
        var new = EmbeddedIdentityService.NewAccount(
            uid: try fields.string("localId"), email: try fields.text("email"),
            password: try fields.string("password").map { Secret($0) }, displayName: try fields.text("displayName"),
            photoURL: try fields.text("photoUrl"), emailVerified: try fields.bool("emailVerified") ?? false,
            disabled: try fields.bool("disabled") ?? false)
        new.phoneNumber = try fields.string("phoneNumber")
        new.secondFactors = try Self.secondFactorEntries(fields.objects("mfaInfo"), requiringIDs: false)
        let account = try core { () throws(IdentityBackendError) in try service.createAccount(new) }
        var object = Self.accountFields(account.info)
        object["kind"] = "identitytoolkit#SignupNewUserResponse"
        return .object(object)
    }

    /// `POST …/accounts:lookup`: the accounts with the listed `localId`s, `email`s and `phoneNumber`s (`users` is absent when
    /// none is found, as Firebase answers).
    func adminLookup(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        let uids = try fields.strings("localId") ?? []
        let emails = try fields.strings("email") ?? []
        let phoneNumbers = try fields.strings("phoneNumber") ?? []
        let federated = try fields.objects("federatedUserId").map { entry throws(HTTPFaceError) in
            LinkedIdentity(providerId: try entry.text("providerId") ?? "", subject: try entry.text("rawId") ?? "")
        }
        let accounts = try core { () throws(IdentityBackendError) in
            try service.accounts(uids: uids, emails: emails, phoneNumbers: phoneNumbers, identities: federated)
        }
        var object: [String: JSONValue] = ["kind": "identitytoolkit#GetAccountInfoResponse"]
        if !accounts.isEmpty { object["users"] = .array(accounts.map(Self.userObject)) }
        return .object(object)
    }

    /// `GET …/accounts:batchGet?maxResults=N&nextPageToken=T`: a page of every account, by uid.
    func adminBatchGet(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        let maximum = try fields.integer("maxResults") ?? 1000
        guard (1...1000).contains(maximum) else {
            throw HTTPFaceError("INVALID_PAGE_SELECTION", detail: "maxResults is 1 to 1000")
        }
        let token = try fields.text("nextPageToken")
        let page = try core { () throws(IdentityBackendError) in
            try service.accounts(maximumCount: maximum, after: token)
        }
        var object: [String: JSONValue] = ["kind": "identitytoolkit#DownloadAccountResponse"]
        if !page.accounts.isEmpty { object["users"] = .array(page.accounts.map(Self.userObject)) }
        object["nextPageToken"] = page.nextPageToken.map(JSONValue.string)
        return .object(object)
    }

    /// `POST …/accounts:update` with a `localId`: an administrator's changes (`email`, `password`, `displayName`,
    /// `photoUrl`, `phoneNumber`, `deleteAttribute: ["DISPLAY_NAME", "PHOTO_URL", "PHONE_NUMBER"]`, `deleteProvider`,
    /// `emailVerified`, `disableUser`, `validSince`, `customAttributes`).
    func adminUpdate(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        guard let uid = try fields.text("localId") else { throw HTTPFaceError("MISSING_LOCAL_ID") }
        let deleted = try fields.strings("deleteAttribute") ?? []
        if let other = deleted.first(where: { !["DISPLAY_NAME", "PHOTO_URL", "PHONE_NUMBER"].contains($0) }) {
            throw HTTPFaceError("INVALID_REQUEST", detail: "cannot delete the attribute \(other)")
        }
        var changes = EmbeddedIdentityService.AccountChanges(
            email: try fields.text("email"), password: try fields.string("password").map { Secret($0) },
            displayName: try fields.text("displayName"), deleteDisplayName: deleted.contains("DISPLAY_NAME"),
            emailVerified: try fields.bool("emailVerified"), disabled: try fields.bool("disableUser"),
            validSince: try fields.integer("validSince"), customAttributes: try fields.string("customAttributes"),
            photoURL: deleted.contains("PHOTO_URL") ? "" : try fields.text("photoUrl"))
        changes.deleteProviders = try fields.strings("deleteProvider") ?? []
        changes.phoneNumber = try fields.string("phoneNumber")
        if let mfa = try fields.object("mfa") {
            // Left out, the list is empty; given, it must be one (Google's words, whole).
            if mfa.isNull("enrollments") {
                throw HTTPFaceError("Invalid JSON payload received. /mfa/enrollments must be array")
            }
            changes.secondFactors = try Self.secondFactorEntries(mfa.objects("enrollments"), requiringIDs: true)
        }
        if deleted.contains("PHONE_NUMBER") { changes.phoneNumber = "" }
        let account = try core { () throws(IdentityBackendError) in try service.updateAccount(uid: uid, changes) }
        var object = Self.accountFields(account.info)
        object["kind"] = "identitytoolkit#SetAccountInfoResponse"
        object["emailVerified"] = .bool(account.emailVerified)
        if let phoneNumber = account.phoneNumber { object["phoneNumber"] = .string(phoneNumber) }
        return .object(object)
    }

    /// `POST …/accounts:delete` with a `localId`.
    func adminDelete(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        guard let uid = try fields.text("localId") else { throw HTTPFaceError("MISSING_LOCAL_ID") }
        try core { () throws(IdentityBackendError) in try service.deleteAccount(uid: uid) }
        return .object(["kind": "identitytoolkit#DeleteAccountResponse"])
    }

    /// `POST …/accounts:batchDelete` (`localIds`, `force`): deletes the disabled accounts among them, or all with
    /// `force`; each enabled one is listed in `errors` with its position, and the call still succeeds.
    func adminBatchDelete(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        let uids = try fields.strings("localIds") ?? []
        let force = try fields.bool("force") ?? false
        let left = try core { () throws(IdentityBackendError) in try service.deleteAccounts(uids: uids, force: force) }
        var object: [String: JSONValue] = ["kind": "identitytoolkit#BatchDeleteAccountsResponse"]
        if !left.isEmpty {
            object["errors"] = .array(
                left.map { entry in
                    .object([
                        "index": .integer(entry.index), "localId": .string(entry.uid),
                        "message": "NOT_DISABLED : Disable the account before batch deletion.",
                    ])
                })
        }
        return .object(object)
    }

    /// `POST …/accounts:batchCreate` (`users`, `allowOverwrite`, `sanityCheck`; the legacy `uploadAccount`): imports
    /// the accounts; each entry that is refused is listed in `error` with its index, and the call still succeeds.
    /// A password comes as `rawPassword`, or as `passwordHash` and `salt` (base64url) under the request's
    /// `hashAlgorithm` and its parameters (``importHashing(_:)``).
    func adminBatchCreate(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        var entries: [EmbeddedIdentityService.ImportedAccount] = []
        for user in try fields.objects("users") {
            var entry = EmbeddedIdentityService.ImportedAccount(
                uid: try user.string("localId"), email: try user.string("email"),
                password: try user.string("rawPassword").map { Secret($0) })
            entry.emailVerified = try user.bool("emailVerified") ?? false
            entry.displayName = try user.string("displayName")
            entry.photoURL = try user.string("photoUrl")
            entry.phoneNumber = try user.string("phoneNumber")
            entry.customAttributes = try user.string("customAttributes")
            entry.disabled = try user.bool("disabled") ?? false
            entry.tenantID = try user.string("tenantId")
            entry.secondFactors = try Self.secondFactorEntries(user.objects("mfaInfo"), requiringIDs: false)
            entry.identities = try user.objects("providerUserInfo").map { info throws(HTTPFaceError) in
                EmbeddedIdentityService.ImportedIdentity(
                    providerId: try info.string("providerId"), rawId: try info.string("rawId"),
                    federatedId: try info.string("federatedId"), email: try info.string("email"))
            }
            entry.passwordHash = try user.text("passwordHash").map { text throws(HTTPFaceError) in
                try Self.decodeBinary(text, "passwordHash")
            }
            entry.salt = try user.text("salt").map { text throws(HTTPFaceError) in try Self.decodeBinary(text, "salt") }
            entries.append(entry)
        }
        let hashing = try Self.importHashing(fields)
        let allowOverwrite = try fields.bool("allowOverwrite") ?? false
        let sanityCheck = try fields.bool("sanityCheck") ?? false
        let failures: [EmbeddedIdentityService.ImportFailure]
        do throws(IdentityBackendError) {
            failures = try service.importAccounts(
                entries, hashing: hashing, allowOverwrite: allowOverwrite, sanityCheck: sanityCheck)
        } catch  where [.duplicateLocalID, .duplicateEmail, .duplicateRawID].contains(error.code) {
            // Firebase names the duplicate after the code: `DUPLICATE_LOCAL_ID : test1`.
            var refusal = HTTPFaceError(error)
            refusal.bareDetail = error.message
            throw refusal
        } catch {
            throw HTTPFaceError(error)
        }
        var object: [String: JSONValue] = ["kind": "identitytoolkit#UploadAccountResponse"]
        if !failures.isEmpty {
            object["error"] = .array(
                failures.sorted { $0.index < $1.index }.map {
                    .object(["index": .integer($0.index), "message": .string($0.message)])
                })
        }
        return .object(object)
    }

    /// The hashing of an import's `passwordHash` entries, from Firebase's fields: `hashAlgorithm`, `signerKey` and
    /// `saltSeparator` (base64url), `rounds`, `memoryCost` (or `cpuMemCost`), `blockSize`, `parallelization`, `dkLen`,
    /// and `passwordHashOrder` (`SALT_AND_PASSWORD` or `PASSWORD_AND_SALT`); `nil` when there is no `hashAlgorithm`.
    /// The core checks the bounds.
    static func importHashing(_ fields: RequestFields) throws(HTTPFaceError) -> ImportedPasswordHashing? {
        guard let name = try fields.text("hashAlgorithm") else { return nil }
        guard let algorithm = ImportedHashAlgorithm(rawValue: name) else {
            throw HTTPFaceError(
                IdentityBackendError(
                    .invalidHashAlgorithm,
                    message: "\(name) is not one of "
                        + ImportedHashAlgorithm.allCases.map(\.rawValue).joined(separator: ", ")))
        }
        var hashing = ImportedPasswordHashing(algorithm)
        hashing.key = try fields.text("signerKey").map { text throws(HTTPFaceError) in
            try decodeBinary(text, "signerKey")
        }
        hashing.saltSeparator = try fields.text("saltSeparator").map { text throws(HTTPFaceError) in
            try decodeBinary(text, "saltSeparator")
        }
        hashing.rounds = try fields.integer("rounds")
        hashing.memoryCost = try fields.integer("memoryCost")
        if hashing.memoryCost == nil { hashing.memoryCost = try fields.integer("cpuMemCost") }
        hashing.blockSize = try fields.integer("blockSize")
        hashing.parallelization = try fields.integer("parallelization")
        hashing.derivedKeyLength = try fields.integer("dkLen")
        switch try fields.enumValue(
            "passwordHashOrder", numbered: [0: "UNSPECIFIED_ORDER", 1: "SALT_AND_PASSWORD", 2: "PASSWORD_AND_SALT"])
        {
        case nil, "UNSPECIFIED_ORDER"?: break
        case "SALT_AND_PASSWORD"?: hashing.passwordFirst = false
        case "PASSWORD_AND_SALT"?: hashing.passwordFirst = true
        case let other?:
            throw HTTPFaceError(
                "INVALID_ARGUMENT", detail: "passwordHashOrder \(other) is not SALT_AND_PASSWORD or PASSWORD_AND_SALT")
        }
        return hashing
    }

    /// `POST …/accounts:query` (`returnUserInfo`, true by default; `limit`, up to 1,000; `offset`): how many accounts
    /// there are (`recordsCount`, a string as Firebase's int64), and those of the page by uid. Filters
    /// (`expression`) are not supported, and are refused rather than ignored.
    func adminQuery(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        if !(try fields.objects("expression")).isEmpty {
            throw HTTPFaceError("INVALID_ARGUMENT", detail: "query expressions are not supported")
        }
        let limit = try fields.integer("limit") ?? 500
        let offset = try fields.integer("offset") ?? 0
        guard (0...1000).contains(limit), offset >= 0 else {
            throw HTTPFaceError("INVALID_ARGUMENT", detail: "limit is 0 to 1000, offset 0 or more")
        }
        let result = try core { () throws(IdentityBackendError) in
            try service.queryAccounts(limit: limit, offset: offset)
        }
        var object: [String: JSONValue] = ["recordsCount": .string(String(result.count))]
        if try fields.bool("returnUserInfo") ?? true {
            object["userInfo"] = .array(result.accounts.map(Self.userObject))
        }
        return .object(object)
    }

    /// `POST …/projects/{id}:createSessionCookie` (`idToken`, `validDuration` in seconds, a string or a number): the
    /// session cookie.
    func adminCreateSessionCookie(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        guard let idToken = try fields.text("idToken") else { throw HTTPFaceError("MISSING_ID_TOKEN") }
        // A string in Google's REST documentation; a number from the Admin SDKs.
        let lifetime = try fields.integer("validDuration")
        let cookie = try core { () throws(IdentityBackendError) in
            try service.createSessionCookie(idToken: Secret(idToken), lifetime: lifetime)
        }
        return .object(["sessionCookie": .string(cookie.value)])
    }

    /// `POST …/accounts:sendOobCode` with `returnOobLink`: the link an administrator hands over instead of a mail
    /// (`generate_password_reset_link`, `generate_email_verification_link`).
    func adminSendOobCode(_ fields: RequestFields, origin: String) throws(HTTPFaceError) -> JSONValue {
        guard let requestType = try fields.enumValue("requestType", numbered: Self.oobRequestTypes) else {
            throw HTTPFaceError("MISSING_REQ_TYPE")
        }
        guard let purpose = EmbeddedIdentityService.PendingMailedCode.Purpose(rawValue: requestType),
            purpose != .recoverEmail
        else {
            throw HTTPFaceError(
                "INVALID_REQ_TYPE",
                detail: "only PASSWORD_RESET, VERIFY_EMAIL, VERIFY_AND_CHANGE_EMAIL and EMAIL_SIGNIN links are made")
        }
        let continueURL = try fields.text("continueUrl")
        if let continueURL, !Self.isAbsoluteURI(continueURL) {
            throw HTTPFaceError("INVALID_CONTINUE_URI", detail: "continueUrl must be an absolute URI with a host")
        }
        guard try fields.bool("returnOobLink") == true else {
            // Without it, the call is a user's: it sends the mail.
            return try sendOobCode(fields)
        }
        // The account by its email, or by the ID token the request carries.
        var email = try fields.text("email")
        if email == nil, let idToken = try fields.text("idToken") {
            email = try core { () throws(IdentityBackendError) in
                try service.lookupAccount(idToken: Secret(idToken)).email
            }
        }
        guard let email else { throw HTTPFaceError("MISSING_EMAIL") }
        let newEmail = try fields.text("newEmail")
        if requestType == "VERIFY_AND_CHANGE_EMAIL", newEmail == nil { throw HTTPFaceError("MISSING_NEW_EMAIL") }
        let link: String?
        do throws(IdentityBackendError) {
            switch purpose {
            case .verifyEmail: link = try service.emailVerificationLink(email: email)
            case .verifyAndChangeEmail: link = try service.emailChangeLink(email: email, newEmail: newEmail ?? "")
            case .emailSignIn: link = try service.emailSignInLink(email: email)
            case .passwordReset, .recoverEmail: link = try service.passwordResetLink(email: email)
            }
        } catch  where error.code == .emailNotFound && service.projectSettings.emailEnumerationProtection {
            // Under email enumeration protection a reset for an unknown email is answered as any other, with no link.
            link = nil
        } catch {
            throw HTTPFaceError(error)
        }
        var object: [String: JSONValue] = [
            "kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": .string(email),
        ]
        let code = link.flatMap(EmbeddedIdentityService.resetCode(inLink:))
        object["oobCode"] = code.map(JSONValue.string)
        object["oobLink"] = link.map { link in
            .string(
                shownLink(
                    link, code: code ?? "", purpose: purpose, origin: origin, continueURL: continueURL))
        }
        return .object(object)
    }

    /// The query parameters of `url`, as string fields.
    static func queryFields(of url: URL) -> RequestFields {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return RequestFields(
            form: Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first }))
    }
}
