import SignInData
import SignInDemoTrace
import SignInDomain
import SignInInfrastructure

/// What the tracing decorators say at each port they wrap. Values are uids, provider ids, emails, HTTP methods,
/// paths and error codes; a token, a password, a nonce or a code shows only as ``SignInDomain/Secret/redactedText``.
extension FlowMessage {
    // MARK: - The screen (Presentation) and the use case it starts (Domain)

    static func presentationActionSent(_ action: String) -> FlowMessage {
        FlowMessage("presentation.actionSent", "the screen sends {action}", ["action": action])
    }

    static func presentationResultReceived(_ action: String) -> FlowMessage {
        FlowMessage("presentation.resultReceived", "the view model receives {action}", ["action": action])
    }

    static func presentationErrorShown(_ key: String) -> FlowMessage {
        FlowMessage("presentation.errorShown", "the screen shows the error {error}", ["error": key])
    }

    static func presentationSignedIn(uid: String) -> FlowMessage {
        FlowMessage("presentation.signedIn", "signed in as {uid}; the home screen opens", ["uid": uid])
    }

    static var presentationNothingChanged: FlowMessage {
        FlowMessage("presentation.nothingChanged", "no change (cancelled)")
    }

    static var presentationSecondFactorAsked: FlowMessage {
        FlowMessage("presentation.secondFactorAsked", "nobody is signed in yet: the screen asks for a one-time code")
    }

    static func domainSignIn(provider: ProviderType) -> FlowMessage {
        FlowMessage(
            "domain.signIn", "sign in with {provider}",
            ["provider": provider.rawValue])
    }

    static var domainSignOut: FlowMessage {
        FlowMessage("domain.signOut", "revoke the refresh token, then clear the stored session")
    }

    static var domainSignUp: FlowMessage {
        FlowMessage("domain.signUp", "check the email and the password policy, then create the account")
    }

    static func domainLink(provider: ProviderType) -> FlowMessage {
        FlowMessage(
            "domain.link", "link {provider} to the signed-in account; its uid stays", ["provider": provider.rawValue])
    }

    static func domainUnlink(provider: ProviderType) -> FlowMessage {
        FlowMessage(
            "domain.unlink", "unlink {provider}; sign in again if the backend asks",
            ["provider": provider.rawValue])
    }

    static var domainRequestPasswordReset: FlowMessage {
        FlowMessage("domain.requestPasswordReset", "check the email, then ask for a reset mail")
    }

    static var domainUpdateProfile: FlowMessage {
        FlowMessage("domain.updateProfile", "check the new email, then change the profile; sign in again if asked")
    }

    static var domainSendEmailVerification: FlowMessage {
        FlowMessage("domain.sendEmailVerification", "ask for a mail that verifies the account's email")
    }

    static var domainApplyEmailVerification: FlowMessage {
        FlowMessage("domain.applyEmailVerification", "verify the email with the link's code")
    }

    static var domainCheckPasswordResetCode: FlowMessage {
        FlowMessage("domain.checkPasswordResetCode", "ask whose password the link's code sets")
    }

    static var domainConfirmPasswordReset: FlowMessage {
        FlowMessage("domain.confirmPasswordReset", "check the new password, then set it with the link's code")
    }

    static var domainChangePassword: FlowMessage {
        FlowMessage(
            "domain.changePassword", "check the new password, then set it; sign in again if asked")
    }

    static var domainCheckAppleCredential: FlowMessage {
        FlowMessage("domain.checkAppleCredential", "ask Apple for the credential state; sign out unless authorized")
    }

    static var domainDeleteAccount: FlowMessage {
        FlowMessage("domain.deleteAccount", "sign in again, then delete the account and sign out")
    }

    static var domainFinishSecondFactorSignIn: FlowMessage {
        FlowMessage("domain.finishSecondFactorSignIn", "check the code's form, then finish the sign-in with it")
    }

    static var domainStartTOTPEnrollment: FlowMessage {
        FlowMessage("domain.startTOTPEnrollment", "ask for a new authenticator secret; sign in again if asked")
    }

