import Foundation
import SignInDemoAdapters
import SignInDomain
import SignInFileSystem

/// The software authenticator's passkeys in a JSON file of the data folder (`device/passkeys.json`), written
/// atomically with mode 0600 in a folder of mode 0700: its private keys are as safe as that file.
struct FilePasskeyStore: SoftwarePasskeyStore {
    let path: String
    /// The largest file read: far more than a demo's passkeys take.
    static let sizeLimit = 1 << 20

    func load() throws -> [SoftwarePasskey] {
        let bytes: [UInt8]?
        do {
            bytes = try AtomicFile.read(path, limit: Self.sizeLimit)
        } catch {
            throw AuthError.uiClientFailed(.passkey, reason: "\(path) cannot be read: \(error)")
        }
        guard let bytes else { return [] }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return try decoder.decode([SoftwarePasskey].self, from: Data(bytes))
        } catch {
            throw AuthError.uiClientFailed(.passkey, reason: "\(path) is damaged; move it aside to start afresh")
        }
    }

    func save(_ passkeys: [SoftwarePasskey]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        do {
            let data = try encoder.encode(passkeys)
            try AtomicFile.makeDirectory((path as NSString).deletingLastPathComponent)
            try AtomicFile.write(Array(data), to: path, mode: 0o600)
        } catch {
            throw AuthError.uiClientFailed(.passkey, reason: "\(path) cannot be written: \(error)")
        }
    }
}
