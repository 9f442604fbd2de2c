import Foundation
import SignInDomain
import SignInPresentation

/// The key of every text the CLI shows besides the error messages of `AuthErrorMessages`: help, usage errors,
/// prompts, confirmations, the status block, the menu and the tour. The texts are in `CLIText+English.swift`,
/// `CLIText+Turkish.swift` and `CLIText+TraditionalChinese.swift`; a test fails on a key missing in any of them.
enum CLIText: String, Hashable, Sendable, CaseIterable {
    // Help.
    case helpTitle, helpUsageHeading, helpCommandsHeading, helpOptionsHeading, helpExitCodesHeading
    case helpUsageLine, helpPrompts, helpConsentOffTerminal, helpRecentSignIn, helpLocale, helpMoreAboutCommand
    case helpExitSuccess, helpExitFailure, helpExitUsage, helpExitCancelled, helpCommandUsage, helpExample
    case helpCommandOptions, helpCommandProviders
    case optionYes, optionHideEmail, optionAccount, optionEmail, optionPassword, optionCurrentPassword
    case optionSwitchAccount, optionJSON, optionDataDir, optionVerbose, optionHelp, optionVersion
    case commandTourSummary, commandTourDetails, commandInteractiveSummary, commandInteractiveDetails
    case commandSignInSummary, commandSignInDetails, commandSignUpSummary, commandSignUpDetails
    case commandLinkSummary, commandLinkDetails, commandUnlinkSummary, commandUnlinkDetails
    case commandStatusSummary, commandStatusDetails, commandSignOutSummary, commandSignOutDetails
    case commandResetPasswordSummary, commandResetPasswordDetails, commandOpenLinkSummary, commandOpenLinkDetails
    case commandUpdateProfileSummary, commandUpdateProfileDetails, optionName, optionNewEmail, usageNeedsNameOrEmail
    case optionPhotoURL
    case profileUpdated
    case commandVerifyEmailSummary, commandVerifyEmailDetails, verificationMailed, verificationMailedMenu
    case verificationMailedElsewhere, emailVerified, menuVerifyEmail
    case commandChangePasswordSummary, commandChangePasswordDetails, commandOutboxSummary, commandOutboxDetails
    case commandCheckCredentialSummary, commandCheckCredentialDetails, commandAppleRevokeSummary
    case commandAppleRevokeDetails, commandDeleteAccountSummary, commandDeleteAccountDetails
    case commandHelpSummary, commandHelpDetails, commandVersionSummary, commandVersionDetails

    // Usage errors.
    case usagePrefix, usageSeeHelp, usageUnknownOption, usageTakesNoValue, usageNeedsValue, usageUnknownCommand
    case usageUnexpectedWord, usageNeedsProvider, usageUnknownProvider, usageNeedsLink, usageOptionNotForCommand
    case usageOptionNeedsCommand, usageArgumentTooLong, usageArgumentNotUTF8, usageNoDataFolder
    case usageNeedsEmailAndPassword, usageNeedsEmail, usageNeedsPassword, usageNeedsNewPassword, usageNeedsYesToDelete
    case usageUnknownCommandSuggest, promptPasswordsDifferRetry
    case usageNeedsYesToLoseGuest, usageUnknownGoogleAccount, usageInteractiveNeedsTerminal
    case answerRefusedTooLong, answerRefusedNotUTF8, outputFailed

    // Prompts.
    case promptEmail, promptPassword, promptCurrentPassword, promptNewPassword, promptNewPasswordAgain,
        promptPasswordsDiffer
    case promptTypeDelete, promptSwitchAccount, promptLoseGuest, promptYesAnswers, promptChoose, promptRetryChoice
    case promptCancel, promptGoogleTitle, promptConsentIntro, promptConsentShare, promptConsentHide
    case promptConsentChoose, promptConsentRetry, promptLink, promptProviderToUnlink

    // Results.
    case cancelled, signInCancelled, signUpCancelled, linkCancelled, resetCancelled, openLinkCancelled, resetLinkFor
    case changePasswordCancelled, deleteCancelled, signOutCancelled, accountCreated, linkedProvider, uidKept
    case unlinkedProvider, signedOutDone, resetMailed, passwordResetDone, passwordChanged, credentialState
    case appleRevoked, appleNothingToRevoke, accountDeleted, outboxEmpty, outboxLine, notSignedIn
    case sessionExpiredOffline, storedSessionKeptAs, recoverHint, switchedAccount, guestWarning
    case statusSignedIn, statusUID, statusEmail, statusName, statusPhoto, statusProviders, statusGuest, statusNewUser
    case statusIDToken, statusRefreshToken, statusNone, statusYes, statusNo, statusExpires

