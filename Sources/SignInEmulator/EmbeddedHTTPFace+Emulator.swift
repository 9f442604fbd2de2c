import SignInData
import SignInDomain
import SignInEmbeddedBackend

/// The Firebase Auth emulator's test endpoints, under `/emulator/v1/projects/{projectId}/` (this emulator's project;
/// another is `404 PROJECT_NOT_FOUND`):
/// the reset codes still pending, deleting every account between tests, and the project's settings. They need no API key, as the
/// emulator's do; the face is meant for a loopback address only.
extension EmbeddedHTTPFace {
    /// `GET …/oobCodes`: the reset and verification codes that would still be accepted, with the links they were
    /// mailed in.
    func oobCodes() throws(HTTPFaceError) -> JSONValue {
        let pending = try core { () throws(IdentityBackendError) in try service.pendingMailedCodes() }
        return .object([
            "oobCodes": .array(
                pending.map { mailed in
                    .object([
                        "email": .string(mailed.email), "oobCode": .string(mailed.code.value),
                        "oobLink": .string(mailed.link.value), "requestType": .string(mailed.purpose.rawValue),
                    ])
                })
        ])
    }

    /// `DELETE …/accounts`: every account, identity, refresh token and reset code goes.
    func deleteAllAccounts() throws(HTTPFaceError) -> JSONValue {
        try core { () throws(IdentityBackendError) in try service.deleteAllAccounts() }
        return .object([:])
    }

    /// `GET …/config`: the project's settings, in the emulator's shape. One account per email is how this backend
    /// works, so `allowDuplicateEmails` is always false.
    func config() -> JSONValue {
        .object([
            "signIn": .object(["allowDuplicateEmails": .bool(false)]),
            "emailPrivacyConfig": .object([
                "enableImprovedEmailPrivacy": .bool(service.projectSettings.emailEnumerationProtection)
            ]),
        ])
    }

    /// `PATCH …/config`: changes the settings named in the body, and answers with all of them. Email enumeration
    /// protection is `emailPrivacyConfig.enableImprovedEmailPrivacy`; asking for duplicate emails is refused.
    func updateConfig(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        if try fields.object("signIn")?.bool("allowDuplicateEmails") == true {
            throw HTTPFaceError(
                "INVALID_CONFIG",
                detail: "this emulator keeps one account per email: allowDuplicateEmails must be false")
        }
        if let protection = try fields.object("emailPrivacyConfig")?.bool("enableImprovedEmailPrivacy") {
            service.updateProjectSettings { $0.emailEnumerationProtection = protection }
        }
        return config()
    }
}
