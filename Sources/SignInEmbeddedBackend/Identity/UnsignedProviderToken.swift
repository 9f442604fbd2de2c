import Foundation
import SignInData
import SignInJOSE

/// The unsigned identity tokens Google's Auth emulator takes at `accounts:signInWithIdp`, for tests written against
/// it: a JSON object of claims (`{"sub":"abc","email":"jane@example.com"}`), or a JWT whose `alg` is `none` and whose
/// signature is empty. Only `sub` is required; `email`, `email_verified` and `name` are read when present, and every
/// other claim whose value is a string (`picture`, `screen_name`, …) is kept as the provider's own.
///
/// Taken only with ``EmbeddedBackendConfiguration/acceptsUnsignedProviderTokens`` (`signin-demo serve
/// --accept-unsigned-provider-tokens`): anyone who can reach the backend can then sign in as anyone, with any provider
/// id (``isProviderID(_:)``), registered or not. A token that is signed is still checked in full, and so is every
/// token without the setting.
enum UnsignedProviderToken {
    /// The longest token read, in bytes.
    static let maximumLength = 8 * 1024

    /// Whether `providerId` may name a provider the backend has no registration for, in the lenient mode: lowercase
    /// letters, digits, `.` and `-`, with a dot, at most 64 characters (`facebook.com`, `saml.acme`), and none of the
    /// backend's own ways in (`password`, `phone`, `anonymous`, `emailLink`, `custom`).
    static func isProviderID(_ providerId: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789.-")
        return (3...64).contains(providerId.count) && providerId.contains(".")
            && providerId.allSatisfy(allowed.contains)
            && !providerId.hasPrefix(".") && !providerId.hasSuffix(".")
            && !["password", "phone", "anonymous", "emaillink", "custom", "firebase"].contains(providerId)
    }

    /// The claims of an unsigned token, with no issuer or audience and a lifetime from `now`; `nil` when `token` is
    /// neither kind (a signed JWT, or something else).
    /// - Throws: `INVALID_IDP_RESPONSE` for an unsigned token with no usable `sub`, or fields of the wrong type.
    static func claims(of token: String, now: Date) throws(IdentityBackendError) -> IdentityTokenClaims? {
        let bytes = Array(token.utf8)
        guard bytes.count <= maximumLength else { return nil }
        let payload: [UInt8]
        if bytes.first == UInt8(ascii: "{") {
            payload = bytes
        } else if let parts = JWS.parse(token), parts.signature.isEmpty,
            let header = TokenJSON.header(from: parts.header), header.alg == "none"
        {
            payload = parts.payload
        } else {
            return nil
        }
        guard let fields = try? JSONDecoder().decode(Fields.self, from: Data(payload)) else {
            throw IdentityBackendError(.invalidIdPResponse, message: "an unsigned token needs a JSON object of claims")
        }
        let subject = fields.sub.trimmingCharacters(in: .whitespaces)
        guard !subject.isEmpty, subject.count <= 255 else {
            throw IdentityBackendError(
                .invalidIdPResponse, message: "an unsigned token needs a sub of 1 to 255 characters")
        }
        let issuedAt = Int(now.timeIntervalSince1970)
        var claims = IdentityTokenClaims(
            iss: "", aud: "", sub: subject, iat: issuedAt, exp: issuedAt + 3600, email: fields.email,
            emailVerified: fields.emailVerified)
        claims.aud = []
        claims.name = fields.name
        claims.providerClaims = fields.others
        return claims
    }

    /// The claims read; `email_verified` may be a boolean or the text `true` / `false`, as providers write it.
    private struct Fields: Decodable {
        var sub: String
        var email: String?
        var emailVerified: Bool?
        var name: String?
        /// The other claims whose value is a string, at most 64 of them.
        var others: [String: String] = [:]

        enum CodingKeys: String, CodingKey {
            case sub, email, name
            case emailVerified = "email_verified"
        }

        /// Any claim's name.
        struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            sub = try container.decode(String.self, forKey: .sub)
            email = try container.decodeIfPresent(String.self, forKey: .email)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            let all = try decoder.container(keyedBy: AnyKey.self)
            let standard: Set<String> = ["sub", "email", "name", "email_verified", "iss", "aud", "iat", "exp", "nonce"]
            for key in all.allKeys.prefix(64) where !standard.contains(key.stringValue) {
                if let value = try? all.decode(String.self, forKey: key) { others[key.stringValue] = value }
            }
            if let flag = try? container.decodeIfPresent(Bool.self, forKey: .emailVerified) {
                emailVerified = flag
            } else {
                emailVerified = try container.decodeIfPresent(String.self, forKey: .emailVerified).map { $0 == "true" }
            }
        }
    }
}