    // What to do next, after an error.
    case hintSignIn, hintSignInMenu, hintWrongCredentials, hintEmailInUse, hintInvalidLink, hintDataFolder,
        hintBackendDamaged
    case hintDetailsVerbose, hintWrongCredentialsMenu, hintEmailInUseMenu, hintInvalidLinkMenu,
        hintEmailNotFound, hintEmailNotFoundMenu,
        hintWrongPassword, hintWrongPasswordMenu
    case hintInvalidLinkNoOutbox, hintInvalidLinkNoOutboxMenu, recoverHintMenu, guestWarningMenu, resetMailedMenu
    case resetMailedByServerMenu, passwordResetDoneMenu, appleRevokedMenu, listSeparator

    // The interactive menu.
    case menuHeading, menuWhatNext, menuQuit, menuChoose, menuRetry, menuSignInApple, menuSignInGoogle
    case menuSignInCustomToken
    case menuSignInGuest, menuSignInEmail, menuSignUp, menuLinkApple, menuLinkGoogle, menuLinkEmail, menuUnlink,
        menuSignInWith, menuLinkWith
    case menuStatus, menuResetPassword, menuOutbox, menuOpenLink, menuCheckCredential, menuAppleRevoke
    case menuDeleteAccount, menuSignOut, menuChangePassword

    // The guided tour.
    case tourIntro, tourStep1, tourFoundSession, tourDiscardedSession, tourNoSession, tourStep2
    case tourStep3, tourRestored, tourStep4, tourNewToken, tourOldRefreshRefused, tourStep5, tourHTTP, tourStep6
    case tourSignedInAs, tourStep7, tourGuest, tourLinked, tourSignedOut, tourSameUID, tourStep8, tourMailSent
    case tourItsLink, tourLinkOpened, tourOldPasswordRefused, tourLinkOnce, tourNewPasswordWorks, tourStep9
    case tourStopUsing, tourCredentialState, tourStep10, tourDeleted, tourSignInAgain, tourStep11, tourDone
    case tourFailed, tourAccepted

    // Backends and the server.
    case optionBackend, optionPort, optionProject, optionIDTokenFile, commandServeSummary, commandServeDetails
    case optionAcceptUnsignedTokens, serveUnsignedTokensWarning, optionTestClock, serveTestClockWarning
    case optionAsGoogleEmulator, serveAsGoogleEmulatorWarning, optionUnsignedSessionTokens
    case serveUnsignedSessionTokensWarning
    case usageUnknownBackend, usageFirebaseNeedsKey, usageInvalidEmulatorHost, usageBadPort, usageBadProject
    case usageBadCustomTokenAccount, hintProjectMismatch, verboseHashing
    case usageNeedsIDToken, usageIDTokenUnreadable, usageNoSimulatedApple, usageNoMailbox, usageTourNeedsSimulation
    case serveListening, serveStopped, serveFailed, resetMailedFirebase, helpBackends, tourIntroFirebase
    case tourDoneFirebase, servePortInUse, reasonNoSuchFile, reasonTooLong, reasonNotOneLine, signedOutLocal
    case usageIDTokenOnlyForProviders, optionBaseURL, commandMeSummary, commandMeDetails, usageBadBaseURL
    case usageRESTNeedsBaseURL, usageNoAppAPI, apiAnswer, resetMailedByServer

    // Two-step sign-in.
    case optionCode, commandMFASummary, commandMFADetails, usageNeedsMFAAction, usageUnknownMFAAction
    case usageMFAEnrollNeedsTerminal, usageNeedsCode, usageNeedsYesToRemoveLast, usageNeedsFactorID
    case optionFactor, promptMFACodeFactor, usageNeedsFactor
    case promptMFACode, promptMFAFactor, promptConfirmYesNo, mfaScanQR, mfaSecretLine, mfaURILine, mfaEnrolled
    case mfaEnrollCancelled, mfaNone, mfaFactorLine, mfaUnnamed, mfaRemoved, mfaRemovedLast, mfaRemoveCancelled
    case menuMFAEnroll, menuMFAList, menuMFARemove
    case tourStepMFA, tourMFAScanned, tourMFAOn, tourMFAAsked, tourMFASignedIn, tourMFAOff, tourMFASkipped
    case usageBadCode, usageMFAEnrollNeedsScreen, usageMFAOptionNotForAction
    case menuMFARecoveryCodes, mfaRecoveryCodesFirst, mfaRecoveryCodesNew, mfaRecoveryCodeUsed, mfaRecoveryCodesUsedUp
    case usageMFARecoveryCodesNeedsScreen, usageMFASecretsNotInJSON, promptMFAFirstCode, promptMFACodeFactorOrRecovery
    case promptNumberInRange, statusRedacted

