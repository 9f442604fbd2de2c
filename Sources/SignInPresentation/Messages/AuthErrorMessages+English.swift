extension AuthErrorMessages {
    /// English messages.
    static let english: [MessageKey: String] = [
        .providerNotConfigured: "Sign in with {provider} is not available in this app.",
        .authProviderMissing: "Sign in with {provider} is not set up yet. Please choose another way to sign in.",
        .missingIdentityToken: "{provider} did not send the sign-in details. Please try again.",
        .tokenMalformed: "The sign-in details were damaged on the way. Please try again.",
        .tokenExpired: "The sign-in took too long and expired. Please try again.",
        .tokenNotYetValid: "Your device's clock looks wrong. Check the date and time, then try again.",
        .tokenBadSignature: "The sign-in could not be verified, so it was refused. Please try again.",
        .tokenUnsupportedAlgorithm: "The sign-in used a security method this app does not accept.",
        .tokenWrongIssuer: "The sign-in came from an unexpected source, so it was refused.",
        .tokenWrongAudience: "The sign-in was meant for another app, so it was refused.",
        .tokenReplayed: "This sign-in was already used. Please sign in again.",
        .tokenNonceMismatch: "The sign-in did not match this request, so it was refused. Please try again.",
        .uiClientFailed: "Sign in with {provider} could not be completed. Please try again.",
        .network: "The sign-in service cannot be reached. Check your connection and try again.",
        .sessionStorage: "The sign-in data on this device could not be read or written.",
        .backend: "The sign-in service reported a problem ({code}). Please try again later.",
        .backendStorage: "The sign-in service's stored data could not be used ({code}). Nothing was changed.",
        .unexpected: "Something went wrong. Please try again.",
        .notSignedIn: "You are not signed in.",
        .signedOutByUser: "You signed out.",
        .sessionExpired: "Your session has expired. Please sign in again.",
        .storedSessionUnreadable: "Your saved sign-in could not be read, so you are signed out. Please sign in again.",
        .unauthorized: "The app's server no longer accepts your sign-in. Please sign in again.",
        .credentialRevoked: "You stopped using Sign in with Apple with this app, so you have been signed out.",
        .accountDeleted: "Your account has been deleted.",
        .invalidEmail: "This email address is not valid.",
        .passwordTooShort: "The password needs at least {minimum} characters.",
        .passwordAllSame: "The password cannot be one character repeated.",
        .wrongCredentials: "Wrong email or password.",
        .emailNotFound: "No account signs in with this email.",
        .wrongPassword: "Wrong password.",
        .invalidPhotoURL:
            "The photo's address must start with https:// or http://, name a host, have no spaces or user name, and be at most 2,048 characters.",
        .emailAlreadyInUse: "{email} already belongs to an account.",
        .credentialAlreadyInUse:
            "This {provider} account already belongs to another account. You can sign in to that account instead.",
        .providerAlreadyLinked: "{provider} is already linked to this account.",
        .providerNotLinked: "{provider} is not linked to this account.",
        .cannotUnlinkLastProvider: "The last way to sign in cannot be removed, or you could not sign in again.",
        .linkNotSupported: "{provider} cannot be linked to this account.",
        .invalidResetCode: "This password-reset link is not valid or was already used.",
        .resetCodeExpired: "This password-reset link has expired. Please ask for a new one.",
        .invalidDeepLink: "This link cannot be opened.",
        .passwordTooLong: "The password can have at most {maximum} characters.",
        .recentSignInRequired:
            "For your security, this needs a recent sign-in. Sign in again with {provider}, then try once more.",
        .userMismatch:
            "That {provider} account is not the one you are signed in with. Use the account you signed in with.",
        .tooManyAttempts:
            "Too many attempts for this email. Wait a few minutes and try again, or reset your password.",
        .tooManyResetEmails:
            "Too many reset emails were asked for. Use the link in one already sent, or wait an hour and ask again.",
        .refreshTokenSuperseded: "Your session was renewed in another window. Please sign in again.",
        .passwordRecordDamaged:
            "The saved password of this account is damaged and cannot be checked. Reset your password to set a new one.",
        .operationNotAllowed:
            "Sign in with {provider} is turned off for this app's sign-in service. Choose another way to sign in.",
        .userDisabled: "This account has been disabled. Contact the app's support.",
        .invalidVerificationLink:
            "This verification link is not valid, was already used, or has expired. Ask for a new one.",
        .noEmailToVerify: "This account has no email address to verify.",
        .invalidCustomToken:
            "The sign-in token from the app's server is not valid or has expired. Sign in there again for a new one.",
        .accountDisabled: "Your account has been disabled, so you have been signed out.",
        .accountExistsWithDifferentCredential:
            "{email} already has an account with another sign-in method. Sign in that way first, then link this one.",
        .tokenRejected: "The sign-in service refused the sign-in details. Please try again.",
        .passwordRejectedByBackend:
            "The password does not meet the sign-in service's requirements. Choose a longer or more varied one.",
        .notSupportedByBackend: "This sign-in service does not offer {operation}.",
        .signInWithProvider: "Sign in with {provider}",
        .featureGuestSignIn: "guest sign-in",
        .featureLinking: "linking",
        .featureUnlinking: "unlinking",
        .featurePasswordChange: "password change",
        .featureEmailVerification: "email verification",
        .featureProfileUpdate: "profile changes",
        .featurePasswordReset: "password reset",
        .featureAccountDeletion: "account deletion",
        .providerRevocationFailed:
            "Your account was not deleted: {provider} did not confirm that this app's access was removed. Please try again.",
        .secondFactorRequired:
            "This account uses two-step sign-in. Enter the 6-digit code from your authenticator app.",
        .invalidSecondFactorCode:
            "That code is not right. Enter the 6-digit code your authenticator app shows now; each code works once.",
        .secondFactorChallengeExpired:
            "This sign-in waited too long for its code, or was already finished. Please sign in again.",
        .secondFactorEnrollmentExpired: "Setting up the authenticator app took too long. Please start again.",
        .secondFactorNotFound: "This account has no such authenticator. List them and choose again.",
        .secondFactorChoiceRequired:
            "This account has more than one authenticator. Choose the one your code comes from, then enter the code.",
        .lastSecondFactor:
            "This is your last authenticator: removing it turns two-step sign-in off, and your password alone will sign in. Confirm to remove it.",
        .tooManySecondFactorAttempts: "Too many wrong codes for this account. Wait a few minutes and try again.",
        .featureSecondFactors: "two-step sign-in",
        .invalidRecoveryCode:
            "This recovery code is not one of your unused codes. Check it (ten letters and digits, each code works once) or use another.",
        .recoveryCodesNeedSecondFactor:
            "This account has no authenticator, so it has no recovery codes. Add an authenticator first.",
        .featureRecoveryCodes: "recovery codes",
        .secondFactorNeedsPermanentAccount:
            "A guest account cannot use two-step sign-in. Link Apple, Google or an email and password first.",
        .oidcDiscoveryFailed:
            "{provider} could not be reached, or its sign-in settings could not be read. Check the issuer address and your connection, then try again.",
        .oidcIssuerMismatch:
            "{provider} answered as a different sign-in service than the one registered, so the sign-in was stopped. Check the issuer address.",
        .oidcInsecureEndpoint:
            "{provider} asks to sign in over an unencrypted connection, which is refused. Its addresses must start with https://.",
        .oidcRedirectUnavailable:
            "The sign-in page of {provider} cannot return to this app: the browser or the local address for its answer is unavailable. Try again.",
        .oidcStateMismatch:
            "The answer from the browser does not belong to this sign-in, so it was ignored. Start the sign-in with {provider} again.",
        .oidcAuthorizationRefused:
            "{provider} refused the sign-in. Try again, or ask the provider's administrator whether this app may sign in.",
        .oidcCodeExchangeFailed:
            "{provider} did not accept the sign-in's last step. Start the sign-in again.",
        .oidcClientAuthenticationFailed:
            "{provider} did not accept this app: it wants the app's client secret, or does not know its client id. Check the app's registration with the provider.",
        .oidcClientAuthenticationUnsupported:
            "{provider} takes the app's client secret in none of the ways this app sends it (HTTP Basic or the form), so the sign-in was not started.",
        .oidcTimedOut:
            "The sign-in with {provider} was not finished in the browser in time. Start it again.",
        .passkeyChallengeExpired:
            "This passkey step took too long or was already used. Please try again.",
        .passkeyWrongRelyingParty:
            "This passkey was made for another app or website, so it cannot sign in here.",
        .passkeyBadSignature:
            "The passkey's signature could not be verified. Try again, or use another way to sign in.",
        .passkeyCloned:
            "This passkey may have been copied to another device, so it was refused. Sign in another way and remove it.",
        .passkeyUserNotVerified:
            "Your device did not confirm it was you (Face ID, Touch ID or its passcode). Try again and confirm on the device.",
        .passkeyUnsupported:
            "This passkey uses a kind of key this app does not accept. Create a new passkey on this device.",
        .passkeyMalformed:
            "The device's passkey answer could not be read. Try again.",
        .passkeyNotFound:
            "No account uses this passkey: it may have been removed. Sign in another way, then add a new one.",
        .passkeyAlreadyRegistered:
            "This device already has a passkey for your account.",
        .passkeyNeedsPermanentAccount:
            "A guest account cannot have a passkey. Link Apple, Google or an email and password first.",
        .noPasskeyAvailable:
            "This device has no passkey for this app. Sign in another way, then add one.",
        .featurePasskeys:
            "passkeys",
        .passkeyProviderName: "a passkey",
        .tooManyPasskeys:
            "This account has as many passkeys as it may have. Remove one you no longer use, then add this one.",
        .invalidSignInLink: "This sign-in link is not valid or was already used. Please ask for a new one.",
        .signInLinkExpired: "This sign-in link has expired. Please ask for a new one.",
        .signInLinkEmailMismatch:
            "This sign-in link was sent to another email address. Type the address the link was sent to.",
        .signInLinkNeedsEmail:
            "This link was opened on another device. Type the email address it was sent to, to confirm it is yours.",
        .featureEmailLinkSignIn: "sign-in by email link",
        .invalidPhoneNumber:
            "Type the phone number in international form: +, the country code, then the number (for example +15555550100).",
        .invalidPhoneCode: "This is not the code sent by SMS. Check it and type it again.",
        .phoneCodeExpired: "This SMS code has expired or was already used. Please ask for a new one.",
        .phoneNumberAlreadyInUse:
            "Another account signs in with this phone number. Sign in to that account, or use another number.",
        .phoneRegionNotAllowed:
            "This app sends no SMS to numbers of that country. Use a number of another country, or sign in another way.",
        .tooManyPhoneCodes: "Too many SMS codes were asked for or tried. Wait a while, then ask for a new code.",
        .secondFactorNeedsVerifiedEmail:
            "Verify your email first: a phone number can be a second factor only of an account whose email is verified.",
        .phoneFactorAlreadyEnrolled: "This phone number is already one of your second factors.",
        .featurePhoneSignIn: "sign-in by phone number",
        .phoneProviderName: "a phone number",
    ]
}
