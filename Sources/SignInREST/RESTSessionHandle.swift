import Foundation
import SignInData

/// What ``RESTIdentityBackend`` hands the Domain as a session's refresh token: the session's access token and the
/// API's refresh token, if it gave one, in one opaque string (`signin-rest.v1.<access>.<refresh>`, each part
/// base64url).
///
/// The port's ``SignInData/SessionBackend/revokeRefreshToken(_:)`` receives only the refresh token, but a
/// sign-out route wants the bearer token; and an API with no refresh (the FastAPI notes service) gives no refresh token at all,
/// while the Domain needs a value it can store and later hand back. The handle serves both: sign-out reads the
/// access token from it, and a refresh with a handle that holds no refresh token is refused at once
/// (`INVALID_REFRESH_TOKEN`), so the Domain signs the user out when the access token expires. The handle is stored
/// where the session's tokens are, and holds nothing the stored session does not already hold.
struct RESTSessionHandle: Hashable, Sendable {
    /// The access token of the session.
    var accessToken: String
    /// The API's refresh token, if it gave one.
    var refreshToken: String?

    static let prefix = "signin-rest.v1."

    /// The handle as the session's refresh token.
    var encoded: String {
        Self.prefix + Base64URLText.encode(Data(accessToken.utf8)) + "."
            + Base64URLText.encode(Data((refreshToken ?? "").utf8))
    }

    /// Creates a handle.
    init(accessToken: String, refreshToken: String?) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The handle `text` encodes, or `nil` when it is not one (a refresh token stored by another backend).
    init?(decoding text: String) {
        guard text.hasPrefix(Self.prefix) else { return nil }
        let parts = text.dropFirst(Self.prefix.count).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let access = Base64URLText.decode(parts[0]),
            let refresh = Base64URLText.decode(parts[1]),
            let accessText = String(data: access, encoding: .utf8), !accessText.isEmpty,
            let refreshText = String(data: refresh, encoding: .utf8)
        else { return nil }
        self.init(accessToken: accessText, refreshToken: refreshText)
    }
}