    // Passkeys.
    case commandPasskeySummary, commandPasskeyDetails, usageNeedsPasskeyAction, usageUnknownPasskeyAction
    case usageNeedsPasskeyID, promptPasskeyToRemove, passkeyAdded, passkeyAddCancelled, passkeyNone, passkeyLine
    case passkeyRemoved, passkeyRemoveCancelled, menuPasskeyAdd, menuPasskeyList, menuPasskeyRemove
    case menuSignInPasskey, promptPasskeyCreate, promptPasskeyCreateOption, promptPasskeyChoose
    case tourStepPasskey, tourPasskeyAdded, tourPasskeySignedIn, tourPasskeySkipped, usageUnknownPasskeyID
    case tourStepEmailLink, tourSignInLinkSent, tourSignInLinkOpened, tourSignInLinkOnce, tourEmailLinkSkipped
    case tourStepPhone, tourPhoneLinked, tourPhoneSignedIn, tourPhoneSkipped
    case passkeyUnnamed, passkeyRemovedHere, hintPasskeyDevice

    // Sign-in links.
    case menuSignInEmailLink, signInLinkMailed, signInLinkMailedMenu, signInLinkMailedElsewhere
    case promptSignInLinkEmail, outboxSubjectSignIn, outboxCode, outboxSMSLine
    case promptPhone, promptPhoneCode, phoneCodeSentAsk, phoneCodeSent, phoneCodeSentElsewhere, linkedPhone
    case usagePhoneNoCodeSent, usageNeedsPhone, usagePhoneFactorNeedsTerminal, mfaPhoneEnrolled, mfaPhoneFactor,
        optionPhone,
        helpPhoneProvider, menuSignInPhone, menuLinkPhone

    // OpenID Connect providers.
    case optionIssuer, optionClientID, usageOIDCNotRegistered, usageOIDCNeedsIssuer, usageBadIssuer, usageBadClientID
    case usageBadOIDCName, usageIssuerOnlyForOIDC, oidcOpenBrowser, oidcPageTitle, oidcPageMessage
    case stateAuthorized, stateRevoked, stateNotFound, helpCommandWord
    case optionScope, optionDisplayName, usageNeedsRegistration, usageBadScope
    case outboxSubjectReset, outboxSubjectVerify, outboxNoTime
    case menuChooseAgain, menuUpdateProfile, menuMe, promptDisplayName, usageBaseURLOnlyForREST
    case usageRepeatedOption, usageVersionAlone, noPasswordToChange, hintAddPassword, hintAddPasswordMenu
    case optionClientSecretFile, optionClientSecretEnvironment, usageSecretNeedsRegistration, oidcSecretUnreadable
    case reasonEmptySecret
    case usageNeedsYesToReplaceOIDC, promptReplaceOIDC, oidcReplaceCancelled, oidcNotRegistered
    case oidcRegistryUnreadable, helpOIDCProvider, reasonNotProviderList, reasonNotWritable
    case reasonUntrustedFile
}

/// The CLI's texts in the user's language: its own (``CLIText``) and the error messages.
struct CLIMessages: Sendable {
    let texts: MessageCatalogue<CLIText>
    let errors: AuthErrorMessages
    /// The registered providers, whose names and command names the texts use.
    let providers: [ProviderDescription]

    /// The texts for `language` (`en`, `tr`, `zh-Hant`; others fall back to English).
    init(language: String, providers: [ProviderDescription] = CompositionRoot.providers.descriptions) {
        texts = MessageCatalogue(
            language: language, english: Self.english, turkish: Self.turkish,
            traditionalChinese: Self.traditionalChinese)
        errors = AuthErrorMessages(language: language, providers: providers)
        self.providers = providers
    }

    /// The language in use.
    var language: String { texts.language }

    /// The text of `key` with its values.
    func callAsFunction(_ key: CLIText, _ arguments: [String: String] = [:]) -> String {
        // A value (a name, an email, a backend's message) is one line of the text it goes into: a line feed in it
        // could forge a line of output. Every other character a terminal would obey is escaped where the text
        // leaves the CLI.
        texts.text(key, arguments.mapValues(TerminalText.oneLine))
    }

    /// Whether `answer` is yes in this language (`y`, `evet`, `是`, …).
    func isYes(_ answer: String?) -> Bool {
        guard let answer = answer?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        return self(.promptYesAnswers).split(separator: ",").contains { $0 == answer }
    }

    /// A provider's name in this language.
    func provider(_ provider: ProviderType) -> String {
        errors.providerName(provider)
    }

    /// The name the command line gives a registered provider (its id for any other).
    func commandName(_ provider: ProviderType) -> String {
        providers.first { $0.type == provider }?.commandName ?? provider.rawValue
    }
}
