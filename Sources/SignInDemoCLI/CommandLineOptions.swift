import Foundation
import SignInData
import SignInDomain
import SignInPresentation

/// A command's name on the command line, in the order the help lists them: the one place each name is spelled.
enum CommandName: String, Hashable, Sendable, CaseIterable {
    case interactive
    case signIn = "sign-in"
    case signUp = "sign-up"
    case link, unlink, status
    case signOut = "sign-out"
    case resetPassword = "reset-password"
    case openLink = "open-link"
    case changePassword = "change-password"
    case verifyEmail = "verify-email"
    case updateProfile = "update-profile"
    case outbox
    case checkCredential = "check-credential"
    case appleRevoke = "apple-revoke"
    case deleteAccount = "delete-account"
    case mfa, passkey
    case me, serve, help, version
}

/// What `passkey` does, as the word after it names it.
enum PasskeyAction: String, Hashable, Sendable, CaseIterable {
    case add, list, remove
}

/// What `mfa` does, as the word after it names it.
enum MFAAction: String, Hashable, Sendable, CaseIterable {
    case enroll, list, remove
    case recoveryCodes = "recovery-codes"
}

/// What the command line asks for: a command, and what it names after its name. What each command takes, does and
/// says is its ``CommandSpec``, declared once in ``CommandTable``.
struct Command: Hashable, Sendable {
    /// The command's name; `nil` for the tour, which runs when no command is named.
    let name: CommandName?
    /// The provider `sign-in`, `link` and `unlink` name.
    var provider: ProviderType?
    /// The link `open-link` opens.
    var resetLink: Secret?
    /// The command whose help `help` shows; `nil` for the global help.
    var topic: String?
    /// What `mfa` does.
    var mfaAction: MFAAction?
    /// The second factor `mfa remove` names, or the passkey `passkey remove` names; `nil` to choose among the
    /// account's.
    var factorID: String?
    /// What `passkey` does.
    var passkeyAction: PasskeyAction?

    init(
        _ name: CommandName?, provider: ProviderType? = nil, resetLink: Secret? = nil, topic: String? = nil,
        mfaAction: MFAAction? = nil, factorID: String? = nil, passkeyAction: PasskeyAction? = nil
    ) {
        self.name = name
        self.provider = provider
        self.resetLink = resetLink
        self.topic = topic
        self.mfaAction = mfaAction
        self.factorID = factorID
        self.passkeyAction = passkeyAction
    }

    /// The guided tour.
    static let tour = Command(nil)
    /// `sign-in <provider>`.
    static func signIn(_ provider: ProviderType) -> Command { Command(.signIn, provider: provider) }
    /// `link <provider>`.
    static func link(_ provider: ProviderType) -> Command { Command(.link, provider: provider) }
    /// `unlink <provider>`.
    static func unlink(_ provider: ProviderType) -> Command { Command(.unlink, provider: provider) }
    /// `open-link <url>`.
    static func openLink(_ link: Secret) -> Command { Command(.openLink, resetLink: link) }
    /// `help [command]`.
    static func help(_ topic: String?) -> Command { Command(.help, topic: topic) }
    /// `mfa enroll|list|remove [ID]`.
    static func mfa(_ action: MFAAction, factorID: String? = nil) -> Command {
        Command(.mfa, mfaAction: action, factorID: factorID)
    }
    /// `passkey add|list|remove [ID]`.
    static func passkey(_ action: PasskeyAction, id: String? = nil) -> Command {
        Command(.passkey, factorID: id, passkeyAction: action)
    }

    /// Its declaration.
    var spec: CommandSpec { name.map(CommandTable.spec(of:)) ?? CommandTable.tour }
}

/// An identity token obtained elsewhere, and the raw nonce it was made with.
struct ProvidedIDToken: Hashable, Sendable {
    /// The provider whose screen it stands in for; `nil` for whichever provider the session signs in again with.
    var provider: ProviderType?
    var idToken: Secret
    var rawNonce: Secret?
}

/// A backend as `--backend` names it.
enum BackendName: String, Hashable, Sendable, CaseIterable {
    case embedded, firebase, rest
}