    static var domainConfirmTOTPEnrollment: FlowMessage {
        FlowMessage("domain.confirmTOTPEnrollment", "check the code's form, then confirm the authenticator with it")
    }

    static var domainListSecondFactors: FlowMessage {
        FlowMessage("domain.listSecondFactors", "ask for the account's second factors")
    }

    static var domainRemoveSecondFactor: FlowMessage {
        FlowMessage(
            "domain.removeSecondFactor", "refuse the last unconfirmed, then remove; sign in again if asked")
    }

    static var domainSignInWithEmailLink: FlowMessage {
        FlowMessage(
            "domain.signInWithEmailLink", "send the code with the email kept here (or typed)")
    }

    static var domainSignInWithPhone: FlowMessage {
        FlowMessage("domain.signInWithPhone", "check the 6-digit code, send it with its verification")
    }

    static var domainSendPhoneCode: FlowMessage {
        FlowMessage("domain.sendPhoneCode", "check the number's form, ask for a code by SMS")
    }

    static var domainLinkPhone: FlowMessage {
        FlowMessage("domain.linkPhone", "check the code, add the number to the account; its uid stays")
    }

    static var domainSendSignInLink: FlowMessage {
        FlowMessage("domain.sendSignInLink", "check the email, ask for a sign-in link, remember the email here")
    }

    static var domainSignInWithPasskey: FlowMessage {
        FlowMessage("domain.signInWithPasskey", "get a challenge, have the device sign it, sign in")
    }

    static var domainRegisterPasskey: FlowMessage {
        FlowMessage(
            "domain.registerPasskey", "refuse a guest; get a challenge, the device's new passkey, send it")
    }

    static var domainListPasskeys: FlowMessage {
        FlowMessage("domain.listPasskeys", "ask for the account's passkeys")
    }

    static var domainRemovePasskey: FlowMessage {
        FlowMessage(
            "domain.removePasskey", "check it is the account's, remove it; sign in again if asked")
    }

    /// An account operation of the app's own.
    static func domainRun(useCase: String) -> FlowMessage {
        FlowMessage("domain.run", "run {useCase}", ["useCase": useCase])
    }

    // MARK: - UI clients (Infrastructure)

    static func uiCredentialAsked(provider: ProviderType) -> FlowMessage {
        FlowMessage(
            "infrastructure.credentialAsked", "ask the user to sign in with {provider}",
            ["provider": provider.rawValue])
    }

    /// The credential's fields that carry a secret, by their Swift names (`idToken, rawNonce`); their values never.
    static func uiCredentialGiven(_ credential: AuthCredential) -> FlowMessage {
        let fields: [(String, Secret?)] = [
            ("idToken", credential.idToken), ("accessToken", credential.accessToken),
            ("rawNonce", credential.rawNonce), ("authorizationCode", credential.authorizationCode),
            ("password", credential.password),
        ]
        let present = fields.filter { $0.1 != nil }.map(\.0)
        return FlowMessage(
            "infrastructure.credentialGiven", "got an AuthCredential with {fields}",
            ["fields": present.isEmpty ? "-" : present.joined(separator: ", ")])
    }

    static func passkeyCreationAsked(site: String) -> FlowMessage {
        FlowMessage(
            "infrastructure.passkeyCreationAsked", "ask the device to make a passkey for {site}", ["site": site])
    }

    static func passkeyAssertionAsked(site: String) -> FlowMessage {
        FlowMessage(
            "infrastructure.passkeyAssertionAsked", "ask the device to sign with a passkey for {site}",
            ["site": site])
    }

    static var passkeyGiven: FlowMessage {
        FlowMessage("infrastructure.passkeyGiven", "the device answered: public key or signature, no secret")
    }

    static var uiCredentialCancelled: FlowMessage {
        FlowMessage("infrastructure.credentialCancelled", "the user cancelled")
    }

    static func uiFailed(_ error: String) -> FlowMessage {
        FlowMessage("infrastructure.failed", "failed: {error}", ["error": error])
    }

