import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInJOSE

/// `accounts:signInWithIdp`: an identity provider's token in `postBody` (form-encoded `providerId`, `id_token`,
/// `access_token`, `nonce` and Apple's first-sign-in `user`; those the `requestUri`'s query or fragment carry are
/// read too, the `postBody`'s first), to sign in or, with the `idToken` of a signed-in
/// user, to link. Two of Firebase's answers are `200` without tokens, and the face reproduces them: a credential
/// already linked to another account, when `returnIdpCredential` is set (`errorMessage`), and an identity whose
/// email belongs to another account (`needConfirmation`).
extension EmbeddedHTTPFace {
    func signInWithIdp(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        _ = try fields.bool("returnSecureToken")
        guard let requestUri = try fields.text("requestUri") else { throw HTTPFaceError("MISSING_REQUEST_URI") }
        guard Self.isAbsoluteURI(requestUri), let redirect = URLComponents(string: requestUri) else {
            throw HTTPFaceError("INVALID_REQUEST_URI", detail: "requestUri must be an absolute URI with a host")
        }
        // The redirect's own parameters (an OAuth redirect carries them in its query or fragment), then the postBody's.
        var postBody = FormURLEncoded.decode(redirect.percentEncodedFragment ?? "")
        postBody.merge(FormURLEncoded.decode(redirect.percentEncodedQuery ?? "")) { _, query in query }
        postBody.merge(FormURLEncoded.decode(try fields.string("postBody") ?? "")) { _, body in body }
        guard let providerId = postBody["providerId"]?.lowercased(), !providerId.isEmpty else {
            let detail = "Invalid IdP response/credential: the request names no providerId"
            throw HTTPFaceError("INVALID_CREDENTIAL_OR_PROVIDER_ID", detail: detail, bareDetail: detail)
        }
        let returnIdpCredential = try fields.bool("returnIdpCredential") ?? false
        let idToken = try fields.text("idToken").map { Secret($0) }
        let user = try Self.appleUser(postBody["user"])
        let saml = try Self.samlAssertion(providerId: providerId, postBody["SAMLResponse"])
        let request = IdPSignInRequest(
            providerId: providerId,
            idToken: Secret(Self.unsignedToken(postBody["id_token"] ?? "", saml: saml)),
            rawNonce: Self.nonEmpty(postBody["nonce"]).map { Secret($0) },
            accessToken: Self.nonEmpty(postBody["access_token"]).map { Secret($0) }, fullName: user.name,
            email: user.email, autoCreate: try fields.bool("autoCreate") ?? true,
            pendingToken: try fields.text("pendingToken").map { Secret($0) })
        let session: BackendSessionResponse
        do throws(IdentityBackendError) {
            if let idToken {
                session = try service.linkWithIdP(idToken: idToken, request)
            } else {
                session = try service.signInWithIdP(request)
            }
        } catch {
            return try idpRefusal(error, request: request, linking: idToken, returnIdpCredential: returnIdpCredential)
        }
        let emailVerified = (try? service.account(uid: session.localId))??.emailVerified ?? false
        var object: [String: JSONValue] = [
            "kind": Self.verifyAssertionKind, "providerId": .string(providerId), "localId": .string(session.localId),
            "emailVerified": .bool(emailVerified), "isNewUser": .bool(session.isNewUser),
        ]
        object["federatedId"] = session.providerUserIds?[providerId].map {
            .string(Self.federatedId(providerId: providerId, rawId: $0))
        }
        object["email"] = session.email.map(JSONValue.string)
        object["displayName"] = session.displayName.map(JSONValue.string)
        object["photoUrl"] = session.photoURL.map(JSONValue.string)
        // The person's names as the provider gave them: Apple's first-sign-in `user`, else the token's claims.
        let claims = Self.tokenClaims(of: request.idToken.value) ?? [:]
        let claim = { (name: String) -> String? in
            if case .string(let value)? = claims[name], !value.isEmpty { return value }
            return nil
        }
        object["firstName"] = (Self.nonEmpty(request.fullName?.givenName) ?? claim("given_name")).map(JSONValue.string)
        object["lastName"] = (Self.nonEmpty(request.fullName?.familyName) ?? claim("family_name")).map(JSONValue.string)
        object["fullName"] = (request.fullName?.formatted ?? claim("name")).map(JSONValue.string)
        object["screenName"] = claim("screen_name").map(JSONValue.string)
        // The provider's profile as its token told it, as Firebase's `rawUserInfo`: Google's in the shape of its
        // userinfo answer, any other's as its claims. The provider's tokens themselves go back only to a client that
        // asks for them (`returnIdpCredential`), as Firebase's `oauthIdToken` and `oauthAccessToken`: they are the
        // ones it sent, and no error or trace quotes them.
        object["rawUserInfo"] =
            saml.map { String(decoding: $0.attributes.encoded, as: UTF8.self) }.map(JSONValue.string)
            ?? Self.rawUserInfo(providerId: providerId, claims: claims).map(JSONValue.string)
        if returnIdpCredential, let sent = postBody["id_token"] {
            object["oauthIdToken"] = sent.isEmpty ? nil : .string(sent)
            object["oauthAccessToken"] = request.accessToken.map { .string($0.value) }
        }
        object.merge(Self.tokenFields(session)) { _, new in new }
        return .object(object)
    }

