import SignInData
import SignInEmbeddedBackend

/// The Firebase Auth emulator's test endpoints, under `/emulator/v1/projects/{projectId}/` (any project id):
/// the reset codes still pending, and deleting every account between tests. They need no API key, as the
/// emulator's do; the face is meant for a loopback address only.
extension EmbeddedHTTPFace {
    /// `GET …/oobCodes`: the reset codes that would still be accepted, with the links they were mailed in.
    func oobCodes() throws(HTTPFaceError) -> JSONValue {
        let pending = try core { () throws(IdentityBackendError) in try service.pendingPasswordResets() }
        return .object([
            "oobCodes": .array(
                pending.map { reset in
                    .object([
                        "email": .string(reset.email), "oobCode": .string(reset.code.value),
                        "oobLink": .string(reset.link.value), "requestType": "PASSWORD_RESET",
                    ])
                })
        ])
    }

    /// `DELETE …/accounts`: every account, identity, refresh token and reset code goes.
    func deleteAllAccounts() throws(HTTPFaceError) -> JSONValue {
        try core { () throws(IdentityBackendError) in try service.deleteAllAccounts() }
        return .object([:])
    }
}
