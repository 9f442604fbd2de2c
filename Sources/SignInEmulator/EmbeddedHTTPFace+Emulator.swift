import SignInData
import SignInEmbeddedBackend

/// The Firebase Auth emulator's test endpoints, under `/emulator/v1/projects/{projectId}/` (any project id):
/// the reset codes still pending, and deleting every account between tests. They need no API key, as the
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
}