    /// The claims of an identity token the service accepted; `nil` for a token whose claims are not a JSON object (a
    /// pending token's sign-in sends none).
    static func tokenClaims(of token: String) -> [String: JSONValue]? {
        let payload: [UInt8]
        if token.hasPrefix("{") {
            payload = Array(token.utf8)
        } else if let parts = JWS.parse(token) {
            payload = parts.payload
        } else {
            return nil
        }
        guard case .object(let claims)? = JSONValue.decode(Data(payload)) else { return nil }
        return claims
    }

    /// Firebase's `rawUserInfo` for a sign-in whose token said `claims`: for Google, its userinfo answer (`id`, the
    /// names, `picture`, `email`, `verified_email`, `locale` and the `granted_scopes`), for any other provider the
    /// claims themselves; `nil` with no claims.
    static func rawUserInfo(providerId: String, claims: [String: JSONValue]) -> String? {
        guard !claims.isEmpty else { return nil }
        var info = claims
        if providerId == "google.com" {
            let hasEmail = claims["email"].map { $0 != .null } ?? false
            var scopes = "openid https://www.googleapis.com/auth/userinfo.profile"
            if hasEmail { scopes += " https://www.googleapis.com/auth/userinfo.email" }
            var verified = false
            switch claims["email_verified"] {
            case .bool(let value)?: verified = value
            case .string(let text)?: verified = text == "true"
            default: break
            }
            info = ["granted_scopes": .string(scopes), "locale": "en", "verified_email": .bool(verified)]
            info["id"] = claims["sub"]
            for name in ["name", "given_name", "family_name", "email", "picture"] { info[name] = claims[name] }
        }
        return String(decoding: JSONValue.object(info).encoded, as: UTF8.self)
    }

    /// Firebase's answer to a refused sign-in or link: the two `200` traps, else the error envelope (with
    /// ``IdentityBackendError/Code/credentialAlreadyInUse`` named `FEDERATED_USER_ID_ALREADY_LINKED`, as
    /// Firebase names it).
    private func idpRefusal(
        _ error: IdentityBackendError, request: IdPSignInRequest, linking idToken: Secret?, returnIdpCredential: Bool
    ) throws(HTTPFaceError) -> JSONValue {
        let linking = idToken != nil
        let base: [String: JSONValue] = ["kind": Self.verifyAssertionKind, "providerId": .string(request.providerId)]
        switch error.code {
        case .secondFactorRequired where !linking:
            guard let challenge = error.secondFactor else { throw HTTPFaceError(error) }
            return Self.secondFactorAnswer(challenge, base)
        case .credentialAlreadyInUse, .federatedUserIdAlreadyLinked:
            guard returnIdpCredential else {
                throw HTTPFaceError("FEDERATED_USER_ID_ALREADY_LINKED", detail: error.message)
            }
            // As Firebase: the credential to sign in to the account that has the identity.
            var object = base
            object["errorMessage"] = "FEDERATED_USER_ID_ALREADY_LINKED"
            object["oauthIdToken"] = request.idToken.value.isEmpty ? nil : .string(request.idToken.value)
            object["pendingToken"] = error.pendingToken.map { .string($0.value) }
            object["email"] = error.email.map(JSONValue.string)
            return .object(object)
        case .providerAlreadyLinked where linking && returnIdpCredential && hasIdentity(request, linking: idToken):
            // The identity is already this account's: Firebase says so as of any linked identity, with the
            // credential back and no session.
            var object = base
            object["errorMessage"] = "FEDERATED_USER_ID_ALREADY_LINKED"
            object["oauthIdToken"] = request.idToken.value.isEmpty ? nil : .string(request.idToken.value)
            return .object(object)
        case .emailExists where linking && returnIdpCredential:
            var object = base
            object["errorMessage"] = "EMAIL_EXISTS"
            object["email"] = identityEmail(error, request: request).map(JSONValue.string)
            return .object(object)
        case .emailExists where !linking, .needConfirmation where !linking:
            var object = base
            object["needConfirmation"] = true
            let email = identityEmail(error, request: request)
            object["email"] = email.map(JSONValue.string)
            // The account to sign in to and link from, and the providers it signs in with, as Firebase says them,
            // unless email enumeration protection keeps which emails have accounts untold.
            if !service.projectSettings.emailEnumerationProtection, let email,
                let owner = try? service.accounts(uids: [], emails: [email]).first
            {
                object["localId"] = .string(owner.uid)
                object["verifiedProvider"] = .array(
                    owner.identities.map(\.providerId).filter { !["password", "phone"].contains($0) }.map(
                        JSONValue.string))
            }
            return .object(object)
        default:
            throw HTTPFaceError(error)
        }
    }

