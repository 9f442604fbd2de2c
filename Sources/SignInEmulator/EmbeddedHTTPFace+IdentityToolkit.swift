import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore

/// Firebase Identity Toolkit v1 (`/identitytoolkit.googleapis.com/v1/accounts:…`): each route reads Firebase's
/// request fields, calls the identity service, and writes Firebase's response. Numbers such as `expiresIn` are
/// strings, as Firebase writes them.
extension EmbeddedHTTPFace {
    var service: EmbeddedIdentityService { backend.identityService }

    // MARK: - accounts:signUp

    /// No email, password or ID token: a guest. Email and password: a new account, or, with the ID token of a
    /// signed-in user, the password linked to that user's account (how Firebase links email and password).
    /// An email or password that is sent empty is checked as given (an empty email is `INVALID_EMAIL`), never taken
    /// for a guest's sign-up. Only an administrator picks the uid (`localId`).
    func signUp(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        _ = try fields.bool("returnSecureToken")
        let displayName = try fields.text("displayName")
        if try fields.string("localId") != nil {
            throw HTTPFaceError(
                "UNEXPECTED_PARAMETER", detail: "only the owner credential may choose the uid (localId)",
                bareDetail: "User ID")
        }
        let email = try fields.string("email")
        let password = try fields.string("password")
        let idToken = try fields.text("idToken")
        // The ids a new account's factors are given are its own, as Firebase's: those in the request are ignored.
        let factors = try Self.secondFactorEntries(fields.objects("mfaInfo"), requiringIDs: false).map {
            EmbeddedIdentityService.SecondFactorEntry(phoneNumber: $0.phoneNumber, displayName: $0.displayName)
        }
        if !factors.isEmpty, !takesSecondFactorsAtSignUp {
            throw HTTPFaceError(
                "UNEXPECTED_PARAMETER", detail: "only the owner credential may give an account second factors (mfaInfo)"
            )
        }
        let session: BackendSessionResponse
        switch (email, password) {
        case (nil, nil):
            guard idToken == nil else {
                throw HTTPFaceError("MISSING_EMAIL", detail: "with an idToken, signUp links an email and password")
            }
            session = try core { () throws(IdentityBackendError) in try service.signUpAnonymously() }
        case (let email?, let password?):
            if let idToken {
                session = try core { () throws(IdentityBackendError) in
                    try setEmailAndPassword(idToken: Secret(idToken), email: email, password: password)
                }
            } else {
                session = try core { () throws(IdentityBackendError) in
                    try service.signUp(
                        email: email, password: Secret(password), displayName: displayName, secondFactors: factors)
                }
            }
        case (nil, _?):
            throw HTTPFaceError("MISSING_EMAIL")
        case (_?, nil):
            throw HTTPFaceError("MISSING_PASSWORD")
        }
        return Self.sessionObject("identitytoolkit#SignupNewUserResponse", session)
    }

    // MARK: - accounts:signInWithPassword

    func signInWithPassword(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        _ = try fields.bool("returnSecureToken")
        try core { () throws(IdentityBackendError) in try service.requirePasswordSignIn() }
        guard let email = try fields.string("email") else { throw HTTPFaceError("MISSING_EMAIL") }
        guard EmailAddress.normalized(email) != nil else {
            throw HTTPFaceError("INVALID_EMAIL", detail: "not a valid email address")
        }
        guard let password = try fields.text("password") else { throw HTTPFaceError("MISSING_PASSWORD") }
        let kind = "identitytoolkit#VerifyPasswordResponse"
        let session: BackendSessionResponse
        do throws(IdentityBackendError) {
            session = try service.signInWithPassword(email: email, password: Secret(password))
        } catch  where error.code == .secondFactorRequired && error.secondFactor != nil {
            // As Firebase: a `200` with the pending credential and the factors, and no tokens.
            guard let challenge = error.secondFactor else { throw HTTPFaceError(error) }
            return Self.secondFactorAnswer(challenge, ["kind": .string(kind), "registered": true])
        } catch {
            throw HTTPFaceError(error)
        }
        return Self.sessionObject(kind, session, extra: ["registered": true])
    }

