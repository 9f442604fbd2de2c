import SignInFileSystem

/// Where the demo keeps its files: the embedded backend in `backend/`, the app's session in
/// `client/session.json`.
struct DataPaths: Hashable, Sendable {
    static let environmentVariable = "SIGNIN_DEMO_DATA_DIR"

    let root: String

    var backendFolder: String { "\(root)/backend" }
    /// The session file of a backend: one per backend, so that one's session is never sent to another.
    func sessionFile(for choice: BackendChoice) -> String { "\(root)/client/\(choice.sessionFileName)" }
    /// Apple's first-sign-in name and email, kept until a sign-in carrying them succeeds.
    var firstSignInProfiles: String { "\(root)/client/first-sign-in-profiles.json" }
    /// The email the last sign-in link was sent to from this folder, until the link signs in.
    var signInLinkEmail: String { "\(root)/client/sign-in-link-email" }
    /// The verification of the last code sent by SMS, until the code is typed.
    var phoneVerification: String { "\(root)/client/phone-verification.json" }
    /// The registered OpenID Connect providers: a JSON array of registrations, which a team may also write by hand.
    var openIDProviders: String { "\(root)/client/oidc-providers.json" }
    /// The software authenticator's passkeys: the demo's stand-in for the device's, so apart from the app's files.
    var devicePasskeys: String { "\(root)/device/passkeys.json" }

    /// The folder from `--data-dir`, else the environment variable, else the platform's per-user data
    /// folder.
    static func resolve(option: String?, environment: [String: String]) -> DataPaths? {
        if let option { return DataPaths(root: option) }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty {
            return DataPaths(root: fromEnvironment)
        }
        return DataDirectory.defaultPath(for: "signin-demo", environment: environment).map(DataPaths.init(root:))
    }

    /// Makes sure the data folder and its two subfolders exist and are folders, before any command uses them.
    /// - Returns: `nil`, or why the folder cannot be used (the system's reason, naming the path).
    func problem() -> String? {
        do {
            for folder in [root, backendFolder, "\(root)/client"] { try AtomicFile.makeDirectory(folder) }
            return nil
        } catch {
            return error.description
        }
    }
}
