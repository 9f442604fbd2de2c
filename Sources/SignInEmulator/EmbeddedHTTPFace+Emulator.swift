import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend

/// The Firebase Auth emulator's test endpoints, under `/emulator/v1/projects/{projectId}/` (this emulator's project;
/// another is `404 PROJECT_NOT_FOUND`):
/// the reset codes still pending, deleting every account between tests, the project's settings and, when asked for, the
/// test clock. They need no API key, as the emulator's do; the face is meant for a loopback address only.
extension EmbeddedHTTPFace {
    /// `GET …/oobCodes`: the reset and verification codes that would still be accepted, with the links they were
    /// mailed in (as Firebase's action links under `origin`, with ``writesActionLinks``).
    func oobCodes(origin: String) throws(HTTPFaceError) -> JSONValue {
        let pending = try core { () throws(IdentityBackendError) in try service.pendingMailedCodes() }
        return .object([
            "oobCodes": .array(
                pending.map { mailed in
                    .object(omittingNil: [
                        "email": .string(mailed.email), "oobCode": .string(mailed.code.value),
                        "oobLink": .string(
                            shownLink(
                                mailed.link.value, code: mailed.code.value, purpose: mailed.purpose, origin: origin)),
                        "requestType": .string(mailed.purpose.rawValue),
                        "newEmail": mailed.newEmail.map(JSONValue.string),
                    ])
                })
        ])
    }

    /// `GET …/verificationCodes`: the SMS codes that would still be accepted, with their number and session info.
    func verificationCodes() throws(HTTPFaceError) -> JSONValue {
        let pending = try core { () throws(IdentityBackendError) in try service.pendingSMSCodes() }
        return .object([
            "verificationCodes": .array(
                pending.map { sent in
                    .object([
                        "phoneNumber": .string(sent.phoneNumber), "sessionInfo": .string(sent.sessionInfo.value),
                        "code": .string(sent.code.value),
                    ])
                })
        ])
    }

    /// `DELETE …/accounts`: every account, identity, refresh token and reset code goes.
    func deleteAllAccounts() throws(HTTPFaceError) -> JSONValue {
        try core { () throws(IdentityBackendError) in try service.deleteAllAccounts() }
        return .object([:])
    }

    /// `GET …/config`: the project's settings, in the emulator's shape.
    func config() -> JSONValue {
        .object([
            "signIn": .object(["allowDuplicateEmails": .bool(service.projectSettings.allowsDuplicateEmails)]),
            "emailPrivacyConfig": .object([
                "enableImprovedEmailPrivacy": .bool(service.projectSettings.emailEnumerationProtection)
            ]),
        ])
    }

    /// `PATCH …/config`: changes the settings named in the body, and answers with all of them. Email enumeration
    /// protection is `emailPrivacyConfig.enableImprovedEmailPrivacy`, duplicate emails `signIn.allowDuplicateEmails`.
    func updateConfig(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        if let duplicates = try fields.object("signIn")?.bool("allowDuplicateEmails") {
            service.updateProjectSettings { $0.allowsDuplicateEmails = duplicates }
        }
        if let protection = try fields.object("emailPrivacyConfig")?.bool("enableImprovedEmailPrivacy") {
            service.updateProjectSettings { $0.emailEnumerationProtection = protection }
        }
        return config()
    }
}

/// The test clock, which stands for a test suite's fake timers: on only when the face was given a clock
/// (`serve --test-clock`). It moves every time the backend reads (token lifetimes, code expiry, throttles), forward
/// only; Google's emulator has no such endpoint, because its own tests fake the process's timers.
extension EmbeddedHTTPFace {
    /// `GET …/clock`: the backend's time, in milliseconds since 1970 as a decimal string, and how far it was moved
    /// forward since it was started or put back.
    func clock() throws(HTTPFaceError) -> JSONValue {
        let clock = try enabledTestClock()
        let now = clock.now()
        return .object([
            "nowMillis": .string(String(Self.milliseconds(now))),
            "offsetMillis": .string(String(Int64((clock.offset * 1000).rounded()))),
        ])
    }

    /// `PATCH …/clock` with `{"advanceMillis": "N"}`: moves it forward by N milliseconds (0 to a year), and answers
    /// as `GET` does.
    func advanceClock(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        let clock = try enabledTestClock()
        let oneYear: Int64 = 366 * 24 * 3600 * 1000
        guard let text = try fields.string("advanceMillis"), let millis = Int64(text), (0...oneYear).contains(millis)
        else {
            throw HTTPFaceError(
                "INVALID_ARGUMENT", detail: "advanceMillis must be a whole number of milliseconds from 0 to a year")
        }
        clock.advance(by: TimeInterval(millis) / 1000)
        return try self.clock()
    }

    /// `DELETE …/clock`: back to the system's time.
    func resetClock() throws(HTTPFaceError) -> JSONValue {
        try enabledTestClock().reset()
        return try clock()
    }

