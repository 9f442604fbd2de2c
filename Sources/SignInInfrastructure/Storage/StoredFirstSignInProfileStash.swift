import Foundation
public import SignInData
import SignInFileSystem

/// Keeps Apple's first-sign-in name and email across restarts until a sign-in carrying them succeeds: in a JSON
/// file (mode 0600, for the CLI and Linux) or in a Keychain item (an app).
///
/// A store that cannot be read now (a locked Keychain, an I/O error) is never written over: the changes wait in
/// memory, the store is read again at the next use, and the changes are written once it could be read. So a
/// failed read never erases another user's kept name, and a sign-in is never stopped by the stash. Contents that
/// are not a stash (damaged) count as an empty one.
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
    /// What the store holds, once a read succeeded.
    private var stored: [String: FirstSignInProfile]?
    /// Changes not written yet (`nil`: forgotten), applied over ``stored``.
    private var unwritten: [String: FirstSignInProfile?] = [:]

    /// Creates a stash at `location`.
    public init(_ location: Location) {
        self.location = location
    }

    public func profile(for key: String) -> FirstSignInProfile? {
        if let change = unwritten[key] { return change }
        return readStore()?[key]
    }

    public func keep(_ profile: FirstSignInProfile, for key: String) {
        unwritten[key] = .some(profile)
        flush()
    }

    public func forget(_ key: String) {
        unwritten[key] = .some(nil)
        flush()
    }

    public func isEmpty() -> Bool {
        // A store that cannot be read now may hold profiles: not empty, so that a sign-in asks for its key.
        guard let stored = readStore() else { return false }
        var all = stored
        for (key, change) in unwritten { all[key] = change }
        return all.isEmpty
    }

    /// The store's profiles, read once; `nil` while it cannot be read.
    private func readStore() -> [String: FirstSignInProfile]? {
        if let stored { return stored }
        let bytes: [UInt8]?
        switch location {
        case .file(let path):
            do {
                bytes = try AtomicFile.read(path, limit: Self.sizeLimit)
            } catch {
                return nil
            }
        case .keychain(let item, let keychain):
            switch keychain.readMovingIntoGroup(item) {
            case .found(let data, _): bytes = data
            case .notFound: bytes = nil
            case .failed: return nil
            }
        }
        let decoded = bytes.flatMap { try? JSONDecoder().decode([String: FirstSignInProfile].self, from: Data($0)) }
        stored = decoded ?? [:]
        return stored
    }

    /// Writes the changes over what the store holds, if it could be read.
    private func flush() {
        guard var all = readStore() else { return }
        for (key, change) in unwritten { all[key] = change }
        guard write(all) else { return }
        stored = all
        unwritten = [:]
    }

    private func write(_ all: [String: FirstSignInProfile]) -> Bool {
        guard let data = try? JSONEncoder().encode(all) else { return false }
        switch location {
        case .file(let path):
            do {
                if all.isEmpty {
                    try AtomicFile.remove(path)
                } else {
                    let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
                        .joined(separator: "/")
                    try AtomicFile.makeDirectory(folder.isEmpty ? "." : folder)
                    try AtomicFile.write(Array(data), to: path)
                }
                return true
            } catch {
                return false
            }
        case .keychain(let item, let keychain):
            let status = all.isEmpty ? keychain.deleteInEveryGroup(item) : keychain.write(Array(data), to: item)
            return status == .success || (all.isEmpty && status == .itemNotFound)
        }
    }
}