    // MARK: - accounts:signInWithCustomToken

    /// A custom token from the team's server for a session: Firebase's answer has the tokens and `isNewUser`, no
    /// account (the client looks it up).
    func signInWithCustomToken(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        guard let token = try fields.text("token") else { throw HTTPFaceError("MISSING_CUSTOM_TOKEN") }
        _ = try fields.bool("returnSecureToken")
        let session = try core { () throws(IdentityBackendError) in try service.signInWithCustomToken(Secret(token)) }
        var object = Self.tokenFields(session)
        object["kind"] = "identitytoolkit#VerifyCustomTokenResponse"
        object["isNewUser"] = .bool(session.isNewUser)
        return .object(object)
    }

    // MARK: - accounts:lookup

    func lookup(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        let idToken = try Self.requiredIDToken(fields)
        let account = try core { () throws(IdentityBackendError) in try service.lookupAccount(idToken: idToken) }
        return .object(["kind": "identitytoolkit#GetAccountInfoResponse", "users": .array([Self.userObject(account)])])
    }

    // MARK: - accounts:update

    /// `password`: a new password (the caller gets new tokens). `deleteProvider` with one provider id: unlink it
    /// (the caller's tokens stay valid, so none are sent). Neither: the account as it is.
    func update(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        let kind: JSONValue = "identitytoolkit#SetAccountInfoResponse"
        // A mailed code with no ID token: Firebase's applyActionCode (an email verification).
        if let code = try fields.text("oobCode"), try fields.text("idToken") == nil {
            let described = try core { () throws(IdentityBackendError) in try service.describeMailedCode(Secret(code)) }
            let account = try core { () throws(IdentityBackendError) in
                let email = try service.applyEmailVerification(code: Secret(code))
                return try service.accounts(uids: [], emails: [email]).first
            }
            var object: [String: JSONValue] = [
                "kind": kind, "email": .string(account?.email ?? ""), "emailVerified": true,
            ]
            object["localId"] = account.map { .string($0.uid) }
            // An email change says the new email twice, as Firebase's answer does.
            if described.purpose == .verifyAndChangeEmail { object["newEmail"] = object["email"] }
            return .object(object)
        }
        let idToken = try Self.requiredIDToken(fields)
        let returnsTokens = try fields.bool("returnSecureToken") ?? false
        // A profile change: the display name and the photo URL (or their removal) and the email.
        let deleted = try fields.strings("deleteAttribute") ?? []
        let displayName = deleted.contains("DISPLAY_NAME") ? "" : try fields.text("displayName")
        let photoURL = deleted.contains("PHOTO_URL") ? "" : try fields.text("photoUrl")
        let email = try fields.text("email")
        // An identity named by its raw id proves nothing: it is linked only from the provider's signed token.
        if let link = try fields.object("linkProviderUserInfo") {
            guard try link.text("providerId") != nil else { throw HTTPFaceError("MISSING_PROVIDER_ID") }
            guard try link.text("rawId") != nil else { throw HTTPFaceError("MISSING_RAW_ID") }
            _ = try core { () throws(IdentityBackendError) in try service.lookupAccount(idToken: idToken) }
            throw HTTPFaceError(
                "OPERATION_NOT_ALLOWED",
                detail: "an identity is linked with the provider's signed token (signInWithIdp and an idToken)")
        }
        // Any `validSince` ends every session but a new one for the caller.
        if fields.names.contains("validSince") {
            _ = try fields.text("validSince")
            let session = try core { () throws(IdentityBackendError) in
                try service.revokeOtherSessions(idToken: idToken)
            }
            var object = Self.accountFields(session.account)
            object["kind"] = kind
            object.merge(Self.tokenFields(session)) { _, new in new }
            return .object(object)
        }
        // A name and a photo alone, with no tokens asked for: the session stays as it is, as Firebase's.
        if email == nil, !returnsTokens, displayName != nil || photoURL != nil {
            let account = try core { () throws(IdentityBackendError) in
                try service.updateNameAndPhoto(idToken: idToken, displayName: displayName, photoURL: photoURL)
            }
            var object = Self.accountFields(account.info)
            object["kind"] = kind
            return .object(object)
        }
        // An email and a password together give an account with no password one (a guest becomes a user, signed in
        // with it from then on), or change both.
        let newPassword = try fields.text("password")
        if let email, let newPassword {
            let session = try core { () throws(IdentityBackendError) in
                try setEmailAndPassword(
                    idToken: idToken, email: email, password: newPassword, displayName: displayName,
                    photoURL: photoURL)
            }
            var object = Self.accountFields(session.account)
            object["kind"] = kind
            object.merge(Self.tokenFields(session)) { _, new in new }
            return .object(object)
        }
        if displayName != nil || email != nil || photoURL != nil {
            let session = try core { () throws(IdentityBackendError) in
                try service.updateProfile(idToken: idToken, displayName: displayName, email: email, photoURL: photoURL)
            }
            var object = Self.accountFields(session.account)
            object["kind"] = kind
            object.merge(Self.tokenFields(session)) { _, new in new }
            return .object(object)
        }
        // Removing passkeys (Firebase's `deletePasskey`), one at a time. One the account does not have is already
        // gone: the account is answered as it is, and its sessions stay, as Google's emulator answers.
        if let deletePasskey = try fields.strings("deletePasskey"), !deletePasskey.isEmpty {
            guard deletePasskey.count == 1 else {
                throw HTTPFaceError("INVALID_REQUEST", detail: "delete one passkey at a time")
            }
            let account = try core { () throws(IdentityBackendError) in try service.lookupAccount(idToken: idToken) }
            guard account.passkeys?.contains(where: { $0.credentialID == deletePasskey[0] }) == true else {
                var object = Self.accountFields(account.info)
                object["kind"] = kind
                return .object(object)
            }
            let session = try core { () throws(IdentityBackendError) in
                try service.deletePasskey(idToken: idToken, credentialID: deletePasskey[0])
            }
            var object = Self.accountFields(session.account)
            object["kind"] = kind
            object.merge(Self.tokenFields(session)) { _, new in new }
            return .object(object)
        }
        let password = newPassword
        let deleteProvider = try fields.strings("deleteProvider") ?? []
        switch (password, deleteProvider.count) {
        case (_?, 1...):
            throw HTTPFaceError("INVALID_REQUEST", detail: "set a password or delete a provider, not both")
        case (_, 2...):
            throw HTTPFaceError("INVALID_REQUEST", detail: "delete one provider at a time")
        case (let password?, _):
            let session = try core { () throws(IdentityBackendError) in
                try service.changePassword(idToken: idToken, newPassword: Secret(password))
            }
            var object = Self.accountFields(session.account)
            object["kind"] = kind
            object.merge(Self.tokenFields(session)) { _, new in new }
            return .object(object)
        case (nil, 1):
            let providerId = deleteProvider[0]
            let account = try core { () throws(IdentityBackendError) in
                try service.unlink(idToken: idToken, providerId: providerId)
            }
            var object = Self.accountFields(account)
            object["kind"] = kind
            return .object(object)
        default:
            let account = try core { () throws(IdentityBackendError) in try service.lookupAccount(idToken: idToken) }
            guard case .object(var object) = Self.userObject(account) else { return .object(["kind": kind]) }
            object["kind"] = kind
            return .object(object)
        }
    }