/// Everything the command line says.
struct Invocation: Hashable, Sendable {
    var command: Command = .tour
    /// `--backend`: which backend the commands talk to.
    var backend: BackendName = .embedded
    /// Whether `--backend` was given.
    var backendGiven = false
    /// `--port`: where `serve` listens.
    var port: UInt16?
    /// `--project`: the Firebase project id `serve` answers for and its ID tokens name.
    var project: String?
    /// `--name`: a new display name.
    var displayName: String?
    /// `--new-email`: a new email for the signed-in account.
    var newEmail: String?
    /// `--photo-url`: the web address of a new photo for the signed-in account.
    var photoURL: String?
    /// `--base-url`: the team's own API, for `--backend rest`.
    var baseURL: URL?
    /// `--id-token-file`: an Apple or Google identity token obtained elsewhere.
    var idTokenFile: String?
    /// The identity token from `--id-token-file` or `SIGNIN_DEMO_ID_TOKEN`, read before the command runs.
    var providedIDToken: ProvidedIDToken?
    /// `--data-dir`: where the backend and the session live.
    var dataDirectory: String?
    /// `--yes`: consent and confirm without asking.
    var assumeYes = false
    /// `--hide-email`: consent at the Apple sheet and hide the email.
    var hideEmail = false
    /// `--json`: one JSON object on standard output.
    var json = false
    /// `--email`.
    var email: String?
    /// `--password`: the password to sign in, sign up or link with, or the new one.
    var password: String?
    /// `--current-password`: the password to sign in again with before a sensitive operation.
    var currentPassword: String?
    /// `--code`: a one-time code from the authenticator app, for a sign-in that asks for one or `mfa enroll`.
    var code: String?
    /// `--phone`: the phone number a code is sent to, in international form.
    var phone: String?
    /// `--factor`: which of the account's authenticators the code is from (its id, or its number in `mfa list`).
    var factor: String?
    /// `--account`: the Google account to pick.
    var account: String?
    /// `--issuer`: an OpenID Connect provider's issuer, to register it.
    var issuer: String?
    /// `--client-id`: the app's client id at that provider.
    var clientID: String?
    /// `--scope`: the scopes to ask the provider for, separated by spaces or commas.
    var scopes: [String]?
    /// `--display-name`: the provider's name as people see it.
    var providerDisplayName: String?
    /// `--client-secret-file`: the file that holds the app's client secret at that provider.
    var clientSecretFile: String?
    /// `--client-secret-env`: the environment variable that holds it.
    var clientSecretEnvironment: String?
    /// `--switch-account`: after "this credential belongs to another account", sign in to that account.
    var switchAccount = false
    /// `--verbose`: the developer details of errors too.
    var verbose = false
    /// `--accept-unsigned-provider-tokens`: `serve` takes the unsigned identity tokens Google's emulator takes.
    var acceptsUnsignedProviderTokens = false
    /// `--test-clock`: `serve` lets a test suite move its clock forward (`/emulator/v1/projects/{id}/clock`).
    var testClock = false
    /// `--as-google-emulator`: `serve` takes passwords from 6 characters, answers errors with the bare code, serves any
    /// project id and makes a tenant a request names.
    var asGoogleEmulator = false
    /// `--unsigned-session-tokens`: `serve` issues and takes ID tokens and session cookies with no signature.
    var unsignedSessionTokens = false
    /// Prompt even when standard input is not a terminal: the interactive menu, whose input is answers.
    var forcePrompts = false

    /// Whether prompts may be shown.
    func canPrompt(_ console: Console) -> Bool { console.isInteractive || forcePrompts }
}

/// A command line that could not be understood: a message key and its values, shown in the user's language.
struct UsageError: Error, Hashable, Sendable {
    let key: CLIText
    let arguments: [String: String]

    init(_ key: CLIText, _ arguments: [String: String] = [:]) {
        self.key = key
        self.arguments = arguments
    }

    /// Says what is wrong on standard error, and how to get help; with `--json`, records it as the error `usage`.
    /// - Returns: ``ExitCode/usage``.
    func report(on console: Console, text: CLIMessages) -> ExitCode {
        let message = text(key, arguments)
        console.report?.fail(code: JSONReport.code(for: .usage), message: message)
        console.err(text(.usagePrefix, ["message": message]) + "\n" + text(.usageSeeHelp) + "\n")
        return .usage
    }
}

/// An option of the command line.
enum OptionName: String, Hashable, Sendable, CaseIterable {
    case yes, hideEmail, json, email, password, currentPassword, account, switchAccount, dataDir, verbose, help
    case version, backend, port, project, idTokenFile, baseURL, name, newEmail, photoURL, acceptUnsignedTokens
    case testClock, asGoogleEmulator, unsignedSessionTokens
    case code, factor, issuer, clientID, clientSecretFile, clientSecretEnvironment, scope, displayName, phone
}

/// How an option is written and what it does.
struct OptionSpec: Sendable {
    let name: OptionName
    /// `--yes`.
    let long: String
    /// `-y`, if it has one.
    let short: String?
    /// The value's placeholder (`EMAIL`), `nil` for a flag.
    let value: String?
    /// What it does, for the help.
    let help: CLIText
}

/// What a command takes after its name.
enum Operand: Hashable, Sendable {
    case none
    /// One of the registered providers: any, or those that can be linked and unlinked.
    case provider(ProviderChoice)
    /// The link from a mail.
    case link
    /// A command name, or nothing (`help`).
    case optionalCommand
    /// What `mfa` does: `enroll`, `list`, or `remove` with an optional factor id.
    case mfaAction
    /// What `passkey` does: `add`, `list`, or `remove` with an optional passkey id.
    case passkeyAction
}

/// Which registered providers a command takes.
enum ProviderChoice: Hashable, Sendable {
    /// Every registered provider.
    case any
    /// The providers that can be linked to an account and unlinked from it.
    case linkable

    /// The ones of `providers` this allows, in their order.
    func allowed(in providers: [ProviderDescription]) -> [ProviderDescription] {
        self == .any ? providers : providers.filter(\.isLinkable)
    }

    /// How a command line names any OpenID Connect provider, which every choice takes.
    static let openIDConnectUsage = "oidc.NAME"

    /// What the choice takes besides the registered providers: a passkey and a mailed link sign in, but are no
    /// providers to link; a phone number signs in and links.
    var unregistered: [ProviderType] { self == .any ? [.passkey, .emailLink, .phone] : [.phone] }

    /// The names a usage line shows: the allowed providers', ``unregistered``'s and ``openIDConnectUsage``, `|`
    /// between them.
    func usage(in providers: [ProviderDescription]) -> String {
        (allowed(in: providers).map(\.commandName) + unregistered.map(\.rawValue) + [Self.openIDConnectUsage])
            .joined(separator: "|")
    }
}

