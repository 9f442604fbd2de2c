public import Foundation
import SignInData
public import SignInDomain
import SignInFileSystem

/// Where an app keeps what must outlive a restart, the platform's way: Keychain items on Apple platforms, files of
/// mode 0600 in the user's data folder elsewhere (`$XDG_DATA_HOME/<app>` or `~/.local/share/<app>`).
///
/// Every Apple platform has the Keychain and the Security framework, so the choice is made
/// on Darwin, as `DataDirectory` makes its own.
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

    /// Creates the storage of an app.
    /// - Parameters:
    ///   - app: The Keychain service (usually the bundle id), or the name of the data folder.
    ///   - environment: The process environment (`HOME`, `XDG_DATA_HOME`).
    public init(app: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.app = app
        self.folder =
            DataDirectory.defaultPath(for: app, environment: environment)
            ?? "\(NSTemporaryDirectory())/\(app)"
    }

    /// The session's store: a Keychain item (`KeychainSessionStore`) on Apple platforms, a file
    /// (``FileSessionStore``) elsewhere.
    /// - Parameter account: Which session, when an app keeps more than one (one per backend, say).
    public func sessionStore(account: String = "session") -> any SessionStore {
        #if canImport(Darwin)
            KeychainSessionStore(service: app, account: account, keychain: SecItemKeychain())
        #else
            FileSessionStore(path: "\(folder)/\(account).json")
        #endif
    }

    /// Where Apple's first-sign-in name and email wait until a sign-in carrying them succeeds.
    public func firstSignInProfiles() -> StoredFirstSignInProfileStash {
        #if canImport(Darwin)
            StoredFirstSignInProfileStash(
                .keychain(KeychainItemID(service: app, account: "first-sign-in-profiles"), SecItemKeychain()))
        #else
            StoredFirstSignInProfileStash(.file("\(folder)/first-sign-in-profiles.json"))
        #endif
    }
}