    static func appleRequested(scopes: [AppleIDRequest.Scope]) -> FlowMessage {
        FlowMessage(
            "infrastructure.appleRequested", "ask Apple for {scopes}; nonce: SHA-256 of a fresh raw one",
            ["scopes": scopes.map(\.rawValue).joined(separator: ", ")])
    }

    static var googleChooserRequested: FlowMessage {
        FlowMessage(
            "infrastructure.googleChooserRequested", "open the chooser; nonce: SHA-256 of a fresh raw one")
    }

    static func appleCredentialStateAsked(user: String) -> FlowMessage {
        FlowMessage("infrastructure.appleStateAsked", "ask Apple about {user}", ["user": user])
    }

    static func appleCredentialStateAnswered(_ state: AppleCredentialState) -> FlowMessage {
        FlowMessage("infrastructure.appleStateAnswered", "Apple answers {state}", ["state": state.rawValue])
    }

    static func sessionStored(uid: String) -> FlowMessage {
        FlowMessage("infrastructure.sessionStored", "stored the session of {uid}", ["uid": uid])
    }

    static var sessionCleared: FlowMessage {
        FlowMessage("infrastructure.sessionCleared", "removed the stored session")
    }

    // MARK: - Auth providers and services (Data)

    static func dataExchange(provider: ProviderType) -> FlowMessage {
        FlowMessage(
            "data.exchange", "exchange the {provider} credential for a session", ["provider": provider.rawValue])
    }

    static func dataLink(provider: ProviderType, uid: String) -> FlowMessage {
        FlowMessage(
            "data.link", "link the {provider} credential to {uid}", ["provider": provider.rawValue, "uid": uid])
    }

    static func dataReauthenticate(provider: ProviderType, uid: String) -> FlowMessage {
        FlowMessage(
            "data.reauthenticate", "sign {uid} in again with {provider}", ["provider": provider.rawValue, "uid": uid])
    }

    static func dataSessionReceived(uid: String, providers: [ProviderType]) -> FlowMessage {
        FlowMessage(
            "data.sessionReceived", "got a session for {uid} ({providers})",
            ["uid": uid, "providers": providers.isEmpty ? "-" : providers.map(\.rawValue).joined(separator: ", ")])
    }

    static func dataRefused(_ error: String) -> FlowMessage {
        FlowMessage("data.refused", "threw {error}", ["error": error])
    }

    static func dataRefresh(uid: String) -> FlowMessage {
        FlowMessage("data.refresh", "new tokens for {uid}", ["uid": uid])
    }

    static func dataRevoke(uid: String) -> FlowMessage {
        FlowMessage("data.revoke", "revoke the refresh token of {uid}", ["uid": uid])
    }

    static func dataSignUp(email: String) -> FlowMessage {
        FlowMessage("data.signUp", "create an account for {email}", ["email": email])
    }

    static func dataPasswordResetRequested(email: String) -> FlowMessage {
        FlowMessage("data.passwordResetRequested", "ask for a reset mail to {email}", ["email": email])
    }

    static var dataPasswordResetConfirmed: FlowMessage {
        FlowMessage(
            "data.passwordResetConfirmed", "set the new password with the code {code}", ["code": Secret.redactedText])
    }

    static var dataPasswordResetCodeChecked: FlowMessage {
        FlowMessage("data.passwordResetCodeChecked", "check the reset code {code}", ["code": Secret.redactedText])
    }

    static func dataEmailVerificationRequested(uid: String) -> FlowMessage {
        FlowMessage("data.emailVerificationRequested", "ask for a verification mail for {uid}", ["uid": uid])
    }

    static var dataEmailVerificationApplied: FlowMessage {
        FlowMessage(
            "data.emailVerificationApplied", "verify an email with the code {code}", ["code": Secret.redactedText])
    }

    static func dataUpdateProfile(uid: String) -> FlowMessage {
        FlowMessage("data.updateProfile", "change the profile of {uid}", ["uid": uid])
    }