/// One command: its name, what it takes, its help and an example, what it runs and what it needs to run. The
/// parser, every help text, the runner's checks, the interactive menu's commands and the tests derive from
/// ``CommandTable``.
struct CommandSpec: Sendable {
    /// `nil` for the tour.
    let command: CommandName?
    let operand: Operand
    /// The options it takes besides the global ones; `--json` for every command with a ``run`` (added by
    /// ``CommandTable/spec(of:)``).
    var options: [OptionName]
    /// One line for the command list.
    let summary: CLIText
    /// What it does, for `signin-demo <command> --help`.
    let details: CLIText
    /// What follows the name in a command line that runs it.
    let example: String
    /// What it runs once the checks before a command pass: a method of ``CommandRunner``. `nil` for what the CLI
    /// runs itself: the tour, the menu, `help`, `version` and `serve`.
    var run: (@MainActor @Sendable (CommandRunner, Invocation, CompositionRoot) async -> ExitCode)?
    /// The backend's feature it needs and the backend lacks, read off the ports the backend has.
    var requires: @Sendable (Requirement) -> BackendFeature? = { _ in nil }
    /// What it needs but can neither find in its options nor ask for (asked only when it cannot prompt).
    var missingInput: @Sendable (Invocation) -> UsageError? = { _ in nil }
    /// What it needs besides the identity backend's ports.
    var needs: Needs = []
    /// Whether it talks to the backend: `status` and `sign-out` read or forget the session on this device only.
    var talksToBackend = true
    /// Whether it reads the embedded backend's store (checked once before it runs).
    var readsStore = true
    /// Whether it ends a guest's session (a guest is asked first).
    var leavesGuest = false
    /// Its item in the interactive menu, which lists the commands in this order; `nil` for a command the menu does
    /// not offer. `sign-in` and `link` have an item per provider instead, named by the provider's registration.
    var menu: CLIText?

    /// The name as typed; empty for the tour.
    var name: String { command?.rawValue ?? "" }

    /// A command line that runs it.
    var exampleLine: String { ["signin-demo", name, example].filter { !$0.isEmpty }.joined(separator: " ") }

    /// What ``requires`` decides on.
    struct Requirement {
        let command: Command
        let capabilities: IdentityBackendCapabilities
        /// Whether the command's provider is wired: the backend has the port its exchange needs.
        let providerIsWired: Bool
    }

    /// What a command needs besides the identity backend's ports.
    struct Needs: OptionSet, Sendable {
        let rawValue: Int
        /// The simulated Apple ID (the embedded backend, `signin-demo serve`).
        static let simulatedApple = Needs(rawValue: 1)
        /// A mailbox the CLI can read.
        static let mailbox = Needs(rawValue: 2)
        /// Its provider's screen, or an identity token obtained elsewhere (not for email and password).
        static let providerScreen = Needs(rawValue: 4)
    }
}

/// The one declaration of the command line.
enum CommandTable {
    /// Options every command takes.
    static let globalOptions: [OptionName] = [.dataDir, .backend, .baseURL, .verbose, .help]

    /// Every option `spec` takes: its own and the global ones (but `--backend` for `serve`, which always serves the
    /// embedded backend).
    static func allOptions(of spec: CommandSpec) -> [OptionName] {
        spec.options + globalOptions.filter { spec.command != .serve || ($0 != .backend && $0 != .baseURL) }
    }

    static let options: [OptionSpec] = [
        OptionSpec(name: .yes, long: "--yes", short: "-y", value: nil, help: .optionYes),
        OptionSpec(name: .hideEmail, long: "--hide-email", short: nil, value: nil, help: .optionHideEmail),
        OptionSpec(name: .account, long: "--account", short: nil, value: "EMAIL", help: .optionAccount),
        OptionSpec(name: .email, long: "--email", short: nil, value: "EMAIL", help: .optionEmail),
        OptionSpec(name: .password, long: "--password", short: nil, value: "PASS", help: .optionPassword),
        OptionSpec(
            name: .currentPassword, long: "--current-password", short: nil, value: "PASS",
            help: .optionCurrentPassword),
        OptionSpec(name: .code, long: "--code", short: nil, value: "CODE", help: .optionCode),
        OptionSpec(name: .factor, long: "--factor", short: nil, value: "ID", help: .optionFactor),
        OptionSpec(name: .phone, long: "--phone", short: nil, value: "NUMBER", help: .optionPhone),
        OptionSpec(name: .switchAccount, long: "--switch-account", short: nil, value: nil, help: .optionSwitchAccount),
        OptionSpec(name: .json, long: "--json", short: nil, value: nil, help: .optionJSON),
        OptionSpec(name: .dataDir, long: "--data-dir", short: nil, value: "DIR", help: .optionDataDir),
        OptionSpec(name: .backend, long: "--backend", short: nil, value: "NAME", help: .optionBackend),
        OptionSpec(name: .port, long: "--port", short: nil, value: "PORT", help: .optionPort),
        OptionSpec(name: .project, long: "--project", short: nil, value: "ID", help: .optionProject),
        OptionSpec(
            name: .acceptUnsignedTokens, long: "--accept-unsigned-provider-tokens", short: nil, value: nil,
            help: .optionAcceptUnsignedTokens),
        OptionSpec(name: .testClock, long: "--test-clock", short: nil, value: nil, help: .optionTestClock),
        OptionSpec(
            name: .asGoogleEmulator, long: "--as-google-emulator", short: nil, value: nil, help: .optionAsGoogleEmulator
        ),
        OptionSpec(
            name: .unsignedSessionTokens, long: "--unsigned-session-tokens", short: nil, value: nil,
            help: .optionUnsignedSessionTokens),
        OptionSpec(name: .name, long: "--name", short: nil, value: "NAME", help: .optionName),
        OptionSpec(name: .newEmail, long: "--new-email", short: nil, value: "EMAIL", help: .optionNewEmail),
        OptionSpec(name: .photoURL, long: "--photo-url", short: nil, value: "URL", help: .optionPhotoURL),
        OptionSpec(name: .baseURL, long: "--base-url", short: nil, value: "URL", help: .optionBaseURL),
        OptionSpec(name: .idTokenFile, long: "--id-token-file", short: nil, value: "FILE", help: .optionIDTokenFile),
        OptionSpec(name: .issuer, long: "--issuer", short: nil, value: "URL", help: .optionIssuer),
        OptionSpec(name: .clientID, long: "--client-id", short: nil, value: "ID", help: .optionClientID),
        OptionSpec(name: .scope, long: "--scope", short: nil, value: "SCOPES", help: .optionScope),
        OptionSpec(name: .displayName, long: "--display-name", short: nil, value: "NAME", help: .optionDisplayName),
        OptionSpec(
            name: .clientSecretFile, long: "--client-secret-file", short: nil, value: "FILE",
            help: .optionClientSecretFile),
        OptionSpec(
            name: .clientSecretEnvironment, long: "--client-secret-env", short: nil, value: "NAME",
            help: .optionClientSecretEnvironment),
        OptionSpec(name: .verbose, long: "--verbose", short: nil, value: nil, help: .optionVerbose),
        OptionSpec(name: .help, long: "--help", short: "-h", value: nil, help: .optionHelp),
        OptionSpec(name: .version, long: "--version", short: "-V", value: nil, help: .optionVersion),
    ]

