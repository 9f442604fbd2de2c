import SignInDomain

/// The steps ``RESTIdentityBackend`` traces. Never a token, a password, a code or a body: a request is traced by
/// its method and configured path, a refusal by the status and the mapped code.
extension FlowMessage {
    static func restRequest(call: String) -> FlowMessage {
        FlowMessage("rest.request", "{call} to the app's identity API", ["call": call])
    }

    static func restRefused(call: String, status: Int, code: String) -> FlowMessage {
        FlowMessage(
            "rest.refused", "{call} refused with {status}: {code}",
            ["call": call, "status": String(status), "code": code])
    }

    static var restRevokeLocalOnly: FlowMessage {
        FlowMessage(
            "rest.revokeLocalOnly",
            "The identity API has no sign-out route: the session is forgotten on this device only")
    }
}