    static func dataUnlink(provider: ProviderType, uid: String) -> FlowMessage {
        FlowMessage("data.unlink", "unlink {provider} from {uid}", ["provider": provider.rawValue, "uid": uid])
    }

    static func dataDeleteAccount(uid: String, revoking: Bool) -> FlowMessage {
        revoking
            ? FlowMessage("data.deleteAccountRevoking", "revoke the Apple tokens, then delete {uid}", ["uid": uid])
            : FlowMessage("data.deleteAccount", "delete the account {uid}", ["uid": uid])
    }

    static func dataChangePassword(uid: String) -> FlowMessage {
        FlowMessage("data.changePassword", "set a new password for {uid}", ["uid": uid])
    }

    static var dataStartTOTPEnrollment: FlowMessage {
        FlowMessage("data.startTOTPEnrollment", "ask for a new authenticator secret")
    }

    static var dataFinishTOTPEnrollment: FlowMessage {
        FlowMessage("data.finishTOTPEnrollment", "confirm the authenticator with its first code")
    }

    static func dataRecoveryCodeSignIn(provider: ProviderType) -> FlowMessage {
        FlowMessage(
            "data.recoveryCodeSignIn", "finish the {provider} sign-in with a recovery code",
            ["provider": provider.rawValue])
    }

    static var dataNewRecoveryCodes: FlowMessage {
        FlowMessage("data.newRecoveryCodes", "ask for a new set of recovery codes")
    }

    static var dataListSecondFactors: FlowMessage {
        FlowMessage("data.listSecondFactors", "list the account's second factors")
    }

    static var dataRemoveSecondFactor: FlowMessage {
        FlowMessage("data.removeSecondFactor", "remove a second factor")
    }

    static var dataStartPasskeyRegistration: FlowMessage {
        FlowMessage("data.startPasskeyRegistration", "ask for a registration challenge")
    }

    static var dataFinishPasskeyRegistration: FlowMessage {
        FlowMessage("data.finishPasskeyRegistration", "send the new passkey for the backend to check")
    }

    static var dataListPasskeys: FlowMessage {
        FlowMessage("data.listPasskeys", "list the account's passkeys")
    }

    static var dataRemovePasskey: FlowMessage {
        FlowMessage("data.removePasskey", "remove a passkey")
    }

    static var dataStartPasskeySignIn: FlowMessage {
        FlowMessage("data.startPasskeySignIn", "ask for a sign-in challenge")
    }

    static var dataFinishPasskeySignIn: FlowMessage {
        FlowMessage("data.finishPasskeySignIn", "send the signed challenge to sign in")
    }

    static func dataFinishSecondFactorSignIn(provider: ProviderType) -> FlowMessage {
        FlowMessage(
            "data.finishSecondFactorSignIn", "finish the {provider} sign-in with a one-time code",
            ["provider": provider.rawValue])
    }

    static func dataHTTPRequest(method: String, path: String, authorized: Bool) -> FlowMessage {
        authorized
            ? FlowMessage(
                "data.httpRequestBearer", "{method} {path} with Authorization: Bearer {idToken}",
                ["method": method, "path": path, "idToken": Secret.redactedText])
            : FlowMessage("data.httpRequest", "{method} {path}", ["method": method, "path": path])
    }

    // MARK: - The identity backend's port: what Data sends, what the backend answers

    static func backendSendIdPToken(provider: String, hasNonce: Bool) -> FlowMessage {
        hasNonce
            ? FlowMessage(
                "data.sendIdPTokenWithNonce", "send {provider}'s ID token {idToken} and raw nonce {nonce}",
                ["provider": provider, "idToken": Secret.redactedText, "nonce": Secret.redactedText])
            : FlowMessage(
                "data.sendIdPToken", "send {provider}'s ID token {idToken}, no raw nonce",
                ["provider": provider, "idToken": Secret.redactedText])
    }

    static func backendSendPassword(email: String) -> FlowMessage {
        FlowMessage(
            "data.sendPassword", "send {email} and password {password}",
            ["email": email, "password": Secret.redactedText])
    }