    /// The guided tour: what runs with no command.
    static let tour = CommandSpec(
        command: nil, operand: .none, options: [.yes, .hideEmail], summary: .commandTourSummary,
        details: .commandTourDetails, example: "--data-dir /tmp/signin-demo", requires: appleSignIn,
        leavesGuest: true)

    /// Options that sign in again before a sensitive operation, when the backend asks for it.
    private static let reauthentication: [OptionName] = [
        .yes, .hideEmail, .account, .email, .currentPassword, .idTokenFile, .code, .factor,
    ]

    /// Every command, in the order of ``CommandName``.
    static let commands: [CommandSpec] = CommandName.allCases.map(spec(of:))

    /// The declaration of the command `name`: what it takes, its texts, an example, what it runs and needs.
    static func spec(of name: CommandName) -> CommandSpec {
        var spec = declaration(of: name)
        // Every command that runs one flow can report it as one JSON object.
        if spec.run != nil { spec.options.append(.json) }
        return spec
    }

    private static func declaration(of name: CommandName) -> CommandSpec {
        switch name {
        case .interactive:
            CommandSpec(
                command: name, operand: .none, options: [], summary: .commandInteractiveSummary,
                details: .commandInteractiveDetails, example: "")
        case .signIn:
            CommandSpec(
                command: name, operand: .provider(.any),
                options: [
                    .yes, .hideEmail, .account, .email, .password, .idTokenFile, .code, .factor, .issuer, .clientID,
                    .clientSecretFile, .clientSecretEnvironment, .scope, .displayName, .phone,
                ],
                summary: .commandSignInSummary, details: .commandSignInDetails,
                example: "email --email jane@example.com", run: { await $0.signIn($1, $2) },
                requires: { need in
                    if need.command.provider == .passkey { return need.capabilities.passkeys == nil ? .passkeys : nil }
                    if need.command.provider == .emailLink {
                        return need.capabilities.emailLinks == nil ? .emailLinkSignIn : nil
                    }
                    if need.command.provider == .phone { return need.capabilities.phone == nil ? .phoneSignIn : nil }
                    return need.providerIsWired ? nil : .signIn(need.command.provider ?? .emailPassword)
                }, missingInput: emailAndPassword, needs: .providerScreen, leavesGuest: true)
        case .signUp:
            CommandSpec(
                command: name, operand: .none, options: [.email, .password], summary: .commandSignUpSummary,
                details: .commandSignUpDetails, example: "--email jane@example.com", run: { await $0.signUp($1, $2) },
                requires: { $0.capabilities.passwords == nil ? .signIn(.emailPassword) : nil },
                missingInput: emailAndPassword, menu: .menuSignUp)
        case .link:
            CommandSpec(
                command: name, operand: .provider(.linkable),
                options: [
                    .yes, .hideEmail, .account, .email, .password, .idTokenFile, .switchAccount, .issuer,
                    .clientID, .clientSecretFile, .clientSecretEnvironment, .scope, .displayName, .phone, .code,
                ],
                summary: .commandLinkSummary, details: .commandLinkDetails,
                example: "google --account sam.rivera@gmail.com", run: { await $0.link($1, $2) },
                requires: { need in
                    if need.command.provider == .phone { return need.capabilities.phone == nil ? .phoneSignIn : nil }
                    guard need.providerIsWired else { return .signIn(need.command.provider ?? .emailPassword) }
                    return need.capabilities.linking == nil ? .linking : nil
                }, missingInput: emailAndPassword, needs: .providerScreen)
        case .unlink:
            CommandSpec(
                command: name, operand: .provider(.linkable), options: reauthentication,
                summary: .commandUnlinkSummary, details: .commandUnlinkDetails, example: "google",
                run: { await $0.unlink($1, $2) }, requires: { $0.capabilities.linking == nil ? .unlinking : nil },
                menu: .menuUnlink)
        case .status:
            CommandSpec(
                command: name, operand: .none, options: [], summary: .commandStatusSummary,
                details: .commandStatusDetails, example: "--json", run: { await $0.status($2) },
                talksToBackend: false, readsStore: false, menu: .menuStatus)
        case .signOut:
            CommandSpec(
                command: name, operand: .none, options: [.yes], summary: .commandSignOutSummary,
                details: .commandSignOutDetails, example: "", run: { await $0.signOut($1, $2) },
                talksToBackend: false, leavesGuest: true, menu: .menuSignOut)
        case .resetPassword:
            CommandSpec(
                command: name, operand: .none, options: [.email], summary: .commandResetPasswordSummary,
                details: .commandResetPasswordDetails, example: "--email jane@example.com",
                run: { await $0.resetPassword($1, $2) },
                requires: { $0.capabilities.passwordReset == nil ? .passwordReset : nil },
                missingInput: { $0.email == nil ? UsageError(.usageNeedsEmail, ["command": name.rawValue]) : nil },
                menu: .menuResetPassword)
        case .openLink:
            CommandSpec(
                command: name, operand: .link, options: [.password, .email], summary: .commandOpenLinkSummary,
                details: .commandOpenLinkDetails, example: "'signin-demo://reset-password?code=…'",
                run: { await $0.openLink($1, $2) },
                requires: { need in
                    if isVerificationLink(need.command) {
                        return need.capabilities.emailVerification == nil ? .emailVerification : nil
                    }
                    if isSignInLink(need.command) {
                        return need.capabilities.emailLinks == nil ? .emailLinkSignIn : nil
                    }
                    return need.capabilities.passwordReset == nil ? .passwordReset : nil
                },
                missingInput: { isResetLink($0.command) ? newPassword($0) : nil }, menu: .menuOpenLink)
        case .updateProfile:
            CommandSpec(
                command: name, operand: .none, options: reauthentication + [.name, .photoURL, .newEmail],
                summary: .commandUpdateProfileSummary, details: .commandUpdateProfileDetails,
                example: "--name 'Jane Appleseed'", run: { await $0.updateProfile($1, $2) },
                requires: { $0.capabilities.profile == nil ? .profileUpdate : nil },
                missingInput: {
                    $0.displayName == nil && $0.newEmail == nil && $0.photoURL == nil
                        ? UsageError(.usageNeedsNameOrEmail) : nil
                }, menu: .menuUpdateProfile
            )
        case .verifyEmail:
            CommandSpec(
                command: name, operand: .none, options: [], summary: .commandVerifyEmailSummary,
                details: .commandVerifyEmailDetails, example: "", run: { await $0.verifyEmail($1, $2) },
                requires: { $0.capabilities.emailVerification == nil ? .emailVerification : nil },
                menu: .menuVerifyEmail)
        case .changePassword:
            CommandSpec(
                command: name, operand: .none, options: reauthentication + [.password],
                summary: .commandChangePasswordSummary, details: .commandChangePasswordDetails, example: "",
                run: { await $0.changePassword($1, $2) },
                requires: { $0.capabilities.passwordChange == nil ? .passwordChange : nil },
                missingInput: newPassword, menu: .menuChangePassword)
        case .outbox:
            CommandSpec(
                command: name, operand: .none, options: [], summary: .commandOutboxSummary,
                details: .commandOutboxDetails, example: "", run: { await $0.outbox($2, $1) }, needs: .mailbox,
                readsStore: false, menu: .menuOutbox)
        case .checkCredential:
            CommandSpec(
                command: name, operand: .none, options: [], summary: .commandCheckCredentialSummary,
                details: .commandCheckCredentialDetails, example: "", run: { await $0.checkCredential($1, $2) },
                requires: appleSignIn, needs: .simulatedApple, menu: .menuCheckCredential)
        case .appleRevoke:
            CommandSpec(
                command: name, operand: .none, options: [], summary: .commandAppleRevokeSummary,
                details: .commandAppleRevokeDetails, example: "", run: { await $0.appleRevoke($2, $1) },
                requires: appleSignIn, needs: .simulatedApple, menu: .menuAppleRevoke)
        case .deleteAccount:
            CommandSpec(
                command: name, operand: .none, options: reauthentication, summary: .commandDeleteAccountSummary,
                details: .commandDeleteAccountDetails, example: "--yes", run: { await $0.deleteAccount($1, $2) },
                requires: { $0.capabilities.accountDeletion == nil ? .accountDeletion : nil },
                missingInput: { $0.assumeYes ? nil : UsageError(.usageNeedsYesToDelete) }, menu: .menuDeleteAccount)
        case .mfa:
            CommandSpec(
                command: name, operand: .mfaAction, options: reauthentication + [.name, .phone],
                summary: .commandMFASummary, details: .commandMFADetails, example: "enroll",
                run: { await $0.mfa($1, $2) },
                requires: { $0.capabilities.multiFactor == nil ? .secondFactors : nil },
                missingInput: { invocation in
                    // The secret is shown before its first code can be computed: enrolling needs a terminal.
                    // A phone's code comes from the outbox: with --phone, it may come in a later run (--code).
                    invocation.command.mfaAction == .enroll && invocation.phone == nil
                        ? UsageError(.usageMFAEnrollNeedsTerminal) : nil
                })
        case .passkey:
            CommandSpec(
                command: name, operand: .passkeyAction, options: reauthentication + [.name],
                summary: .commandPasskeySummary, details: .commandPasskeyDetails, example: "add --name laptop",
                run: { await $0.passkey($1, $2) },
                requires: { $0.capabilities.passkeys == nil ? .passkeys : nil })
        case .me:
            CommandSpec(
                command: name, operand: .none, options: [], summary: .commandMeSummary, details: .commandMeDetails,
                example: "", run: { await $0.callAPI($2, $1) }, menu: .menuMe)
        case .serve:
            CommandSpec(
                command: name, operand: .none,
                options: [
                    .port, .project, .acceptUnsignedTokens, .testClock, .asGoogleEmulator, .unsignedSessionTokens,
                ],
                summary: .commandServeSummary,
                details: .commandServeDetails, example: "--port 9099")
        case .help:
            CommandSpec(
                command: name, operand: .optionalCommand, options: [], summary: .commandHelpSummary,
                details: .commandHelpDetails, example: CommandName.signIn.rawValue, talksToBackend: false,
                readsStore: false)
        case .version:
            CommandSpec(
                command: name, operand: .none, options: [], summary: .commandVersionSummary,
                details: .commandVersionDetails, example: "", talksToBackend: false, readsStore: false)
        }
    }