    /// An email and a password for the signed-in account (`accounts:update`, or `accounts:signUp` with an `idToken`):
    /// an account with no password gets this one and is signed in with it (a guest becomes a user); one that has a
    /// password has both changed. Both or neither: the password (its policy, a recent sign-in) and the email's owner
    /// are checked before the first change.
    func setEmailAndPassword(
        idToken: Secret, email: String, password: String, displayName: String? = nil, photoURL: String? = nil
    ) throws(IdentityBackendError) -> BackendSessionResponse {
        let account = try service.lookupAccount(idToken: idToken)
        guard account.providerIds.contains(ProviderType.emailPassword.rawValue) else {
            let linked = try service.linkWithPassword(idToken: idToken, email: email, password: Secret(password))
            guard displayName != nil || photoURL != nil else { return linked }
            return try service.updateProfile(
                idToken: linked.idToken, displayName: displayName, email: nil, photoURL: photoURL)
        }
        if try service.accounts(uids: [], emails: [email]).contains(where: { $0.uid != account.uid }) {
            throw IdentityBackendError(.emailExists, message: "the email already belongs to an account")
        }
        let changed = try service.changePassword(idToken: idToken, newPassword: Secret(password))
        return try service.updateProfile(
            idToken: changed.idToken, displayName: displayName, email: email, photoURL: photoURL)
    }