    static var backendSendRefreshToken: FlowMessage {
        FlowMessage("data.sendRefreshToken", "send the refresh token {token}", ["token": Secret.redactedText])
    }

    static var backendSendGuestSignUp: FlowMessage {
        FlowMessage("data.sendGuestSignUp", "ask for a new guest account")
    }

    static var backendSendVerificationCode: FlowMessage {
        FlowMessage("data.sendVerificationCode", "send the verification code {code}", ["code": Secret.redactedText])
    }

    static var backendSendCustomToken: FlowMessage {
        FlowMessage("data.sendCustomToken", "send the custom token {token}", ["token": Secret.redactedText])
    }

    static func backendSendWithIDToken(_ what: String) -> FlowMessage {
        FlowMessage(
            "data.sendWithIDToken", "{operation} with ID token {idToken}",
            ["operation": what, "idToken": Secret.redactedText])
    }

    static var backendSendPasskeySignInStart: FlowMessage {
        FlowMessage("data.sendPasskeySignInStart", "passkeySignIn:start, naming no account")
    }

    static var backendSendPasskeyProof: FlowMessage {
        FlowMessage(
            "data.sendPasskeyProof", "send the signature (no secret leaves the device)")
    }

    static var backendSendSecondFactorCode: FlowMessage {
        FlowMessage("data.sendSecondFactorCode", "send the one-time code {code}", ["code": Secret.redactedText])
    }

    static func backendSendSignInLinkCode(email: String) -> FlowMessage {
        FlowMessage(
            "data.sendSignInLinkCode", "send {email} and the link's code {code}",
            ["email": email, "code": Secret.redactedText])
    }

    static func backendSendPhoneNumber(_ number: String) -> FlowMessage {
        FlowMessage("data.sendPhoneNumber", "send {phone}, for a code by SMS", ["phone": number])
    }

    static var backendSendPhoneCode: FlowMessage {
        FlowMessage(
            "data.sendPhoneCode", "send the SMS code {code}", ["code": Secret.redactedText])
    }

    static func backendSendEmail(email: String) -> FlowMessage {
        FlowMessage("data.sendEmail", "send {email}", ["email": email])
    }

    static var backendSendResetCodeToCheck: FlowMessage {
        FlowMessage("data.sendResetCodeToCheck", "send reset code {code} to check it", ["code": Secret.redactedText])
    }

    static var backendSendResetCode: FlowMessage {
        FlowMessage(
            "data.sendResetCode", "send reset code {code} and new password {password}",
            ["code": Secret.redactedText, "password": Secret.redactedText])
    }

    static func backendSessionIssued(_ response: BackendSessionResponse) -> FlowMessage {
        let values = [
            "uid": response.localId,
            "providers": response.providerIds.isEmpty ? "-" : response.providerIds.joined(separator: ", "),
            "lifetime": String(response.expiresIn),
        ]
        return response.isNewUser
            ? FlowMessage(
                "backend.newAccount", "new account {uid} ({providers}); tokens for {lifetime} s",
                values)
            : FlowMessage(
                "backend.account", "account {uid} ({providers}); tokens for {lifetime} s",
                values)
    }

    static func backendAccountNow(_ account: BackendAccountInfo) -> FlowMessage {
        FlowMessage(
            "backend.accountNow", "account {uid} now has {providers}",
            ["uid": account.localId, "providers": account.providerIds.joined(separator: ", ")])
    }

    static var backendDone: FlowMessage {
        FlowMessage("backend.done", "done")
    }

    static var backendSecondFactorAsked: FlowMessage {
        FlowMessage("backend.secondFactorAsked", "the first step passed; the account asks for a second factor")
    }

    static func backendRefused(code: String) -> FlowMessage {
        FlowMessage("backend.refused", "refused: {code}", ["code": code])
    }

    static func backendHTTPAnswer(status: Int) -> FlowMessage {
        FlowMessage("backend.httpAnswer", "answered {status}", ["status": String(status)])
    }
}
