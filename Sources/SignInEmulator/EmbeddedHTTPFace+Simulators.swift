import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedIssuers
import SignInEmbeddedStore

/// The server side of the simulated Apple sheet, Google account chooser and registered providers' pages
/// (`/embedded/v1/apple/…`, `/embedded/v1/google/…`, `/embedded/v1/idp/signIn`), so that a client in another process can complete a sign-in: it asks for a token
/// here, then sends it to `accounts:signInWithIdp` as it would send Apple's or Google's. JSON in and out; no API
/// key, as the issuers stand for Apple's and Google's servers, not Firebase.
extension EmbeddedHTTPFace {
    /// `GET /embedded/v1/apple/account`: the Apple ID at the keyboard.
    func appleAccount() throws(HTTPFaceError) -> JSONValue {
        let user = try core { () throws(IdentityBackendError) in try backend.appleIssuer.user() }
        return .object(["name": .string(user.name.formatted ?? "Apple ID"), "email": .string(user.email)])
    }

    /// `POST /embedded/v1/apple/authorize`: the user consents; the issuer signs an identity token for the
    /// request's nonce (the SHA-256 hex of the client's raw nonce). The name and email come only the first time.
    func appleAuthorize(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        let clientID = try fields.text("clientId") ?? backend.configuration.appleClientID
        let nonce = try fields.text("nonce")
        let wantsName = try fields.bool("wantsName") ?? true
        let wantsEmail = try fields.bool("wantsEmail") ?? true
        let shareEmail = try fields.bool("shareEmail") ?? true
        let issued = try core { () throws(IdentityBackendError) in
            try backend.appleIssuer.authorize(
                clientID: clientID, nonceSHA256: nonce, wantsName: wantsName, wantsEmail: wantsEmail,
                shareEmail: shareEmail)
        }
        var object: [String: JSONValue] = [
            "user": .string(issued.user), "identityToken": .string(issued.identityToken.value),
            "authorizationCode": .string(issued.authorizationCode.value),
        ]
        if let name = issued.fullName {
            object["fullName"] = .object(
                omittingNil: [
                    "givenName": name.givenName.map(JSONValue.string),
                    "familyName": name.familyName.map(JSONValue.string),
                ])
        }
        object["email"] = issued.email.map(JSONValue.string)
        return .object(object)
    }

    /// `POST /embedded/v1/apple/credentialState`: `authorized`, `revoked` or `notFound`.
    func appleCredentialState(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        guard let userID = try fields.text("userId") else { throw HTTPFaceError("MISSING_USER_ID") }
        let clientID = try fields.text("clientId") ?? backend.configuration.appleClientID
        let state = try core { () throws(IdentityBackendError) in
            try backend.appleIssuer.credentialState(forUserID: userID, clientID: clientID)
        }
        return .object(["state": .string(state.rawValue)])
    }

    /// `POST /embedded/v1/apple/revoke`: the user stops using Sign in with Apple with the app. `revoked` says whether
    /// there was an authorization to revoke.
    func appleRevoke(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        let clientID = try fields.text("clientId") ?? backend.configuration.appleClientID
        let revoked = try core { () throws(IdentityBackendError) in
            try backend.appleIssuer.revokeAuthorization(clientID: clientID)
        }
        return .object(["revoked": .bool(revoked)])
    }

    /// `GET /embedded/v1/google/accounts`: the accounts the chooser lists.
    func googleAccounts() throws(HTTPFaceError) -> JSONValue {
        let accounts = try core { () throws(IdentityBackendError) in try backend.googleIssuer.accounts() }
        return .object([
            "accounts": .array(accounts.map { .object(["name": .string($0.name), "email": .string($0.email)]) })
        ])
    }

    /// `POST /embedded/v1/google/signIn`: the user picks `email`; Google's tokens for it, with the nonce (the
    /// SHA-256 hex of the client's raw nonce) in the ID token.
    func googleSignIn(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        guard let email = try fields.text("email") else { throw HTTPFaceError("MISSING_EMAIL") }
        let nonce = try fields.text("nonce")
        let issued = try core { () throws(IdentityBackendError) in
            try backend.googleIssuer.signIn(email: email, nonce: nonce)
        }
        return .object([
            "idToken": .string(issued.idToken), "accessToken": .string(issued.accessToken),
            "email": .string(issued.account.email), "name": .string(issued.account.name),
        ])
    }

    /// `POST /embedded/v1/idp/signIn`: the page of a registered OpenID-Connect-style provider (`providerId`) signs
    /// the user in with `email`: an identity token with the optional `name`, `nonce` (the SHA-256 hex of the
    /// client's raw nonce), the provider's own `claims` (an object of strings) and `issuer` (one of the
    /// registration's). An unregistered provider id is `OPERATION_NOT_ALLOWED`, as at `accounts:signInWithIdp`.
    func idpSignIn(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        guard let providerId = try fields.text("providerId") else { throw HTTPFaceError("MISSING_PROVIDER_ID") }
        guard let email = try fields.text("email") else { throw HTTPFaceError("MISSING_EMAIL") }
        guard let issuer = backend.identityProviderIssuers[providerId] else {
            throw HTTPFaceError(IdentityBackendError(.unsupportedProvider, message: "\(providerId) is not registered"))
        }
        let (name, nonce) = (try fields.text("name"), try fields.text("nonce"))
        let (claims, iss) = (try fields.stringMap("claims") ?? [:], try fields.text("issuer"))
        let token = try core { () throws(IdentityBackendError) in
            try issuer.signIn(email: email, name: name, nonce: nonce, claims: claims, issuer: iss)
        }
        return .object(["idToken": .string(token)])
    }
}