    /// Apple's sign-in, which the tour and the Apple credential commands need.
    private static let appleSignIn: @Sendable (CommandSpec.Requirement) -> BackendFeature? = {
        $0.capabilities.identityProviders == nil ? .signIn(.apple) : nil
    }

    /// An email and a password, for a command that takes them (email and password only, for a provider's command).
    private static let emailAndPassword: @Sendable (Invocation) -> UsageError? = { invocation in
        let command = invocation.command
        if command.provider == .emailLink, invocation.email == nil {
            return UsageError(.usageNeedsEmail, ["command": "\(command.spec.name) email-link"])
        }
        if command.provider == .phone, invocation.phone == nil {
            return UsageError(.usageNeedsPhone, ["command": "\(command.spec.name) phone"])
        }
        guard command.provider == nil || command.provider == .emailPassword else { return nil }
        switch (invocation.email, invocation.password) {
        case (nil, nil): return UsageError(.usageNeedsEmailAndPassword)
        case (nil, _): return UsageError(.usageNeedsEmail, ["command": command.spec.name])
        case (_, nil): return UsageError(.usageNeedsPassword, ["command": command.spec.name])
        default: return nil
        }
    }

    /// Whether `command` opens an email-verification link (which needs no password).
    private static func isSignInLink(_ command: Command) -> Bool {
        guard let link = command.resetLink, case .emailSignIn? = try? DeepLink.parse(link.value) else { return false }
        return true
    }

