extension CLIMessages {
    /// The English texts: every key. `{name}` marks a value filled in at run time.
    static let english: [CLIText: String] = [
        // Help.
        .helpTitle:
            "signin-demo: Clean Architecture sign-in, end to end, on the embedded backend (offline, no account).",
        .helpUsageHeading: "USAGE",
        .helpCommandsHeading: "COMMANDS",
        .helpOptionsHeading: "OPTIONS",
        .helpExitCodesHeading: "EXIT CODES",
        .helpUsageLine: "COMMAND [OPTIONS]",
        .helpCommandWord: "COMMAND",
        .helpPrompts:
            "On a terminal each command asks for what it needs; otherwise it takes options, and fails with exit 2 when one is missing.",
        .helpConsentOffTerminal:
            "When standard input is not a terminal, 'sign-in apple' and 'sign-in google' consent by themselves (the first Google account, unless --account names another); deleting never does.",
        .helpRecentSignIn:
            "Deleting the account, changing the password and unlinking need a sign-in from the last five minutes; otherwise the command first asks you to sign in again with the same provider.",
        .helpLocale:
            "Texts follow the locale (LC_ALL, LC_MESSAGES, LANG): English, Turkish (tr) or Traditional Chinese (zh_TW, zh_HK).",
        .helpMoreAboutCommand: "Run 'signin-demo help COMMAND' for one command's options and an example.",
        .helpExitSuccess: "0    success",
        .helpExitFailure:
            "1    failed; 'status': nobody is signed in; 'check-credential': the Apple credential is revoked or unknown",
        .helpExitUsage: "2    the command line could not be understood, or an input it needs is missing",
        .helpExitCancelled: "130  cancelled by the user",
        .helpCommandUsage: "USAGE: {usage}",
        .helpExample: "EXAMPLE: {example}",
        .helpCommandOptions: "OPTIONS",
        .helpCommandProviders: "PROVIDERS",
        .optionYes:
            "Consent and confirm without asking (the Apple sheet, the first Google account, warnings, delete-account).",
        .optionHideEmail: "At the Apple sheet, consent and hide the email behind a private relay address.",
        .optionAccount: "The account to pick: a Google account, or the uid a custom token is minted for.",
        .optionEmail: "The email to sign in with (also to sign in again before a sensitive change).",
        .optionPassword: "The password; for open-link and change-password, the new one.",
        .optionCurrentPassword: "The current password, to sign in again before a sensitive operation.",
        .optionSwitchAccount: "When the credential belongs to another account, sign in to that account instead.",
        .optionJSON: "Print one JSON object for scripts, also on failure. It never contains a token.",
        .optionDataDir:
            "Where the embedded backend, its outbox and the session live. Default: $SIGNIN_DEMO_DATA_DIR, else $XDG_DATA_HOME/signin-demo, else ~/.local/share/signin-demo (~/Library/Application Support/signin-demo on macOS).",
        .optionVerbose: "Also show the developer details of an error, and what hashes passwords.",
        .verboseHashing: "signin-demo: passwords and digests are hashed by {implementation}.",
        .optionHelp: "Show help: this page, or one command's.",
        .optionVersion: "Show the version.",
        .commandTourSummary: "the guided tour of every flow, each step labelled with its layer",
        .commandTourDetails:
            "With no command, the tour runs every flow on the embedded backend and ends signed in with Apple.",
        .commandInteractiveSummary: "the flows the backend offers, as a menu",
        .commandInteractiveDetails: "A menu of every flow. It needs a terminal.",
        .commandSignInSummary: "sign in with a registered provider (anonymous: a guest account)",
        .commandSignInDetails:
            "Signs in with the provider. Apple asks for consent, Google lets you choose an account, email asks for the email and the password. Any OpenID Connect provider: 'sign-in oidc.NAME --issuer URL --client-id ID' registers it in the data folder and prints the address to open in a browser (the answer comes back to 127.0.0.1); afterwards 'sign-in oidc.NAME' is enough. 'sign-in passkey' signs in with a passkey this device holds (see passkey add): no email or password is asked. 'sign-in email-link --email EMAIL' mails a link that signs in without a password (open it with open-link). 'sign-in phone --phone +15555550100' sends a code by SMS and asks for it (or takes --code in a later run).",
        .commandSignUpSummary: "create an email and password account",
        .commandSignUpDetails: "Creates an account with an email and a password, and signs it in.",
        .commandLinkSummary: "link a provider to the signed-in account (a guest keeps its uid)",
        .commandLinkDetails:
            "Adds a way to sign in to the signed-in account. A guest keeps its uid and everything stored for it. 'link phone --phone NUMBER' adds a phone number, proved by a code sent to it.",
        .commandUnlinkSummary: "unlink a provider (never the last one)",
        .commandUnlinkDetails:
            "Removes a way to sign in from the signed-in account. The last one cannot be removed. Needs a recent sign-in.",
        .commandStatusSummary: "who is signed in (exit 1 when nobody)",
        .commandStatusDetails: "Shows the signed-in account, refreshing its session if it has expired.",
        .commandSignOutSummary: "revoke the refresh token and remove the stored session",
        .commandSignOutDetails:
            "Signs out. A guest account cannot be signed in to again, so signing a guest out asks first (--yes off a terminal).",
        .commandResetPasswordSummary: "mail a password-reset link to the outbox",
        .commandResetPasswordDetails:
            "Mails a link that sets a new password. The answer is the same whether or not the email has an account.",
        .commandOpenLinkSummary: "open a link from a mail: reset the password, or verify the email",
        .commandOpenLinkDetails:
            "Opens a password-reset link and sets the new password (every session of the account ends), an email-verification link, or a sign-in link (with --email EMAIL when this data folder did not ask for it).",
        .commandVerifyEmailSummary:
            "mail a link that verifies the signed-in account's email",
        .commandVerifyEmailDetails:
            "Mails a verification link to the email of the signed-in account; signin-demo open-link takes it.",
        .verificationMailed:
            "A verification link was mailed to {email}. The outbox is {folder}; show it with 'signin-demo outbox', then open the link with 'signin-demo open-link'.",
        .verificationMailedMenu:
            "A verification link was mailed to {email}. The outbox is {folder}; choose {item} to show it.",
        .verificationMailedElsewhere:
            "A verification link was mailed to {email}. Open it with 'signin-demo open-link'.",
        .emailVerified:
            "{email} is verified.",
        .menuVerifyEmail:
            "Verify the email",
        .commandUpdateProfileSummary:
            "change the signed-in account's display name, photo or email",
        .commandUpdateProfileDetails:
            "Changes the display name (--name), the photo (--photo-url) or the email (--new-email) of the signed-in account. A new email needs a recent sign-in, is not verified yet, and becomes the one to sign in with.",
        .optionName:
            "For update-profile, a new display name (an empty one, '', removes it). For mfa enroll, the authenticator's name.",
        .optionNewEmail:
            "A new email for the signed-in account.",
        .optionPhotoURL:
            "The web address (https:// or http://) of a new photo for the signed-in account; an empty one ('') removes it.",
        .usageNeedsNameOrEmail:
            "update-profile needs --name, --photo-url or --new-email",
        .profileUpdated:
            "Profile updated.",
        .commandChangePasswordSummary: "choose a new password while signed in; every other session ends",
        .commandChangePasswordDetails:
            "Sets a new password for the signed-in account. Every other session ends. Needs a recent sign-in.",
        .commandOutboxSummary: "show the mails the embedded backend sent",
        .commandOutboxDetails: "Lists the mails in the embedded backend's outbox, with their links.",
        .commandCheckCredentialSummary: "check the Apple credential state; revoked signs out",
        .commandCheckCredentialDetails:
            "Asks Apple whether the user still uses Sign in with Apple with this app. Revoked or unknown signs out (exit 1).",
        .commandAppleRevokeSummary: "demo helper: stop using Sign in with Apple, as in Settings > Apple ID",
        .commandAppleRevokeDetails:
            "Plays the user's 'Stop using Sign in with Apple' in Settings. Exit 1 when nothing was authorized.",
        .commandDeleteAccountSummary: "delete the account, its identities and tokens, and sign out",
        .commandDeleteAccountDetails:
            "Deletes the signed-in account for good. It asks you to type DELETE (--yes off a terminal). Needs a recent sign-in.",
        .commandHelpSummary: "show help, or one command's help",
        .commandHelpDetails: "Shows the list of commands, or the options and an example of one command.",
        .commandVersionSummary: "show the version",
        .commandVersionDetails: "Shows the version.",

        // Usage errors.
        .usagePrefix: "signin-demo: {message}",
        .usageSeeHelp: "Run 'signin-demo --help' for usage.",
        .usageUnknownOption: "unknown option '{option}'",
        .usageTakesNoValue: "{option} takes no value",
        .usageNeedsValue: "{option} needs a value",
        .usageUnknownCommand: "unknown command '{command}'",
        .usageNeedsPassword: "{command} needs --password when standard input is not a terminal",
        .usageUnknownCommandSuggest: "unknown command '{command}'; did you mean '{suggestion}'?",
        .promptPasswordsDifferRetry: "The two passwords differ; type them again.",
        .usageUnexpectedWord: "unexpected '{word}' after '{command}'",
        .usageNeedsProvider: "{command} needs a provider: {providers}",
        .usageUnknownProvider: "unknown provider '{provider}' for {command} (known: {providers})",
        .usageNeedsLink: "open-link needs the link from the mail",
        .usageOptionNotForCommand: "{option} does not apply to '{command}'",
        .usageOptionNeedsCommand: "{option} needs a command that takes it",
        .usageArgumentTooLong: "argument {number} is longer than {limit} bytes",
        .usageArgumentNotUTF8: "argument {number} is not valid UTF-8 text",
        .usageNoDataFolder: "no data folder: pass --data-dir or set HOME.",
        .usageNeedsEmailAndPassword: "this command needs --email and --password when standard input is not a terminal",
        .usageNeedsEmail: "{command} needs --email when standard input is not a terminal",
        .usageNeedsNewPassword: "{command} needs --password (the new password) when standard input is not a terminal",
        .usageNeedsYesToDelete: "delete-account needs --yes when standard input is not a terminal",
        .usageNeedsYesToLoseGuest:
            "you are signed in as a guest, whose account cannot be signed in to again; add --yes to leave it anyway",
        .usageUnknownGoogleAccount: "no Google account '{account}' on this device; known: {accounts}",
        .usageInteractiveNeedsTerminal: "interactive needs a terminal; run one command at a time instead",
        .answerRefusedTooLong: "signin-demo: that answer is longer than {limit} bytes; it was ignored.",
        .answerRefusedNotUTF8: "signin-demo: that answer is not valid UTF-8 text; it was ignored.",
        .outputFailed: "signin-demo: could not write to standard output: {reason}.",

        // Prompts.
        .promptEmail: "Email: ",
        .promptPassword: "Password: ",
        .promptCurrentPassword: "Current password: ",
        .promptNewPassword: "New password: ",
        .promptNewPasswordAgain: "New password again: ",
        .promptPasswordsDiffer: "The two passwords differ.",
        .promptTypeDelete: "Type DELETE to delete your account and everything stored for it: ",
        .promptSwitchAccount: "Sign in to that account instead? [y/N] ",
        .promptLoseGuest:
            "You are signed in as a guest. Nobody can sign in to a guest account again: it is lost when you leave it. Link a provider first to keep it. Leave it anyway? [y/N] ",
        .promptYesAnswers: "y,yes",
        .promptChoose: "Choose 0 to {max}: ",
        .promptRetryChoice: "Please answer with a number from 0 to {max}.",
        .promptCancel: "Cancel",
        .promptGoogleTitle: "Choose a Google account to continue to {app}:",
        .promptConsentIntro: "{app} wants to use your {provider} account \"{name}\" ({email}).",
        .promptConsentShare: "Continue and share my email",
        .promptConsentHide: "Continue and hide my email",
        .promptConsentChoose: "Choose 1, 2 or 3: ",
        .promptConsentRetry: "Please answer 1, 2 or 3.",
        .promptLink: "Link: ",
        .promptProviderToUnlink: "Provider to unlink ({providers}): ",

        // Results.
        .cancelled: "cancelled",
        .signInCancelled: "sign-in cancelled; nothing changed.",
        .signUpCancelled: "sign-up cancelled; nothing changed.",
        .linkCancelled: "link cancelled; nothing changed.",
        .resetCancelled: "reset-password cancelled; nothing was mailed.",
        .openLinkCancelled: "open-link cancelled; the password stays as it was.",
        .resetLinkFor: "This link sets a new password for {email}.",
        .changePasswordCancelled: "change-password cancelled; the password stays as it was.",
        .deleteCancelled: "delete-account cancelled; nothing changed.",
        .signOutCancelled: "sign-out cancelled; you are still signed in as a guest.",
        .accountCreated: "Account created. Signed in.",
        .linkedProvider: "Linked {provider}.",
        .uidKept: "Linked {provider}; the uid was kept.",
        .unlinkedProvider: "Unlinked {provider}.",
        .signedOutDone: "Signed out. The refresh token was revoked and the stored session removed.",
        .resetMailed:
            "If {email} has an account, a reset link was mailed to it. The outbox is {folder}; show it with 'signin-demo outbox'.",
        .passwordResetDone:
            "Password changed. Every session of the account was ended; sign in with 'signin-demo sign-in email'.",
        .passwordChanged: "Password changed. Every other session of the account was ended; this one goes on.",
        .credentialState: "Apple credential state: {state}.",
        .appleRevoked:
            "Sign in with Apple is now turned off for signin-demo, as in Settings > Apple ID. Run 'signin-demo check-credential' to see the app notice.",
        .appleNothingToRevoke: "signin-demo: nothing to revoke: Sign in with Apple was not in use with signin-demo.",
        .accountDeleted: "Account deleted: its identities and tokens are gone, and you are signed out.",
        .outboxEmpty: "The outbox ({folder}) is empty.",
        .outboxLine: "{date}  to {to}  {subject}",
        .notSignedIn: "Not signed in.",
        .sessionExpiredOffline: "signin-demo: the session has expired and could not be refreshed.",
        .storedSessionKeptAs: "The unreadable file was kept as {path}.",
        .recoverHint: "Your account is unchanged. To use the other account: signin-demo sign-in {provider}",
        .switchedAccount: "Signed in to the account that owns it.",
        .guestWarning:
            "You are signed in as a guest. Signing in with another provider leaves the guest account, and nobody can sign in to it again. Link instead to keep it: signin-demo link {provider}. Leave it anyway? [y/N] ",
        .statusSignedIn: "Signed in.",
        .statusUID: "uid",
        .statusEmail: "email",
        .statusName: "name",
        .statusPhoto: "photo",
        .statusProviders: "providers",
        .statusGuest: "guest",
        .statusNewUser: "new user",
        .statusIDToken: "ID token",
        .statusRefreshToken: "refresh token",
        .statusNone: "none",
        .statusYes: "yes",
        .statusNo: "no",
        .statusExpires: "expires {date}",

        // What to do next.
        .hintSignIn: "Sign in first: signin-demo sign-in {providers}.",
        .hintSignInMenu: "Choose one of the sign-in items ({items}) first.",
        .hintWrongCredentials:
            "Check the email and the password, or mail yourself a reset link: signin-demo reset-password.",
        .hintEmailInUse:
            "Sign in to that account instead (signin-demo sign-in email), then link; or use another email.",
        .hintInvalidLink:
            "Open the link exactly as the mail shows it ('signin-demo outbox' lists them), or ask for a new one: signin-demo reset-password.",
        .hintDataFolder:
            "The data folder {folder} cannot be used ({reason}). Choose another with --data-dir, or fix this one: it must be a folder of yours that you can write.",
        .hintBackendDamaged:
            "The embedded backend's state in {folder} cannot be read ({reason}). Nothing was changed: restore the backend folder from a backup, or move it away to start a new installation.",
        .hintDetailsVerbose: "Details: {details}",
        .hintWrongCredentialsMenu:
            "Check the email and the password, or choose {item} to mail yourself a reset link.",
        .hintWrongPassword: "Check the password, or mail yourself a reset link: signin-demo reset-password.",
        .hintWrongPasswordMenu: "Check the password, or choose {item} to mail yourself a reset link.",
        .hintEmailNotFound: "Check the email, or create an account with it: signin-demo sign-up.",
        .hintEmailNotFoundMenu: "Check the email, or choose {item} to create an account with it.",
        .hintEmailInUseMenu: "Sign in to that account instead ({item}), then link; or use another email.",
        .hintInvalidLinkMenu:
            "Open the link exactly as the mail shows it ({also} shows the outbox), or choose {item} for a new one.",

        // The interactive menu.
        .menuHeading: "signin-demo interactive: data folder {folder}",
        .menuWhatNext: "What next?",
        .menuQuit: "Quit",
        .menuChoose: "Choose: ",
        .menuRetry: "Please answer with a number from 0 to {max}: ",
        .menuSignInApple: "Sign in with Apple",
        .menuSignInGoogle: "Sign in with Google",
        .menuSignInGuest: "Sign in as a guest",
        .menuSignInEmail: "Sign in with email",
        .menuSignInCustomToken: "Sign in with a custom token from your server",
        .menuSignUp: "Sign up with email",
        .menuLinkApple: "Link Apple",
        .menuLinkGoogle: "Link Google",
        .menuLinkEmail: "Link email and password",
        .menuUnlink: "Unlink a provider",
        .menuSignInWith: "Sign in with {provider}",
        .menuLinkWith: "Link {provider}",
        .menuStatus: "Status",
        .menuResetPassword: "Reset the password (mail a link)",
        .menuOutbox: "Show the outbox",
        .menuOpenLink: "Open a link from a mail",
        .menuCheckCredential: "Check the Apple credential state",
        .menuAppleRevoke: "Stop using Sign in with Apple (demo helper)",
        .menuDeleteAccount: "Delete the account",
        .menuSignOut: "Sign out",
        .menuChangePassword: "Change the password",

        // The guided tour.
        .tourIntro: "signin-demo: the embedded backend runs in-process; data folder {folder}",
        .tourStep1: "1. Launch: restore the stored session (RestoreSessionUseCase)",
        .tourFoundSession: "found the session of {uid} from an earlier run; signing in again anyway",
        .tourDiscardedSession: "the stored session was unreadable and was kept as {path}",
        .tourNoSession: "no stored session: signed out",
        .tourStep2: "2. Sign in with Apple (the KMP app's flow)",
        .tourStep3: "3. Relaunch: a new process restores the session from {path}",
        .tourRestored: "restored {uid}: the same user, no sign-in needed",
        .tourStep4: "4. An hour later: the ID token has expired, so restore refreshes it",
        .tourNewToken: "new ID token, expires {date}",
        .tourOldRefreshRefused:
            "the previous refresh token is refused now ({code}): tokens rotate",
        .tourStep5: "5. Call the app's API as the signed-in user (AuthorizedAPIClient, GET /v1/me)",
        .tourHTTP: "HTTP {status}: {body}",
        .tourStep6: "6. Back to the present: sign in with Google (the account chooser picks the first account)",
        .tourSignedInAs: "signed in as {email} with {providers}",
        .tourStep7: "7. A guest links email and password, signs out, and signs in with email: the same uid",
        .tourGuest: "guest {uid}, providers: none",
        .tourLinked: "linked {email}: uid {uid} kept, providers: {providers}",
        .tourSignedOut: "signed out",
        .tourSameUID: "signed in with email: uid {uid}, the guest's own",
        .tourStep8: "8. Password reset: the mail goes to the outbox, its link sets a new password",
        .tourMailSent: "a reset mail to {to} is in {folder}",
        .tourItsLink: "its link: {link} (the code is secret; 'signin-demo outbox' shows it)",
        .tourLinkOpened:
            "the link opened the reset screen; new password set, and this device's session of the account ended",
        .tourOldPasswordRefused: "the old password is refused: {message}",
        .tourLinkOnce: "the link works once: {message}",
        .tourNewPasswordWorks: "the new password signs in",
        .tourStepEmailLink: "9. A sign-in link by mail: no password, the link alone signs in on the device that asked",
        .tourSignInLinkSent: "a sign-in mail to {to} is in {folder}; this device remembers the email",
        .tourSignInLinkOpened: "the link signed in to the same account ({uid}), without a password",
        .tourSignInLinkOnce: "the link works once: {message}",
        .tourEmailLinkSkipped: "this backend does not offer sign-in links: skipped",
        .tourStepPhone:
            "10. A phone number: a code by SMS links it, then signs in to the same account without a password",
        .tourPhoneLinked: "an SMS to {phone} is in {folder}; its code linked the number to {uid}",
        .tourPhoneSignedIn: "signed out and in again with a new SMS code alone: the same account ({uid})",
        .tourPhoneSkipped: "this backend does not offer phone sign-in: skipped",
        .tourStep9: "13. Apple revocation: the user stops using Sign in with Apple, and the app signs out",
        .tourStopUsing: "Settings > Apple ID > Sign in with Apple > signin-demo > Stop using",
        .tourCredentialState: "credential state: {state}; {message}",
        .tourStep10: "14. Delete the account (the guest-turned-email account)",
        .tourDeleted: "deleted; signed out",
        .tourSignInAgain: "signing in to it again: {message}",
        .tourStep11: "15. Sign in with Apple again: after the revocation Apple sends the name once more",
        .tourDone:
            "Done: every flow ran on the embedded backend. Try 'signin-demo status', 'signin-demo interactive' and 'signin-demo --help'; they share this data folder.",
        .tourFailed: "signin-demo: the tour stopped: {reason}",
        .tourAccepted: "accepted, which it should not be",

        // Backends and the server.
        .optionBackend:
            "The backend: embedded (in-process, the default), firebase (over its REST API) or rest (your own API, with --base-url).",
        .optionPort: "The port to serve on, on 127.0.0.1 (default 9099; 0 picks a free one).",
        .optionProject:
            "The Firebase project id its ID tokens name (default: $FIREBASE_PROJECT_ID, else $GCLOUD_PROJECT, else demo-signin).",
        .optionAcceptUnsignedTokens:
            "Also take unsigned identity tokens (a JSON object of claims, or alg none) for any provider id, and a SAML provider's SAMLResponse as JSON, as Google's emulator does: anyone who reaches the server can then sign in as anyone, so for tests only.",
        .optionTestClock:
            "Stop the server's clock, as a test suite's fake timers do, and let the suite move it forward through /emulator/v1/projects/ID/clock in place of waiting: tokens, codes and throttles then expire early, so for tests only.",
        .optionAsGoogleEmulator:
            "Answer as Google's Auth emulator where this server is stricter or says more: passwords from 6 characters (Firebase's minimum, not 8), error messages that are the bare code, any project id in a path, a tenant made with every sign-in method on when a request first names it, phone second factors a sign-up lists, with no code sent, passkeys for localhost, and a Google access token (Bearer ya29.…) taken as the owner credential by its form alone. For tests written against that emulator.",
        .optionIDTokenFile:
            "A file holding the provider's identity token, obtained elsewhere (Firebase has no sign-in screen here).",
        .commandServeSummary: "serve the embedded backend over HTTP, as a Firebase Auth emulator",
        .commandServeDetails: """
        Runs the embedded backend as an HTTP server on 127.0.0.1 that speaks Firebase Authentication's REST API
        (Identity Toolkit v1 and the Secure Token API) at the emulator's URLs, plus the emulator's oobCodes and
        accounts endpoints, the simulated Apple and Google sign-in, and the app's API (GET /v1/me). Point a
        Firebase client at it with FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:PORT, for example
        `signin-demo --backend firebase`. Unlike Firebase's own emulator, it checks signatures, nonces and expiry.
        One line per request goes to standard error, without tokens, passwords or keys. Ctrl-C (or SIGTERM) stops
        it after the requests in progress.
        """,
        .usageUnknownBackend: "unknown backend '{backend}' (use embedded, firebase or rest)",
        .usageFirebaseNeedsKey:
            "--backend firebase needs FIREBASE_API_KEY (your project's Web API key) or FIREBASE_AUTH_EMULATOR_HOST=host:port (an emulator, such as signin-demo serve)",
        .usageInvalidEmulatorHost:
            "FIREBASE_AUTH_EMULATOR_HOST must be host:port, such as 127.0.0.1:9099 (it is '{host}')",
        .usageBadPort: "the port must be a number from 0 to 65535 (it is '{port}')",
        .hintProjectMismatch:
            "The emulator serves another Firebase project than {project}: set FIREBASE_PROJECT_ID to the project it named when it started.",
        .usageBadCustomTokenAccount:
            "with a custom token, --account is your server's user id: 1 to {maximum} characters",
        .usageBadProject: "a project id is letters, digits and '-', at most 63 of them (it is '{project}')",
        .usageNeedsIDToken:
            "this Firebase backend has no {provider} sign-in screen here: pass an identity token obtained elsewhere with --id-token-file FILE (or SIGNIN_DEMO_ID_TOKEN, and SIGNIN_DEMO_RAW_NONCE for its nonce)",
        .usageIDTokenUnreadable: "the identity token in {path} cannot be read: {reason}",
        .usageNoSimulatedApple:
            "{command} needs a simulated Apple ID, which a Firebase project does not have: use the embedded backend or signin-demo serve",
        .usageNoMailbox:
            "this backend mails its links to the user's own inbox, which this command cannot read (only the embedded backend and signin-demo serve keep an outbox): open the mail and run signin-demo open-link with its link",
        .usageTourNeedsSimulation:
            "the guided tour signs in with the simulated Apple ID, which a Firebase project does not have: run it against the embedded backend or signin-demo serve, or run the commands one by one",
        .serveListening:
            "Serving the embedded backend at {url} as Firebase project {project} (data in {folder}).\nPoint a Firebase client at it: FIREBASE_AUTH_EMULATOR_HOST={host} FIREBASE_PROJECT_ID={project} signin-demo --backend firebase\nCtrl-C stops it.",
        .serveStopped: "Stopped after the requests in progress.",
        .serveUnsignedTokensWarning:
            "signin-demo: unsigned identity tokens are accepted: anyone who reaches this server can sign in as anyone. For tests only.",
        .optionUnsignedSessionTokens:
            "Issue ID tokens and session cookies with no signature (alg none), as Google's Auth emulator does, and take such tokens back, still checking their project, expiry and account: anyone who can reach the server can then sign in as anyone. For tests written against that emulator; otherwise they are RS256 under published keys.",
        .serveUnsignedSessionTokensWarning:
            "signin-demo: ID tokens and session cookies are unsigned: anyone who can reach this server can make a session for any account. For tests only.",
        .serveTestClockWarning:
            "signin-demo: the test clock is on: any client of this server can move its time forward. For tests only.",
        .serveAsGoogleEmulatorWarning:
            "signin-demo: answering as Google's Auth emulator: passwords of 6 characters are taken, errors say only their code, any project id is served, a tenant is made when a request names it, a sign-up may list second factors, and any Google access token is the owner. For tests only.",
        .serveFailed: "The server could not start: {reason}",
        .resetMailedFirebase: "If {email} has an account, Firebase mailed it a link to reset the password.",
        .helpBackends:
            "Backends: --backend embedded (default: in-process, offline); --backend firebase with FIREBASE_API_KEY, or with FIREBASE_AUTH_EMULATOR_HOST=host:port for an emulator such as signin-demo serve; --backend rest --base-url URL for your own API.",
        .tourIntroFirebase:
            "signin-demo: the backend is Firebase Authentication's REST API at {host}; data folder {folder}",
        .tourDoneFirebase:
            "Done: every flow ran over HTTP through Firebase's REST API. Try 'signin-demo --backend firebase status'; the same variables point it at the same backend.",
        .servePortInUse:
            "port {port} is in use: stop the other server, or choose another port with --port (0 picks a free one)",
        .reasonNoSuchFile: "there is no such file, or it cannot be read",
        .reasonTooLong: "it is longer than 16 KiB",
        .reasonNotOneLine: "it is not one line of printable ASCII",
        .signedOutLocal:
            "Signed out on this device: the stored session was removed. This backend has no call that revokes one session, so its token stays valid until it expires, the password changes or the account is deleted.",
        .usageIDTokenOnlyForProviders:
            "--id-token-file is for the providers that give an identity token: sign-in {providers}, link {providers}, and the commands that sign in again",
        .optionBaseURL:
            "With --backend rest: the base URL of your own API (http or https), such as http://127.0.0.1:8000.",
        .commandMeSummary: "call the app's API as the signed-in user",
        .commandMeDetails:
            "Calls the app's API (GET /v1/me, or your own API's current-user endpoint with --backend rest) through AuthorizedAPIClient: the session's token as a Bearer, one refresh and retry on a 401. Prints the status and the answer.",
        .usageBadBaseURL:
            "--base-url must be an http or https URL with a host and no user, query or fragment (it is '{url}')",
        .usageRESTNeedsBaseURL:
            "--backend rest needs --base-url URL: the base URL of your own API, such as http://127.0.0.1:8000",
        .usageNoAppAPI: "this backend has no app API to call: a Firebase project is not your app's server",
        .apiAnswer: "HTTP {status}: {body}",
        .resetMailedByServer:
            "If {email} has an account, the server mailed it a link to reset the password; run signin-demo open-link with that link.",
        .hintInvalidLinkNoOutbox:
            "Open the link exactly as the mail shows it, or ask for a new one: signin-demo reset-password.",
        .hintInvalidLinkNoOutboxMenu: "Open the link exactly as the mail shows it, or choose {item} for a new one.",
        .recoverHintMenu: "Your account is unchanged. To use the other account, choose {item}.",
        .guestWarningMenu:
            "You are signed in as a guest. Signing in with another provider leaves the guest account, and nobody can sign in to it again. Link instead to keep it: choose {item}. Leave it anyway? [y/N] ",
        .resetMailedMenu:
            "If {email} has an account, a reset link was mailed to it. The outbox is {folder}; choose {item} to show it.",
        .resetMailedByServerMenu:
            "If {email} has an account, the server mailed it a link to reset the password; choose {item} and paste that link.",
        .passwordResetDoneMenu:
            "Password changed. Every session of the account was ended; choose {item} to sign in with the new password.",
        .appleRevokedMenu:
            "Sign in with Apple is now turned off for signin-demo, as in Settings > Apple ID. Choose {item} to see the app notice.",
        .listSeparator: ", ",
        .optionCode:
            "The authenticator app's 6-digit code, or one of the account's recovery codes, for a sign-in that asks for one (signing in again before a sensitive command included). mfa enroll always asks for its first code on the terminal.",
        .commandMFASummary: "two-step sign-in with an authenticator app: enroll, list, remove, recovery codes",
        .commandMFADetails:
            "mfa enroll (on a terminal only: it shows a secret) draws a QR code for an authenticator app, with the secret as text and its otpauth:// address, then asks for a first code from the app; from then on every sign-in asks for a code too. The first authenticator also brings ten recovery codes, shown once: each signs in once in place of a code (--code takes one), for a user who lost the app. mfa recovery-codes (on a terminal only) makes a new set, and the old codes work no more. mfa list shows the account's authenticators. mfa remove [ID or number] removes one; removing the last turns two-step sign-in off and must be confirmed (--yes). Enrolling, removing and new recovery codes need a recent sign-in: the password, and a code (--code) when the account already has an authenticator. mfa enroll --phone NUMBER enrols a phone instead: a code goes to it by SMS, then is asked for (or given with --code in a later run); a sign-in with a phone factor sends it a code and asks for it on a terminal. A phone factor needs a verified email.",
        .usageNeedsMFAAction: "mfa needs what to do: {actions}.",
        .usageUnknownMFAAction: "\"{action}\" is not something mfa does. Use one of: {actions}.",
        .usageMFAEnrollNeedsTerminal:
            "mfa enroll shows a secret and then asks for a code computed from it: run it on a terminal (or choose it in signin-demo interactive).",
        .usageNeedsCode:
            "This account uses two-step sign-in. Give the code from the authenticator app (or a recovery code) with --code, or run the command on a terminal to be asked.",
        .usageNeedsYesToRemoveLast:
            "This is the account's last authenticator: removing it turns two-step sign-in off. Add --yes to remove it anyway.",
        .usageNeedsFactorID:
            "The account has several authenticators; name the one to remove: signin-demo mfa remove ID (one of: {ids}).",
        .promptMFACode: "Code from the authenticator app (or a recovery code): ",
        .promptMFACodeFactor: "Which authenticator is your code from (1-{max})? ",
        .optionFactor:
            "Which authenticator the --code is from, when the account has several: its id, or its number in mfa list.",
        .usageNeedsFactor:
            "This account has several authenticators; say which one the code is from with --factor (a number or an id: {factors}).",
        .promptMFAFactor: "Which one to remove (1-{max})? ",
        .promptConfirmYesNo: "[y/N] ",
        .mfaScanQR: "Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…):",
        .mfaSecretLine: "Or type this secret into the app: {secret}",
        .mfaURILine: "Its address: {uri}",
        .mfaEnrolled:
            "Two-step sign-in is on: every sign-in of this account now asks for a code from the authenticator app.",
        .mfaEnrollCancelled: "No authenticator was added.",
        .mfaNone: "This account has no authenticator: two-step sign-in is off.",
        .mfaFactorLine: "  {number}. {name}  (id {id}, added {date})",
        .mfaUnnamed: "Authenticator app",
        .mfaRemoved: "The authenticator was removed. Every other session of the account was ended; this one goes on.",
        .mfaRemovedLast:
            "The authenticator was removed: two-step sign-in is off, and the password alone signs in. Every other session of the account was ended.",
        .mfaRemoveCancelled: "No authenticator was removed.",
        .menuMFAEnroll: "Turn on two-step sign-in (add an authenticator app)",
        .menuMFAList: "List the authenticator apps",
        .menuMFARemove: "Remove an authenticator app",
        .menuMFARecoveryCodes: "Make new recovery codes",
        .tourStepMFA: "11. Two-step sign-in: an authenticator app's code after the password",
        .tourMFAScanned: "the authenticator app (simulated here) scans {uri}",
        .tourMFAOn: "its first code confirmed the enrolment: two-step sign-in is on",
        .tourMFAAsked: "signed out and in again: the password alone signs nobody in, the screen asks for a code",
        .tourMFASignedIn: "the app's next code finished the sign-in ({uid})",
        .tourMFAOff: "the authenticator was removed (confirmed as the last one): the password alone signs in again",
        .tourMFASkipped: "this backend does not offer two-step sign-in: skipped",
        .usageBadCode:
            "\"{code}\" is not a code: an authenticator app shows 6 digits, and a recovery code has 10 letters and digits (never 0, 1, i, l or o).",
        .usageMFAEnrollNeedsScreen:
            "mfa enroll shows a secret meant for your eyes only: run it with its output on the terminal, not redirected to a file or a pipe.",
        .usageMFAOptionNotForAction: "{option} does not apply to 'mfa {action}'.",
        .mfaRecoveryCodesFirst:
            "Your recovery codes. If you lose the authenticator app, each one signs in once in place of a code. Keep them somewhere safe: they are shown only now.",
        .mfaRecoveryCodesNew:
            "Your new recovery codes; the ones before work no more. Each signs in once in place of a code. Keep them somewhere safe: they are shown only now.",
        .mfaRecoveryCodeUsed:
            "Signed in with a recovery code, which works no more. Recovery codes left: {left}.",
        .mfaRecoveryCodesUsedUp:
            "That was the last recovery code: make new ones with signin-demo mfa recovery-codes.",
        .usageMFARecoveryCodesNeedsScreen:
            "mfa recovery-codes shows codes meant for your eyes only: run it with its output on the terminal, not redirected to a file or a pipe.",
        .usageMFASecretsNotInJSON:
            "mfa {action} shows secrets meant for your eyes only, which --json output never carries: run it without --json, on the terminal.",
        .promptMFAFirstCode: "Code from the authenticator app: ",
        .promptMFACodeFactorOrRecovery: "Which authenticator is your code from (1-{max})? Or type a recovery code: ",
        .promptNumberInRange: "Answer with a number from 1 to {max}.",
        .statusRedacted: "(hidden)",
        .optionIssuer:
            "For sign-in and link with oidc.NAME: the OpenID Connect provider's issuer (https://…, or http:// on 127.0.0.1); registers the provider in the data folder.",
        .optionClientID:
            "With --issuer: this app's client id at the provider.",
        .usageOIDCNotRegistered:
            "{provider} is not registered in this data folder. Register it once with --issuer URL --client-id ID.",
        .usageOIDCNeedsIssuer:
            "{provider} needs --issuer URL and --client-id ID together.",
        .usageBadIssuer:
            "'{issuer}' cannot be an issuer: give an https:// address (http:// only on 127.0.0.1, ::1 or localhost), without a query or a fragment.",
        .usageBadClientID:
            "The client id is empty, too long, or has spaces around it.",
        .usageBadOIDCName:
            "'{name}' cannot name a provider: after 'oidc.' use 1 to 40 lower-case letters, digits and '-'.",
        .usageIssuerOnlyForOIDC:
            "--issuer and --client-id are for OpenID Connect providers: 'sign-in oidc.NAME' or 'link oidc.NAME'.",
        .oidcOpenBrowser:
            "Open this address in a browser to sign in: {url}",
        .oidcPageTitle:
            "Back to signin-demo",
        .oidcPageMessage:
            "The provider's answer went to signin-demo, which says there whether you are signed in. You can close this page.",
        .optionClientSecretFile:
            "With --issuer: a file holding the app's client secret at the provider, for a provider that registered the app as a confidential client; the secret is read from it at each sign-in, never stored elsewhere.",
        .optionClientSecretEnvironment:
            "With --issuer: the environment variable that holds the app's client secret at the provider (instead of a file).",
        .usageSecretNeedsRegistration:
            "--client-secret-file or --client-secret-env (one of them) registers a provider's client secret: give it with --issuer and --client-id.",
        .oidcSecretUnreadable: "The client secret of {provider} could not be read from {source}: {reason}.",
        .reasonEmptySecret: "it is empty or not one line",
        .noPasswordToChange: "This account has no password yet, so there is none to change.",
        .hintAddPassword: "Add one with: signin-demo link email.",
        .hintAddPasswordMenu: "Choose {item} to add one.",
        .optionScope:
            "With --issuer: the scopes to ask the provider for, separated by spaces or commas (openid is always asked for; the default is openid email profile).",
        .optionDisplayName:
            "With --issuer: the provider's name as people see it (the default is its name after oidc.).",
        .usageNeedsRegistration:
            "{option} is part of a provider's registration: give it with --issuer and --client-id.",
        .usageBadScope: "A scope cannot have spaces inside it, quotes, backslashes or control characters.",
        .usageBaseURLOnlyForREST: "--base-url is the address of your own API: give it with --backend rest.",
        .menuChooseAgain: "Choose (1-{max}, ? for the menu, 0 to quit): ",
        .menuUpdateProfile: "Change the display name",
        .menuMe: "Call the app's API as the signed-in user",
        .promptDisplayName: "New display name: ",
        .outboxSubjectReset: "Reset your password",
        .outboxSubjectVerify: "Verify your email",
        .outboxSubjectSignIn: "Your sign-in link",
        .outboxSMSLine: "{date}  SMS to {to}  code {code}",
        .promptPhone: "Phone number, in international form (+15555550100): ",
        .promptPhoneCode: "The 6-digit code from the SMS: ",
        .phoneCodeSentAsk: "A code was sent by SMS to {phone}; 'signin-demo outbox' shows it.",
        .phoneCodeSent:
            "A code was sent by SMS to {phone}. The messages are in {folder}; 'signin-demo outbox' shows them. Then run 'signin-demo {command} --phone {phone} --code CODE'.",
        .phoneCodeSentElsewhere:
            "A code was sent by SMS to {phone}. Then run 'signin-demo {command} --phone {phone} --code CODE'.",
        .linkedPhone: "linked {phone}: uid {uid} kept",
        .usagePhoneNoCodeSent:
            "no code was sent to {phone} from this data folder, or it was used. Run the command without --code to send one.",
        .optionPhone:
            "A phone number in international form (+15555550100): sign-in phone and link phone send it a code by SMS.",
        .helpPhoneProvider: "a phone number, proved by a code sent by SMS (--phone +15555550100)",
        .menuSignInPhone: "Sign in with a code sent to your phone",
        .menuLinkPhone: "Link a phone number",
        .usageNeedsPhone: "{command} needs --phone when standard input is not a terminal",
        .usagePhoneFactorNeedsTerminal:
            "this account's second factor is a phone: its code comes by SMS during the sign-in, so sign in on a terminal",
        .mfaPhoneEnrolled: "{phone} is now a second factor: sign-ins ask for a code sent to it",
        .mfaPhoneFactor: "Phone {phone}",
        .outboxCode: "or type the code {code} (signin-demo sign-in email-link --email … --code {code})",
        .menuSignInEmailLink: "Sign in with a link mailed to you",
        .signInLinkMailed:
            "A sign-in link was mailed to {email}. The outbox is {folder}; show it with 'signin-demo outbox', then open the link with 'signin-demo open-link'.",
        .signInLinkMailedMenu:
            "A sign-in link was mailed to {email}. The outbox is {folder}; choose {item} to show it, then open the link.",
        .signInLinkMailedElsewhere:
            "A sign-in link was mailed to {email}. Open it with 'signin-demo open-link' and the link.",
        .promptSignInLinkEmail: "This link was not asked for here. The email it was sent to: ",
        .outboxNoTime: "(time not reported)",
        .stateAuthorized: "authorized",
        .stateRevoked: "revoked",
        .stateNotFound: "not found",
        .usageRepeatedOption: "{option} is given twice; give it once.",
        .usageVersionAlone: "--version takes no command or operand: run 'signin-demo --version' alone.",
        .usageNeedsYesToReplaceOIDC:
            "{provider} is registered with the issuer {issuer} and the client id {client}; add --yes to replace that registration.",
        .promptReplaceOIDC:
            "{provider} is registered with the issuer {issuer} and the client id {client}. Replace that registration?",
        .oidcReplaceCancelled: "the registration was kept as it was; nothing changed.",
        .oidcNotRegistered: "Nothing was registered: a provider is kept only once its issuer answers.",
        .oidcRegistryUnreadable:
            "The registered OpenID Connect providers in {path} could not be used ({reason}). Fix or remove the file.",
        .helpOIDCProvider: "any OpenID Connect provider: register it with --issuer URL --client-id ID",
        .reasonNotProviderList: "it is not a JSON list of providers, each with a valid name, issuer and clientID",
        .reasonNotWritable: "it or its folder cannot be written",
        .reasonUntrustedFile:
            "it cannot be read, or others may change it: it must be yours, with mode 0600, in folders only you control",
        .commandPasskeySummary:
            "passkeys for the signed-in account: add, list, remove",
        .commandPasskeyDetails:
            "passkey add [--name NAME] makes a passkey on this device (the demo's software authenticator, kept in the data folder's device/passkeys.json) and registers it with the backend; afterwards 'sign-in passkey' signs in with no password. passkey list shows the account's passkeys. passkey remove [ID or number] removes one from the account (the device may keep it, but it signs in no more). Adding and removing need a recent sign-in.",
        .usageNeedsPasskeyAction:
            "passkey needs what to do: {actions}.",
        .usageUnknownPasskeyAction:
            "\"{action}\" is not something passkey does. Use one of: {actions}.",
        .usageNeedsPasskeyID:
            "The account has several passkeys; name the one to remove: signin-demo passkey remove ID (one of: {ids}).",
        .promptPasskeyToRemove:
            "Which one to remove (1-{max})? ",
        .passkeyAdded:
            "The passkey was added. Sign out and sign in with 'signin-demo sign-in passkey': no password is asked.",
        .passkeyAddCancelled:
            "No passkey was added.",
        .passkeyNone:
            "This account has no passkey.",
        .passkeyLine:
            "  {number}. {name}  (id {id})",
        .passkeyRemoved:
            "The passkey was removed from the account: it signs in no more. Every other session of the account was ended; this one goes on.",
        .passkeyRemoveCancelled:
            "No passkey was removed.",
        .menuPasskeyAdd:
            "Add a passkey",
        .menuPasskeyList:
            "List the passkeys",
        .menuPasskeyRemove:
            "Remove a passkey",
        .menuSignInPasskey:
            "Sign in with a passkey",
        .promptPasskeyCreate:
            "Create a passkey for {site} as {account}? This device keeps its private key; the site gets only the public key.",
        .promptPasskeyCreateOption:
            "Create the passkey",
        .promptPasskeyChoose:
            "Sign in to {site} with the passkey of:",
        .tourStepPasskey:
            "12. A passkey: the device makes a key pair, the backend keeps the public key, and the next sign-in asks no password",
        .tourPasskeyAdded:
            "the device (the demo's software authenticator) made a passkey; the backend checked it and keeps its public key",
        .tourPasskeySignedIn:
            "signed out and in again with the passkey alone: no email, no password, the same account",
        .tourPasskeySkipped:
            "this backend does not offer passkeys: skipped",
        .usageUnknownPasskeyID:
            "This account has no passkey \"{id}\". Name one of: {ids} (or its number in passkey list).",
        .passkeyUnnamed: "Passkey {number}",
        .passkeyRemovedHere:
            "The passkey was removed from the account: it signs in no more.",
        .hintPasskeyDevice:
            "The device's passkeys are kept in {file} ({reason}). If it is damaged, move it aside: its passkeys are then gone, and the account signs in another way, then adds a new one.",
    ]
}