    // MARK: - accounts:delete

    func delete(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        let idToken = try Self.requiredIDToken(fields)
        try core { () throws(IdentityBackendError) in try service.deleteAccount(idToken: idToken, revoking: nil) }
        return .object(["kind": "identitytoolkit#DeleteAccountResponse"])
    }

    // MARK: - v2 accounts:revokeToken

    /// Revokes Apple's tokens of the signed-in user with an authorization code (`tokenType` `CODE`), as before a
    /// deletion. The answer is empty, as Firebase's.
    func revokeToken(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        let idToken = try Self.requiredIDToken(fields)
        guard let providerId = try fields.text("providerId") else { throw HTTPFaceError("INVALID_PROVIDER_ID") }
        guard try fields.text("tokenType") == "CODE" else {
            throw HTTPFaceError("INVALID_REQUEST", detail: "only tokenType CODE is supported")
        }
        guard let token = try fields.text("token") else { throw HTTPFaceError("MISSING_TOKEN") }
        _ = try fields.string("tenantId")
        let revocation = ProviderRevocation(
            provider: ProviderType(rawValue: providerId), authorizationCode: Secret(token))
        try core { () throws(IdentityBackendError) in try service.revokeToken(idToken: idToken, revocation) }
        return .object([:])
    }

    // MARK: - Password reset

    /// Mails a reset link; the same answer whether the email has an account or not.
    func sendOobCode(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        guard let requestType = try fields.enumValue("requestType", numbered: Self.oobRequestTypes) else {
            throw HTTPFaceError("MISSING_REQ_TYPE")
        }
        if let continueURL = try fields.text("continueUrl"), !Self.isAbsoluteURI(continueURL) {
            throw HTTPFaceError("INVALID_CONTINUE_URI", detail: "continueUrl must be an absolute URI with a host")
        }
        if requestType == "VERIFY_EMAIL" {
            // A user verifies the email of the account signed in: an email in the request is not taken for one.
            guard let idToken = try fields.text("idToken").map({ Secret($0) }) else {
                throw HTTPFaceError("INVALID_ID_TOKEN", detail: "a verification mail is for the signed-in account")
            }
            try core { () throws(IdentityBackendError) in try service.sendEmailVerification(idToken: idToken) }
            let account = try core { () throws(IdentityBackendError) in try service.lookupAccount(idToken: idToken) }
            return .object([
                "kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": .string(account.email ?? ""),
            ])
        }
        if requestType == "VERIFY_AND_CHANGE_EMAIL" {
            guard let newEmail = try fields.text("newEmail") else { throw HTTPFaceError("MISSING_NEW_EMAIL") }
            let idToken = try Self.requiredIDToken(fields)
            let account = try core { () throws(IdentityBackendError) in
                try service.sendEmailChangeVerification(idToken: idToken, newEmail: newEmail)
                return try service.lookupAccount(idToken: idToken)
            }
            return .object([
                "kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": .string(account.email ?? ""),
            ])
        }
        if requestType == "EMAIL_SIGNIN" {
            guard let email = try fields.text("email") else { throw HTTPFaceError("MISSING_EMAIL") }
            try core { () throws(IdentityBackendError) in try service.sendSignInLink(email: email) }
            return .object(["kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": .string(email)])
        }
        guard requestType == "PASSWORD_RESET" else {
            throw HTTPFaceError(
                "INVALID_REQ_TYPE",
                detail: "only PASSWORD_RESET, VERIFY_EMAIL, VERIFY_AND_CHANGE_EMAIL and EMAIL_SIGNIN are supported")
        }
        guard let email = try fields.text("email") else { throw HTTPFaceError("MISSING_EMAIL") }
        try core { () throws(IdentityBackendError) in try service.sendPasswordResetEmail(email: email) }
        return .object(["kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": .string(email)])
    }