    private static func isVerificationLink(_ command: Command) -> Bool {
        guard let link = command.resetLink, case .verifyEmail? = try? DeepLink.parse(link.value) else { return false }
        return true
    }

    /// Whether `command` opens a password-reset link (which needs a new password); a link that is neither is said
    /// to be no good when the command runs, before anything is asked.
    private static func isResetLink(_ command: Command) -> Bool {
        guard let link = command.resetLink, case .resetPassword? = try? DeepLink.parse(link.value) else { return false }
        return true
    }

    /// A new password, for a command that chooses one.
    private static let newPassword: @Sendable (Invocation) -> UsageError? = { invocation in
        invocation.password == nil ? UsageError(.usageNeedsNewPassword, ["command": invocation.command.spec.name]) : nil
    }

    static func spec(named name: String) -> CommandSpec? {
        CommandName(rawValue: name).map(spec(of:))
    }

    static func option(_ name: OptionName) -> OptionSpec {
        options.first { $0.name == name }
            ?? OptionSpec(name: name, long: "--\(name)", short: nil, value: nil, help: .optionHelp)
    }
}

/// Parses the arguments (without the program name) against ``CommandTable`` and the registered providers. Options
/// may stand anywhere before `--`; everything after `--` is an operand.
enum CommandLineParser {
    static func parse(
        _ arguments: [String], providers: [ProviderDescription] = CompositionRoot.providers.descriptions
    ) throws(UsageError) -> Invocation {
        var invocation = Invocation()
        var words: [String] = []
        var used: [OptionName] = []
        var wantsHelp = false
        var wantsVersion = false
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                words.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            // Split at the first "=" scalar: a value that starts with a combining mark makes "=" and the mark
            // one Character, which a Character search would not find.
            let scalars = argument.unicodeScalars
            if argument.hasPrefix("--"), let equals = scalars.firstIndex(of: "=") {
                inlineValue = String(scalars[scalars.index(after: equals)...])
                name = String(scalars[..<equals])
            }
            guard let spec = CommandTable.options.first(where: { $0.long == name || $0.short == name }) else {
                throw UsageError(.usageUnknownOption, ["option": InputText.echo(name)])
            }
            // Given twice, one of the two would be silently dropped (two --email values: which account?).
            guard !used.contains(spec.name) else { throw UsageError(.usageRepeatedOption, ["option": spec.long]) }
            used.append(spec.name)
            guard spec.value != nil else {
                if inlineValue != nil { throw UsageError(.usageTakesNoValue, ["option": spec.long]) }
                switch spec.name {
                case .yes: invocation.assumeYes = true
                case .hideEmail: invocation.hideEmail = true
                case .json: invocation.json = true
                case .switchAccount: invocation.switchAccount = true
                case .verbose: invocation.verbose = true
                case .acceptUnsignedTokens: invocation.acceptsUnsignedProviderTokens = true
                case .testClock: invocation.testClock = true
                case .asGoogleEmulator: invocation.asGoogleEmulator = true
                case .unsignedSessionTokens: invocation.unsignedSessionTokens = true
                case .help: wantsHelp = true
                case .version: wantsVersion = true
                default: break
                }
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                // "--email --json" forgot the email: the next option is not taken as one (a value that is exactly
                // an option's name is given as --email=VALUE).
                guard !CommandTable.options.contains(where: { $0.long == value || $0.short == value }) else {
                    throw UsageError(.usageNeedsValue, ["option": spec.long])
                }
                index += 1
            } else {
                throw UsageError(.usageNeedsValue, ["option": spec.long])
            }
            // An empty --name or --photo-url removes the name or the photo; every other option needs a value.
            guard !value.trimmingCharacters(in: .whitespaces).isEmpty || [.name, .photoURL].contains(spec.name) else {
                throw UsageError(.usageNeedsValue, ["option": spec.long])
            }
            switch spec.name {
            case .dataDir: invocation.dataDirectory = value
            case .email: invocation.email = value.trimmingCharacters(in: .whitespaces)
            case .name: invocation.displayName = value.trimmingCharacters(in: .whitespaces)
            case .newEmail: invocation.newEmail = value.trimmingCharacters(in: .whitespaces)
            case .photoURL: invocation.photoURL = value.trimmingCharacters(in: .whitespaces)
            case .password: invocation.password = value
            case .currentPassword: invocation.currentPassword = value
            case .code:
                // A code is 6 digits, or a recovery code's 10 letters and digits, perhaps in groups: anything else
                // is a typo, said before any call (a wrong code would count against the account's attempts).
                guard
                    (try? OneTimeCodeInput.validate(Secret(value))) != nil
                        || (try? RecoveryCodeInput.validate(Secret(value))) != nil
                else {
                    throw UsageError(.usageBadCode, ["code": InputText.echo(value)])
                }
                invocation.code = value.trimmingCharacters(in: .whitespaces)
            case .factor: invocation.factor = value.trimmingCharacters(in: .whitespaces)
            case .phone: invocation.phone = value.trimmingCharacters(in: .whitespaces)
            case .idTokenFile: invocation.idTokenFile = value
            case .issuer: invocation.issuer = value.trimmingCharacters(in: .whitespaces)
            case .clientID: invocation.clientID = value
            case .scope:
                invocation.scopes = value.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
            case .displayName: invocation.providerDisplayName = value.trimmingCharacters(in: .whitespaces)
            case .clientSecretFile: invocation.clientSecretFile = value
            case .clientSecretEnvironment: invocation.clientSecretEnvironment = value
            case .baseURL:
                guard let url = URL(string: value), let scheme = url.scheme?.lowercased(),
                    ["http", "https"].contains(scheme),
                    url.host?.isEmpty == false, url.user == nil, url.password == nil, url.query == nil,
                    url.fragment == nil
                else { throw UsageError(.usageBadBaseURL, ["url": InputText.echo(value)]) }
                invocation.baseURL = url
            case .backend:
                guard let backend = BackendName(rawValue: value.trimmingCharacters(in: .whitespaces).lowercased())
                else { throw UsageError(.usageUnknownBackend, ["backend": InputText.echo(value)]) }
                invocation.backend = backend
                invocation.backendGiven = true
            case .port:
                guard value.count <= 5, value.allSatisfy({ $0.isASCII && $0.isNumber }), let port = UInt16(value) else {
                    throw UsageError(.usageBadPort, ["port": InputText.echo(value)])
                }
                invocation.port = port
            case .project:
                guard CompositionRoot.isProjectID(value) else {
                    throw UsageError(.usageBadProject, ["project": InputText.echo(value)])
                }
                invocation.project = value
            default: invocation.account = value.trimmingCharacters(in: .whitespaces)
            }
        }
        if wantsVersion {
            guard words.isEmpty, !wantsHelp else { throw UsageError(.usageVersionAlone) }
            invocation.command = Command(.version)
            return invocation
        }
        if wantsHelp {
            // `signin-demo <command> --help` needs no operand; an unknown word is still an error.
            // `help X --help` is help for X; every name asked about must be a command (found by fuzzing: an
            // empty or unknown name was taken as one).
            guard var name = words.first else {
                invocation.command = .help(nil)
                return invocation
            }
            if name == CommandName.help.rawValue {
                guard let asked = words.dropFirst().first else {
                    invocation.command = .help(nil)
                    return invocation
                }
                name = asked
            }
            guard CommandTable.spec(named: name) != nil else { throw unknownCommand(name) }
            invocation.command = .help(name)
            return invocation
        }
        let (command, spec) = try command(from: words, providers: providers)
        invocation.command = command
        let allowed = Set(CommandTable.allOptions(of: spec))
        if let refused = used.first(where: { !allowed.contains($0) }) {
            let option = CommandTable.option(refused).long
            throw spec.name.isEmpty
                ? UsageError(.usageOptionNeedsCommand, ["option": option])
                : UsageError(.usageOptionNotForCommand, ["option": option, "command": spec.name])
        }
        return invocation
    }

    private static func command(from words: [String], providers: [ProviderDescription]) throws(UsageError)
        -> (Command, CommandSpec)
    {
        guard let first = words.first else { return (.tour, CommandTable.tour) }
        guard let name = CommandName(rawValue: first) else { throw unknownCommand(first) }
        let spec = CommandTable.spec(of: name)
        let rest = Array(words.dropFirst())
        func noMore(_ extra: ArraySlice<String>, after: String) throws(UsageError) {
            if let word = extra.first {
                throw UsageError(.usageUnexpectedWord, ["word": InputText.echo(word), "command": after])
            }
        }
        switch spec.operand {
        case .none:
            try noMore(rest[...], after: first)
            return (Command(name), spec)
        case .provider(let choice):
            let allowed = choice.allowed(in: providers)
            let names = (allowed.map(\.commandName) + choice.unregistered.map(\.rawValue)).joined(separator: ", ")
            guard let word = rest.first else {
                throw UsageError(.usageNeedsProvider, ["command": first, "providers": names])
            }
            // Any of a provider's names, in any case, around white space.
            let wanted = word.trimmingCharacters(in: .whitespaces).lowercased()
            if let only = choice.unregistered.first(where: { $0.rawValue == wanted }) {
                try noMore(rest.dropFirst(), after: "\(first) \(wanted)")
                return (Command(name, provider: only), spec)
            }
            let registered = allowed.first { $0.commandNames.contains(wanted) }
            if registered == nil, let openID = try openIDConnectProvider(wanted, word: word) {
                try noMore(rest.dropFirst(), after: "\(first) \(wanted)")
                return (Command(name, provider: openID), spec)
            }
            guard let provider = registered else {
                throw UsageError(
                    .usageUnknownProvider, ["provider": InputText.echo(word), "command": first, "providers": names])
            }
            try noMore(rest.dropFirst(), after: "\(first) \(provider.commandName)")
            return (Command(name, provider: provider.type), spec)
        case .link:
            guard let link = rest.first else { throw UsageError(.usageNeedsLink) }
            try noMore(rest.dropFirst(), after: first)
            return (.openLink(Secret(link)), spec)
        case .mfaAction:
            let actions = MFAAction.allCases.map(\.rawValue).joined(separator: ", ")
            guard let word = rest.first else { throw UsageError(.usageNeedsMFAAction, ["actions": actions]) }
            guard let action = MFAAction(rawValue: word.trimmingCharacters(in: .whitespaces).lowercased()) else {
                throw UsageError(.usageUnknownMFAAction, ["action": InputText.echo(word), "actions": actions])
            }
            let factorID = action == .remove ? rest.dropFirst().first : nil
            try noMore(rest.dropFirst(factorID == nil ? 1 : 2), after: "\(first) \(action.rawValue)")
            return (.mfa(action, factorID: factorID), spec)
        case .passkeyAction:
            let actions = PasskeyAction.allCases.map(\.rawValue).joined(separator: ", ")
            guard let word = rest.first else { throw UsageError(.usageNeedsPasskeyAction, ["actions": actions]) }
            guard let action = PasskeyAction(rawValue: word.trimmingCharacters(in: .whitespaces).lowercased()) else {
                throw UsageError(.usageUnknownPasskeyAction, ["action": InputText.echo(word), "actions": actions])
            }
            let id = action == .remove ? rest.dropFirst().first : nil
            try noMore(rest.dropFirst(id == nil ? 1 : 2), after: "\(first) \(action.rawValue)")
            return (.passkey(action, id: id), spec)
        case .optionalCommand:
            guard let name = rest.first else { return (.help(nil), spec) }
            guard CommandTable.spec(named: name) != nil else { throw unknownCommand(name) }
            try noMore(rest.dropFirst(), after: "\(first) \(name)")
            return (.help(name), spec)
        }
    }
}