    private func enabledTestClock() throws(HTTPFaceError) -> ShiftedClock {
        guard let testClock else {
            throw HTTPFaceError(
                "NOT_FOUND", status: 404, detail: "the test clock is off: start serve with --test-clock")
        }
        return testClock
    }
}

/// The project's configuration as the Admin API v2 has it (`…/v2/projects/{id}/config`, the owner credential only):
/// the settings this backend keeps, in Firebase's shape. Blocking functions are called for `beforeCreate` and
/// `beforeSignIn` (``EmbeddedProjectSettings/blockingFunctions``), with the provider's credentials
/// `forwardInboundCredentials` names; the other events are refused as not supported.
extension EmbeddedHTTPFace {
    /// `GET …/v2/projects/{id}/config`.
    func adminConfig() -> JSONValue {
        let settings = service.projectSettings
        var blocking: [String: JSONValue] = [:]
        if !settings.blockingFunctions.isEmpty {
            blocking["triggers"] = .object(
                Dictionary(
                    uniqueKeysWithValues: settings.blockingFunctions.map { event, uri in
                        (event.rawValue, JSONValue.object(["functionUri": .string(uri)]))
                    }))
        }
        let forwarded = ForwardedCredential.allCases.filter(settings.forwardedCredentials.contains)
        if !forwarded.isEmpty {
            blocking["forwardInboundCredentials"] = .object(
                Dictionary(uniqueKeysWithValues: forwarded.map { ($0.rawValue, JSONValue.bool(true)) }))
        }
        return .object([
            "name": .string("projects/\(projectID)/config"),
            "signIn": .object(["allowDuplicateEmails": .bool(settings.allowsDuplicateEmails)]),
            "emailPrivacyConfig": .object([
                "enableImprovedEmailPrivacy": .bool(settings.emailEnumerationProtection)
            ]),
            "blockingFunctions": .object(blocking),
        ])
    }

    /// `PATCH …/v2/projects/{id}/config?updateMask=a.b,c`: changes the fields the mask names (a field the
    /// configuration does not have is ignored), or with no mask every field, those left out going back to
    /// Firebase's defaults. Answers as `GET` does.
    func adminUpdateConfig(_ fields: RequestFields, mask: RequestFields) throws(HTTPFaceError) -> JSONValue {
        let paths = (try mask.text("updateMask") ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let full = paths.isEmpty
        func named(_ field: String) -> Bool {
            full || paths.contains { $0 == field || $0.hasPrefix(field + ".") || field.hasPrefix($0 + ".") }
        }
        let blocking = try fields.object("blockingFunctions") ?? RequestFields([:])
        var functions: [BlockingFunctionEvent: String]?
        if named("blockingFunctions.triggers") { functions = try Self.blockingFunctions(blocking) }
        var forwarded: Set<ForwardedCredential>?
        if named("blockingFunctions.forwardInboundCredentials") {
            let names = try blocking.object("forwardInboundCredentials") ?? RequestFields([:])
            var chosen: Set<ForwardedCredential> = []
            for credential in ForwardedCredential.allCases where try names.bool(credential.rawValue) == true {
                chosen.insert(credential)
            }
            forwarded = chosen
        }
        if named("signIn.allowDuplicateEmails") {
            let duplicates = try fields.object("signIn")?.bool("allowDuplicateEmails") ?? false
            service.updateProjectSettings { $0.allowsDuplicateEmails = duplicates }
        }
        if named("emailPrivacyConfig.enableImprovedEmailPrivacy") {
            let protection = try fields.object("emailPrivacyConfig")?.bool("enableImprovedEmailPrivacy") ?? false
            service.updateProjectSettings { $0.emailEnumerationProtection = protection }
        }
        if let functions { service.updateProjectSettings { $0.blockingFunctions = functions } }
        if let forwarded { service.updateProjectSettings { $0.forwardedCredentials = forwarded } }
        return adminConfig()
    }

    /// The blocking functions a configuration names: each trigger's event must be Firebase's and its `functionUri`
    /// absolute; `beforeSendEmail` and `beforeSendSms` are not supported.
    static func blockingFunctions(_ blocking: RequestFields) throws(HTTPFaceError) -> [BlockingFunctionEvent: String] {
        let triggers = try blocking.object("triggers") ?? RequestFields([:])
        var functions: [BlockingFunctionEvent: String] = [:]
        for name in triggers.names {
            guard ["beforeCreate", "beforeSignIn", "beforeSendEmail", "beforeSendSms"].contains(name) else {
                throw HTTPFaceError("INVALID_BLOCKING_FUNCTION", detail: "no such event: \(name)")
            }
            let uri = try triggers.object(name)?.text("functionUri") ?? ""
            guard isAbsoluteURI(uri) else {
                throw HTTPFaceError(
                    "INVALID_BLOCKING_FUNCTION", detail: "functionUri must be an absolute URI with a host")
            }
            guard let event = BlockingFunctionEvent(rawValue: name) else {
                throw HTTPFaceError(
                    "UNSUPPORTED_BLOCKING_FUNCTION", detail: "this emulator calls beforeCreate and beforeSignIn only")
            }
            functions[event] = uri
        }
        return functions
    }
}