    /// `accounts:signInWithEmailLink` (`email`, `oobCode`, and `idToken` to give a signed-in account the email): the
    /// session, with `isNewUser`; an account with second factors gets the pending credential instead, as for a
    /// password.
    func signInWithEmailLink(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        try core { () throws(IdentityBackendError) in try service.requireEmailLinkSignIn() }
        guard let code = try fields.text("oobCode") else { throw HTTPFaceError("MISSING_OOB_CODE") }
        guard let email = try fields.text("email") else { throw HTTPFaceError("MISSING_EMAIL") }
        let idToken = try fields.text("idToken").map { Secret($0) }
        let kind = "identitytoolkit#EmailLinkSigninResponse"
        let answer: EmbeddedIdentityService.EmailLinkSignIn
        do throws(IdentityBackendError) {
            answer = try service.signInWithEmailLink(email: email, code: Secret(code), idToken: idToken)
        } catch  where error.code == .secondFactorRequired && error.secondFactor != nil {
            guard let challenge = error.secondFactor else { throw HTTPFaceError(error) }
            return Self.secondFactorAnswer(challenge, ["kind": .string(kind)])
        } catch  where error.code == .invalidEmail {
            // Google's own words, which its emulator's tests compare whole.
            throw HTTPFaceError(
                "INVALID_EMAIL", detail: error.message,
                bareDetail: "The email provided does not match the sign-in email address.")
        } catch {
            throw HTTPFaceError(error)
        }
        return Self.sessionObject(kind, answer.session, extra: ["isNewUser": .bool(answer.isNewUser)])
    }

    /// `accounts:sendVerificationCode` (`phoneNumber`; the app's proof, `recaptchaToken` or an APNs token, is not
    /// checked here): sends the SMS code and answers the `sessionInfo` that goes with it.
    func sendVerificationCode(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        let number = try fields.string("phoneNumber") ?? ""
        do throws(IdentityBackendError) {
            let sessionInfo = try service.sendPhoneCode(phoneNumber: number)
            return .object(["sessionInfo": .string(sessionInfo.value)])
        } catch  where error.code == .invalidPhoneNumber {
            throw HTTPFaceError("INVALID_PHONE_NUMBER", detail: error.message, bareDetail: "Invalid format.")
        } catch {
            throw HTTPFaceError(error)
        }
    }

    /// `accounts:signInWithPhoneNumber` (`sessionInfo`, `code`, and `idToken` to give a signed-in account the
    /// number): the session with `phoneNumber` and `isNewUser`, or the pending credential of an account with second
    /// factors.
    /// A code (`sessionInfo` and `code`), or the `temporaryProof` of a `phoneNumber` a refused link gave: a link to a
    /// number another account has answers `200` with that proof and the number (the code is used), as Firebase's.
    func signInWithPhoneNumber(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        let idToken = try fields.text("idToken").map { Secret($0) }
        let proof = try fields.text("temporaryProof")
        let phoneNumber = try fields.text("phoneNumber")
        if proof != nil, phoneNumber == nil { throw HTTPFaceError("MISSING_PHONE_NUMBER") }
        let sessionInfo = try fields.text("sessionInfo")
        let code = try fields.text("code")
        if proof == nil {
            guard sessionInfo != nil else { throw HTTPFaceError("MISSING_SESSION_INFO") }
            guard code != nil else { throw HTTPFaceError("MISSING_CODE") }
        }
        let answer: EmbeddedIdentityService.PhoneSignIn
        do throws(IdentityBackendError) {
            if let proof, let phoneNumber {
                answer = try service.signInWithPhoneNumber(
                    temporaryProof: Secret(proof), phoneNumber: phoneNumber, idToken: idToken)
            } else {
                answer = try service.signInWithPhoneNumber(
                    sessionInfo: Secret(sessionInfo ?? ""), code: Secret(code ?? ""), idToken: idToken)
            }
        } catch  where error.code == .phoneNumberExists && error.pendingToken != nil {
            return .object([
                "kind": "identitytoolkit#VerifyPhoneNumberResponse",
                "temporaryProof": .string(error.pendingToken?.value ?? ""),
                "phoneNumber": .string(error.phoneNumber ?? phoneNumber ?? ""),
            ])
        } catch  where error.code == .secondFactorRequired && error.secondFactor != nil {
            guard let challenge = error.secondFactor else { throw HTTPFaceError(error) }
            return Self.secondFactorAnswer(challenge, ["kind": "identitytoolkit#VerifyPhoneNumberResponse"])
        } catch {
            throw HTTPFaceError(error)
        }
        return Self.sessionObject(
            "identitytoolkit#VerifyPhoneNumberResponse", answer.session,
            extra: ["phoneNumber": .string(answer.phoneNumber), "isNewUser": .bool(answer.isNewUser)])
    }