extension CommandLineParser {
    /// The word that names every OpenID Connect provider: `oidc` (named after its issuer's host) or `oidc.NAME`.
    static let openIDConnectWord = "oidc"

    /// Whether `provider` is an OpenID Connect provider a command line named (`oidc` or `oidc.NAME`).
    static func isOpenIDConnect(_ provider: ProviderType) -> Bool {
        provider.rawValue == openIDConnectWord || provider.rawValue.hasPrefix(openIDConnectWord + ".")
    }

    /// The OpenID Connect provider `wanted` names (`oidc`, or `oidc.NAME` with a valid name), `nil` for another word.
    /// The name is taken as typed: one with upper-case letters is refused, never changed into another provider's.
    static func openIDConnectProvider(_ wanted: String, word: String) throws(UsageError) -> ProviderType? {
        guard wanted == openIDConnectWord || wanted.hasPrefix(openIDConnectWord + ".") else { return nil }
        let name = String(word.trimmingCharacters(in: .whitespaces).dropFirst(openIDConnectWord.count + 1))
        if wanted != openIDConnectWord {
            guard (try? OpenIDConnectProvider(name: name, issuer: "https://example.com", clientID: "x")) != nil else {
                throw UsageError(.usageBadOIDCName, ["name": InputText.echo(name)])
            }
        }
        return ProviderType(rawValue: wanted == openIDConnectWord ? wanted : openIDConnectWord + "." + name)
    }

