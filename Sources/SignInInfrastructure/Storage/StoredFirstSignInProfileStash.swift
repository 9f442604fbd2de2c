import Foundation
import SignInData
import SignInFileSystem

/// Keeps Apple's first-sign-in name and email across restarts until a sign-in carrying them succeeds: in a JSON
/// file (mode 0600, for the CLI and Linux) or in a Keychain item (an app). A storage that cannot be read or written
/// does not stop a sign-in: the stash then lasts as long as the process.
public actor StoredFirstSignInProfileStash: FirstSignInProfileStash {
    /// Where the profiles are kept.
    public enum Location: Sendable {
        /// A file; its folder is created (0700) on the first write.
        case file(String)
        /// A Keychain item (`SecItemKeychain()` on Apple platforms).
        case keychain(KeychainItemID, any KeychainItems)
    }

    /// The most bytes read back (a profile is a name and an email).
    static let sizeLimit = 64 * 1024

    private let location: Location
    private var profiles: [String: FirstSignInProfile]?

    /// Creates a stash at `location`.
    public init(_ location: Location) {
        self.location = location
    }

    public func profile(for key: String) -> FirstSignInProfile? {
        loaded()[key]
    }

    public func keep(_ profile: FirstSignInProfile, for key: String) {
        var all = loaded()
        all[key] = profile
        store(all)
    }

    public func forget(_ key: String) {
        var all = loaded()
        guard all.removeValue(forKey: key) != nil else { return }
        store(all)
    }

    private func loaded() -> [String: FirstSignInProfile] {
        if let profiles { return profiles }
        var bytes: [UInt8]?
        switch location {
        case .file(let path):
            bytes = try? AtomicFile.read(path, limit: Self.sizeLimit)
        case .keychain(let item, let keychain):
            if case .found(let data) = keychain.read(item) { bytes = data }
        }
        let decoded = bytes.flatMap { try? JSONDecoder().decode([String: FirstSignInProfile].self, from: Data($0)) }
        profiles = decoded ?? [:]
        return decoded ?? [:]
    }

    private func store(_ all: [String: FirstSignInProfile]) {
        profiles = all
        guard let data = try? JSONEncoder().encode(all) else { return }
        switch location {
        case .file(let path):
            let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            if all.isEmpty {
                try? AtomicFile.remove(path)
            } else {
                try? AtomicFile.makeDirectory(folder.isEmpty ? "." : folder)
                try? AtomicFile.write(Array(data), to: path)
            }
        case .keychain(let item, let keychain):
            _ = all.isEmpty ? keychain.delete(item) : keychain.write(Array(data), to: item)
        }
    }
}