    /// `accounts:resetPassword`: with `newPassword`, sets it (the code is used); without, only checks the code
    /// (Firebase's `verifyPasswordResetCode`). Both answer with the account's email.
    func resetPassword(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        try core { () throws(IdentityBackendError) in try service.requirePasswordSignIn() }
        guard let code = try fields.text("oobCode") else { throw HTTPFaceError("MISSING_OOB_CODE") }
        guard let newPassword = try fields.text("newPassword") else {
            // Without a new password, the code's purpose, as Firebase's `checkActionCode`: nothing is used.
            let described = try core { () throws(IdentityBackendError) in try service.describeMailedCode(Secret(code)) }
            var object: [String: JSONValue] = [
                "kind": "identitytoolkit#ResetPasswordResponse", "requestType": .string(described.purpose.rawValue),
            ]
            object["email"] = described.email.map(JSONValue.string)
            object["newEmail"] = described.newEmail.map(JSONValue.string)
            return .object(object)
        }
        let email = try core { () throws(IdentityBackendError) in
            let email = try service.checkPasswordResetCode(Secret(code))
            try service.confirmPasswordReset(code: Secret(code), newPassword: Secret(newPassword))
            return email
        }
        return .object([
            "kind": "identitytoolkit#ResetPasswordResponse", "requestType": "PASSWORD_RESET", "email": .string(email),
        ])
    }

    // MARK: - Shapes

    /// Second factors as Firebase lists them (`mfaInfo`, `mfa.enrollments`): `phoneInfo`, `mfaEnrollmentId`,
    /// `displayName`, `enrolledAt`.
    /// - Throws: `INVALID_MFA_ENROLLMENT_ID` for an entry without an id when `requiringIDs`.
    static func secondFactorEntries(_ entries: [RequestFields], requiringIDs: Bool) throws(HTTPFaceError)
        -> [EmbeddedIdentityService.SecondFactorEntry]
    {
        try entries.map { entry throws(HTTPFaceError) in
            let id = try entry.text("mfaEnrollmentId")
            if requiringIDs, id == nil {
                throw HTTPFaceError(
                    IdentityBackendError(.invalidMFAEnrollmentID, message: "each factor needs its mfaEnrollmentId"))
            }
            return EmbeddedIdentityService.SecondFactorEntry(
                enrollmentID: id, phoneNumber: try entry.string("phoneInfo"),
                displayName: try entry.text("displayName"),
                enrolledAt: try entry.text("enrolledAt").flatMap(Self.date(rfc3339:)))
        }
    }

    static func requiredIDToken(_ fields: RequestFields) throws(HTTPFaceError) -> Secret {
        guard let idToken = try fields.text("idToken") else { throw HTTPFaceError("MISSING_ID_TOKEN") }
        return Secret(idToken)
    }

