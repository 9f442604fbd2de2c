public import Foundation
import SignInData
public import SignInDomain
import SignInFileSystem

/// Where an app keeps what must outlive a restart, the platform's way: Keychain items on Apple platforms, files of
/// mode 0600 in the user's data folder elsewhere (`$XDG_DATA_HOME/<app>` or `~/.local/share/<app>`).
///
/// Every Apple platform has the Keychain and the Security framework, so the choice is made on Darwin, as
/// `DataDirectory` makes its own. The Keychain items are kept in the app's own access group when the app says
/// which it is (``appOnlyKeychainGroup(info:)``), so that with Keychain Sharing on the session is not shared with
/// other apps of the team.
///
/// ```swift
/// let storage = PlatformStorage(app: "com.example.notes")
/// let store = storage.sessionStore()            // the Keychain on iOS, ~/.local/share/com.example.notes on Linux
/// ```
public struct PlatformStorage: Sendable {
    /// The app's name: the Keychain items' service, or the data folder's name.
    public let app: String
    /// The data folder off Apple platforms: the user's data folder for ``app``, or the temporary folder when the
    /// environment names no home.
    public let folder: String
    /// The Keychain access group of the items; `nil` for the system's default group.
    public let keychainAccessGroup: String?

    /// Creates the storage of an app.
    /// - Parameters:
    ///   - app: The Keychain service (usually the bundle id), or the name of the data folder.
    ///   - keychainAccessGroup: The Keychain access group of the items: by default the app's own, when its
    ///     `Info.plist` says which it is (``appOnlyKeychainGroup(info:)``), else `nil`, the system's default group.
    ///     Name a shared group to share the session with app extensions. Items an earlier version kept in another
    ///     group are moved into this one when first read.
    ///   - environment: The process environment (`HOME`, `XDG_DATA_HOME`).
    public init(
        app: String, keychainAccessGroup: String? = PlatformStorage.appOnlyKeychainGroup(),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.app = app
        self.keychainAccessGroup = keychainAccessGroup
        self.folder =
            DataDirectory.defaultPath(for: app, environment: environment)
            ?? "\(NSTemporaryDirectory())/\(app)"
    }

    /// The app's own Keychain access group, `<AppIdentifierPrefix><bundle id>` (`TEAMID.com.example.app`), which no
    /// other app can read: read from the `AppIdentifierPrefix` key of the app's `Info.plist` (set it to
    /// `$(AppIdentifierPrefix)`) and its bundle identifier. `nil` when either is missing, as off Apple platforms.
    /// - Parameter info: The `Info.plist` (`Bundle.main.infoDictionary`).
    public static func appOnlyKeychainGroup(info: [String: Any]? = Bundle.main.infoDictionary) -> String? {
        guard let prefix = info?["AppIdentifierPrefix"] as? String, prefix.hasSuffix("."), prefix.count > 1,
            let bundle = info?["CFBundleIdentifier"] as? String, !bundle.isEmpty
        else { return nil }
        return prefix + bundle
    }

    /// The session's store: a Keychain item (`KeychainSessionStore`) on Apple platforms, a file
    /// (``FileSessionStore``) elsewhere.
    /// - Parameter account: Which session, when an app keeps more than one (one per backend, say).
    public func sessionStore(account: String = "session") -> any SessionStore {
        #if canImport(Darwin)
            KeychainSessionStore(
                service: app, account: account, accessGroup: keychainAccessGroup, keychain: SecItemKeychain())
        #else
            FileSessionStore(path: "\(folder)/\(account).json")
        #endif
    }

    /// Where the email a sign-in link was sent to waits until the link signs in.
    public func signInEmails() -> StoredSignInEmailStore {
        #if canImport(Darwin)
            StoredSignInEmailStore(
                .keychain(
                    KeychainItemID(service: app, account: "sign-in-link-email", accessGroup: keychainAccessGroup),
                    SecItemKeychain()))
        #else
            StoredSignInEmailStore(.file("\(folder)/sign-in-link-email"))
        #endif
    }

    /// Where Apple's first-sign-in name and email wait until a sign-in carrying them succeeds.
    public func firstSignInProfiles() -> StoredFirstSignInProfileStash {
        #if canImport(Darwin)
            StoredFirstSignInProfileStash(
                .keychain(
                    KeychainItemID(service: app, account: "first-sign-in-profiles", accessGroup: keychainAccessGroup),
                    SecItemKeychain()))
        #else
            StoredFirstSignInProfileStash(.file("\(folder)/first-sign-in-profiles.json"))
        #endif
    }
}
