import Foundation
public import SignInDomain
import SignInFileSystem

/// Keeps the email a sign-in link was sent to, from asking for the link until it signs in, across restarts: in a file
/// (mode 0600, for the CLI and Linux) or in a Keychain item (an app). Only the email is kept, never a code.
///
/// A store that cannot be read or written (a locked Keychain, an I/O error, damaged contents) holds no email: the
/// link then asks for the email to be typed, as on another device. So a failure never signs anyone in with an email
/// they did not give.
public actor StoredSignInEmailStore: SignInEmailStore {
    /// Where the email is kept.
    public enum Location: Sendable {
        /// A file; its folder is created (0700) on the first write.
        case file(String)
        /// A Keychain item (`SecItemKeychain()` on Apple platforms).
        case keychain(KeychainItemID, any KeychainItems)
    }

    /// The most bytes read back: an email is at most 254.
    static let sizeLimit = 1024

    private let location: Location

    /// Creates a store at `location`.
    public init(_ location: Location) {
        self.location = location
    }

    public func pendingEmail() -> String? {
        let bytes: [UInt8]?
        switch location {
        case .file(let path): bytes = try? AtomicFile.read(path, limit: Self.sizeLimit)
        case .keychain(let item, let keychain):
            guard case .found(let data, _) = keychain.readMovingIntoGroup(item) else { return nil }
            bytes = data
        }
        guard let bytes, let text = String(validating: bytes, as: UTF8.self) else { return nil }
        // Read as a user's input: a file edited into something that is no email is none.
        return EmailAddress.normalized(text)
    }

    public func remember(_ email: String) {
        let bytes = Array(email.utf8)
        switch location {
        case .file(let path):
            let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            try? AtomicFile.makeDirectory(folder.isEmpty ? "." : folder)
            try? AtomicFile.write(bytes, to: path)
        case .keychain(let item, let keychain):
            _ = keychain.write(bytes, to: item)
        }
    }

    public func forget() {
        switch location {
        case .file(let path): try? AtomicFile.remove(path)
        case .keychain(let item, let keychain): _ = keychain.deleteInEveryGroup(item)
        }
    }
}