    /// `localId`, `email`, `displayName` and the tokens of a session, with `kind`.
    static func sessionObject(_ kind: String, _ session: BackendSessionResponse, extra: [String: JSONValue] = [:])
        -> JSONValue
    {
        var object: [String: JSONValue] = ["kind": .string(kind), "localId": .string(session.localId)]
        if let email = session.email { object["email"] = .string(email) }
        if let displayName = session.displayName { object["displayName"] = .string(displayName) }
        if let photoURL = session.photoURL { object["photoUrl"] = .string(photoURL) }
        object.merge(tokenFields(session)) { _, new in new }
        object.merge(extra) { _, new in new }
        return .object(object)
    }

    /// `idToken`, `refreshToken` and `expiresIn` (a string).
    static func tokenFields(_ session: BackendSessionResponse) -> [String: JSONValue] {
        [
            "idToken": .string(session.idToken.value), "refreshToken": .string(session.refreshToken.value),
            "expiresIn": .string(String(session.expiresIn)),
        ]
    }

    /// `localId`, `email`, `displayName` and `providerUserInfo` of an account as the port describes it.
    static func accountFields(_ account: BackendAccountInfo) -> [String: JSONValue] {
        var object: [String: JSONValue] = ["localId": .string(account.localId)]
        if let email = account.email { object["email"] = .string(email) }
        if let displayName = account.displayName { object["displayName"] = .string(displayName) }
        if let photoURL = account.photoURL { object["photoUrl"] = .string(photoURL) }
        object["providerUserInfo"] = .array(
            account.providerIds.map { providerId in
                let rawId = account.providerUserIds[providerId] ?? ""
                let email = providerId == ProviderType.emailPassword.rawValue ? rawId : nil
                return providerUserInfo(providerId: providerId, rawId: rawId, email: email)
            })
        return object
    }

    /// An account as `accounts:lookup` lists it: never its password hash.
    static func userObject(_ account: EmbeddedAccount) -> JSONValue {
        var object: [String: JSONValue] = [
            "localId": .string(account.uid), "emailVerified": .bool(account.emailVerified),
            "providerUserInfo": .array(
                account.identities.map {
                    providerUserInfo(
                        providerId: $0.providerId, rawId: $0.subject, email: $0.email,
                        phoneNumber: $0.providerId == "phone" ? $0.subject : nil)
                }),
            "validSince": .string(String(account.validSince ?? wholeNumber(account.createdAt.timeIntervalSince1970))),
            "createdAt": .string(String(milliseconds(account.createdAt))),
            "disabled": .bool(account.isDisabled),
        ]
        if let email = account.email { object["email"] = .string(email) }
        if let displayName = account.displayName { object["displayName"] = .string(displayName) }
        if let photoURL = account.photoURL { object["photoUrl"] = .string(photoURL) }
        object["screenName"] = account.screenName.map(JSONValue.string)
        object["customAttributes"] = account.customAttributes.map(JSONValue.string)
        object["mfaInfo"] = mfaInfo(of: account)
        object["passkeyInfo"] = passkeyInfo(of: account)
        if account.emailLinkSignIn == true { object["emailLinkSignin"] = true }
        if let phoneNumber = account.phoneNumber { object["phoneNumber"] = .string(phoneNumber) }
        if let initialEmail = account.initialEmail { object["initialEmail"] = .string(initialEmail) }
        if let signedIn = account.lastSignInAt {
            object["lastLoginAt"] = .string(String(milliseconds(signedIn)))
        }
        if let refreshed = account.lastRefreshAt { object["lastRefreshAt"] = .string(Self.isoTimestamp(refreshed)) }
        if account.passwordHash != nil, let updated = account.passwordUpdatedAt {
            object["passwordUpdatedAt"] = .integer(milliseconds(updated))
        }
        return .object(object)
    }

    /// A user's whole id at a provider, as Firebase writes `federatedId`: Google's is its issuer's URL and the
    /// user's id (`https://accounts.google.com/<sub>`); the others are the provider's id for the user.
    static func federatedId(providerId: String, rawId: String) -> String {
        providerId == "google.com" ? "https://accounts.google.com/\(rawId)" : rawId
    }