    /// The usage error for a word that is no command, with the command it most likely meant: the name other tools
    /// give it (`login`, `signin`, `logout`, `register`), or a command one or two typing slips away.
    static func unknownCommand(_ word: String) -> UsageError {
        guard let suggestion = suggestion(for: word) else {
            return UsageError(.usageUnknownCommand, ["command": InputText.echo(word)])
        }
        return UsageError(.usageUnknownCommandSuggest, ["command": InputText.echo(word), "suggestion": suggestion])
    }

    /// Other tools' names for the demo's commands.
    static let synonyms: [String: CommandName] = [
        "login": .signIn, "log-in": .signIn, "signin": .signIn, "logon": .signIn,
        "logout": .signOut, "log-out": .signOut, "signout": .signOut, "logoff": .signOut,
        "signup": .signUp, "register": .signUp, "whoami": .status, "delete": .deleteAccount,
    ]

    static func suggestion(for word: String) -> String? {
        let lowered = word.lowercased()
        if let synonym = synonyms[lowered] { return synonym.rawValue }
        if CommandTable.spec(named: lowered) != nil { return lowered }
        guard lowered.count >= 3 else { return nil }  // Two slips away from a short word is any short word.
        let close = CommandTable.commands.map { ($0.name, distance(lowered, $0.name)) }.filter { $0.1 <= 2 }
        return close.min { $0.1 < $1.1 }?.0
    }

    /// The Levenshtein distance between two short words (at most 64 characters of each are compared).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.prefix(64)), b = Array(b.prefix(64))
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
