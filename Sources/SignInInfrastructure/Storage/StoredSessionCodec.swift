import Foundation
public import SignInDomain

/// The stored form of a session: a JSON document that carries its format version.
///
/// - Version 2 (current): `{"version": 2, "session": <UserSession>}`.
/// - Version 1: the first prototype's flat layout (`uid`, `email`, `displayName`, `providers`,
///   `anonymous`, `idToken`, `refreshToken`, `expiresAt` in seconds since 1970). It is read and migrated;
///   it is kept as the worked example of a migration.
///
/// A document with a higher version was written by a newer app: it is never guessed at.
public enum StoredSessionCodec {
    /// The version this code writes.
    public static let currentVersion = 2

    /// Why stored bytes are not a session.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The file is empty.
        case empty
        /// The bytes are not a session document; the detail says what is wrong.
        case corrupt(String)
        /// A newer version wrote the document.
        case newerVersion(Int)

        public var description: String {
            switch self {
            case .empty: "the file is empty"
            case .corrupt(let detail): "the file is damaged (\(detail))"
            case .newerVersion(let version): "a newer version wrote it (format \(version))"
            }
        }
    }

    private struct Document: Codable {
        var version: Int
        var session: UserSession
    }

    private struct VersionOnly: Decodable {
        var version: Int
    }

    private struct Version1: Decodable {
        var uid: String
        var email: String?
        var displayName: String?
        var providers: [String]
        var anonymous: Bool?
        var idToken: String
        var refreshToken: String
        var expiresAt: Double
    }

    /// The bytes to store for `session`.
    public static func encode(_ session: UserSession) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding plain value types cannot fail.
        return (try? Array(encoder.encode(Document(version: currentVersion, session: session)))) ?? []
    }

    /// The session in `bytes`, migrated to the current version.
    public static func decode(_ bytes: [UInt8]) -> Result<UserSession, Failure> {
        guard !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0a || $0 == 0x0d || $0 == 0x09 }) else {
            return .failure(.empty)
        }
        let data = Data(bytes)
        let decoder = JSONDecoder()
        guard let version = try? decoder.decode(VersionOnly.self, from: data).version else {
            return .failure(.corrupt("no format version"))
        }
        switch version {
        case currentVersion:
            do {
                return .success(try decoder.decode(Document.self, from: data).session)
            } catch {
                return .failure(.corrupt("format \(version) does not decode"))
            }
        case 1:
            guard let old = try? decoder.decode(Version1.self, from: data) else {
                return .failure(.corrupt("format 1 does not decode"))
            }
            return .success(migrate(old))
        case let newer where newer > currentVersion:
            return .failure(.newerVersion(newer))
        default:
            return .failure(.corrupt("unknown format \(version)"))
        }
    }

    private static func migrate(_ old: Version1) -> UserSession {
        UserSession(
            uid: old.uid, email: old.email, displayName: old.displayName,
            providerIds: old.providers.map(ProviderType.init(rawValue:)), isAnonymous: old.anonymous ?? false,
            isNewUser: false,
            tokens: SessionTokens(
                idToken: Secret(old.idToken), refreshToken: Secret(old.refreshToken),
                expiresAt: Date(timeIntervalSince1970: old.expiresAt)))
    }
}