    /// One linked identity: `rawId` and `federatedId` are the provider's id for the user (the email, for
    /// `password`), as the Firebase Auth emulator writes them.
    static func providerUserInfo(providerId: String, rawId: String, email: String?, phoneNumber: String? = nil)
        -> JSONValue
    {
        var object: [String: JSONValue] = ["providerId": .string(providerId), "rawId": .string(rawId)]
        // A phone identity is its number, as Firebase lists it; the others name the user by `federatedId` too.
        if let phoneNumber {
            object["phoneNumber"] = .string(phoneNumber)
        } else {
            object["federatedId"] = .string(federatedId(providerId: providerId, rawId: rawId))
        }
        if let email { object["email"] = .string(email) }
        return .object(object)
    }

    /// `date` as Firebase writes `lastRefreshAt`: ISO 8601 in UTC with milliseconds (`2026-11-29T04:29:13.000Z`).
    static func isoTimestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// `date` in whole milliseconds since 1970, to the nearest (a date kept to the millisecond reads back as that
    /// millisecond, whatever the last bit of its floating point), or 0 when it does not fit an `Int`.
    static func milliseconds(_ date: Date) -> Int {
        wholeNumber((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// `value` rounded down, or 0 when it does not fit an `Int` (a damaged date never traps).
    static func wholeNumber(_ value: Double) -> Int {
        guard value.isFinite, abs(value) < 9e15 else { return 0 }
        return Int(value.rounded(.down))
    }
}

extension EmbeddedHTTPFace {
    /// `accounts:createAuthUri` for an email (`identifier`, `continueUri`, optionally `sessionId`): whether an account
    /// has it (`registered`) and how it signs in (`allProviders`, `signinMethods`), unless email enumeration
    /// protection is on, when only the `sessionId` comes back. The `sessionId` is the one sent, or a new random one.
    /// An identity provider's authorization URI (`providerId`) is not made here.
    func createAuthUri(_ fields: RequestFields) throws(HTTPFaceError) -> JSONValue {
        if try fields.text("providerId") != nil {
            throw HTTPFaceError(
                "OPERATION_NOT_ALLOWED", detail: "createAuthUri answers for an email only, not for an identity provider"
            )
        }
        guard let identifier = try fields.text("identifier") else { throw HTTPFaceError("MISSING_IDENTIFIER") }
        guard let continueURI = try fields.text("continueUri") else { throw HTTPFaceError("MISSING_CONTINUE_URI") }
        guard EmailAddress.normalized(identifier) != nil else {
            throw HTTPFaceError("INVALID_IDENTIFIER", detail: "the identifier must be an email address")
        }
        guard Self.isAbsoluteURI(continueURI) else {
            throw HTTPFaceError("INVALID_CONTINUE_URI", detail: "continueUri must be an absolute URI with a host")
        }
        let sessionID = try fields.text("sessionId") ?? Self.randomSessionID()
        let methods = try core { () throws(IdentityBackendError) in try service.signInMethods(email: identifier) }
        var object: [String: JSONValue] = [
            "kind": "identitytoolkit#CreateAuthUriResponse", "sessionId": .string(sessionID),
        ]
        switch methods {
        case .notTold: break
        case .unregistered:
            object["registered"] = false
            object["allProviders"] = .array([])
            object["signinMethods"] = .array([])
        case .registered(let providers, let signIn):
            object["registered"] = true
            object["allProviders"] = .array(providers.map(JSONValue.string))
            object["signinMethods"] = .array(signIn.map(JSONValue.string))
        }
        return .object(object)
    }

    /// Whether `text` is an absolute URI with a scheme and a host, as a continue URI must be.
    static func isAbsoluteURI(_ text: String) -> Bool {
        guard let url = URLComponents(string: text) else { return false }
        return url.scheme?.isEmpty == false && url.host?.isEmpty == false
    }

    /// 27 random letters and digits: an opaque session id, as Firebase makes them.
    static func randomSessionID() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<27).map { _ in alphabet[Int(generator.next(upperBound: UInt32(alphabet.count)))] })
    }
}
