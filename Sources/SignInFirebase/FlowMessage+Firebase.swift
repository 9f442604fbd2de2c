import SignInDomain

/// The steps ``FirebaseIdentityBackend`` traces. Never a token, a password, a code or the API key: a request is
/// traced by its method's name, a refusal by Firebase's error code.
extension FlowMessage {
    static func firebaseRequest(method: String) -> FlowMessage {
        FlowMessage("firebase.request", "POST {method} to Firebase Authentication", ["method": method])
    }

    static func firebaseRefused(method: String, code: String) -> FlowMessage {
        FlowMessage("firebase.refused", "{method} refused: {code}", ["method": method, "code": code])
    }

    static var firebaseRevokeLocalOnly: FlowMessage {
        FlowMessage(
            "firebase.revokeLocalOnly",
            "Firebase has no call that revokes one refresh token: the session is forgotten on this device only")
    }
}