    /// Whether the account of `idToken` has the identity of `request`'s token (which the core verified before it
    /// refused the link as already made).
    private func hasIdentity(_ request: IdPSignInRequest, linking idToken: Secret?) -> Bool {
        guard let idToken, case .string(let subject)? = Self.tokenClaims(of: request.idToken.value)?["sub"],
            let account = try? service.lookupAccount(idToken: idToken)
        else { return false }
        return account.identities.contains { $0.providerId == request.providerId && $0.subject == subject }
    }

    /// The email an `EMAIL_EXISTS` refusal is about: the core's, else the identity token's `email` claim (the
    /// core refuses an email only after it verified the token), else the one from Apple's first sign-in.
    private func identityEmail(_ error: IdentityBackendError, request: IdPSignInRequest) -> String? {
        if let email = error.email { return email }
        if let parts = JWS.parse(request.idToken.value),
            let email = (try? JSONDecoder().decode(IdentityTokenClaims.self, from: Data(parts.payload)))?.email
        {
            return email
        }
        return request.email
    }

    static let verifyAssertionKind: JSONValue = "identitytoolkit#VerifyAssertionResponse"

    /// The assertion of a SAML provider's (`saml.…`) `SAMLResponse`, in the JSON form Google's Auth emulator takes
    /// for one (`{"assertion": {"subject": {"nameId": …}, "attributeStatements": {…}}}`): the subject's `nameId`
    /// when it is an email, and the attribute statements; `nil` for another provider or no `SAMLResponse`.
    /// - Throws: `INVALID_IDP_RESPONSE` naming what the response lacks.
    static func samlAssertion(providerId: String, _ text: String?) throws(HTTPFaceError) -> (
        email: String?, attributes: JSONValue
    )? {
        guard providerId.hasPrefix("saml."), let text, !text.isEmpty else { return nil }
        guard case .object(let response)? = JSONValue.decode(Data(text.utf8)) else {
            throw HTTPFaceError("INVALID_IDP_RESPONSE", detail: "the SAMLResponse is not a JSON object")
        }
        guard case .object(let assertion)? = response["assertion"] else {
            throw HTTPFaceError("INVALID_IDP_RESPONSE", detail: "Missing assertion in SAMLResponse.")
        }
        guard case .object(let subject)? = assertion["subject"] else {
            throw HTTPFaceError("INVALID_IDP_RESPONSE", detail: "Missing assertion.subject in SAMLResponse.")
        }
        guard case .string(let nameID)? = subject["nameId"], !nameID.isEmpty else {
            throw HTTPFaceError("INVALID_IDP_RESPONSE", detail: "Missing assertion.subject.nameId in SAMLResponse.")
        }
        let email = EmailAddress.normalized(nameID) == nil ? nil : nameID
        return (email, assertion["attributeStatements"] ?? .object([:]))
    }

    /// `token` as the core is given it: with a SAML assertion, an unsigned token whose `email` is the email the
    /// assertion's subject names (verified), and whose `sign_in_attributes` are its attribute statements (as JSON
    /// text); any other token as it came (a signed token is checked in full, so it cannot be changed here).
    static func unsignedToken(_ token: String, saml: (email: String?, attributes: JSONValue)?) -> String {
        guard let saml, token.hasPrefix("{") || JWS.parse(token)?.signature.isEmpty == true,
            var claims = tokenClaims(of: token)
        else { return token }
        if let email = saml.email {
            claims["email"] = .string(email)
            claims["email_verified"] = true
        }
        claims["sign_in_attributes"] = .string(String(decoding: saml.attributes.encoded, as: UTF8.self))
        return String(decoding: JSONValue.object(claims).encoded, as: UTF8.self)
    }

    /// Apple's `user` parameter at the first sign-in: `{"name":{"firstName":…,"lastName":…},"email":…}`.
    /// - Throws: `INVALID_JSON` when it is not such an object.
    static func appleUser(_ text: String?) throws(HTTPFaceError) -> (name: PersonName?, email: String?) {
        guard let text, !text.isEmpty else { return (nil, nil) }
        guard case .object(let object)? = JSONValue.decode(Data(text.utf8)) else {
            throw .invalidJSON("the postBody's user must be a JSON object")
        }
        let user = RequestFields(object)
        var name: PersonName?
        if let parts = try user.object("name") {
            let given = try parts.text("firstName")
            let family = try parts.text("lastName")
            if given != nil || family != nil { name = PersonName(givenName: given, familyName: family) }
        }
        return (name, try user.text("email"))
    }

    static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
