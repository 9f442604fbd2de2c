import Foundation
import SignInData

/// The claims of a Firebase ID token that the client reads, unverified: the uid and the sign-in provider. The
/// client cannot verify the token (only Google's servers and the app's own server hold the keys to); it reads
/// these only to label the session, never to decide access.
struct IDTokenPayload: Decodable {
    /// The uid (`user_id`, the same as `sub`).
    var userID: String?
    /// The token's subject.
    var subject: String?
    /// `firebase.sign_in_provider`.
    var signInProvider: String?
    /// `iat` and `exp`, seconds since 1970.
    var issuedAt: Int?
    var expiresAt: Int?

    /// How long the token lives, by its own claims (`exp` − `iat`), whatever this device's clock says.
    var lifetime: Int? {
        guard let issuedAt, let expiresAt, expiresAt > issuedAt else { return nil }
        return expiresAt - issuedAt
    }

    private enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case subject = "sub"
        case firebase
        case issuedAt = "iat"
        case expiresAt = "exp"
    }

    private struct Firebase: Decodable {
        var signInProvider: String?
        enum CodingKeys: String, CodingKey { case signInProvider = "sign_in_provider" }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        userID = try? container.decodeIfPresent(String.self, forKey: .userID)
        subject = try? container.decodeIfPresent(String.self, forKey: .subject)
        signInProvider = (try? container.decodeIfPresent(Firebase.self, forKey: .firebase))??.signInProvider
        issuedAt = (try? container.decodeIfPresent(Int.self, forKey: .issuedAt)) ?? nil
        expiresAt = (try? container.decodeIfPresent(Int.self, forKey: .expiresAt)) ?? nil
    }

    /// The uid: `user_id`, or `sub`.
    var uid: String? { userID ?? subject }

    /// The payload of `token`, or `nil` when it is not a JWT with a JSON payload (at most 16 KiB).
    static func read(_ token: String) -> IDTokenPayload? {
        guard let data = UnverifiedJWT.payload(of: token) else { return nil }
        return try? JSONDecoder().decode(IDTokenPayload.self, from: data)
    }
}
