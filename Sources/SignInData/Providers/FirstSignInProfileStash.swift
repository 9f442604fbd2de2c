import Foundation
public import SignInDomain

/// What an identity provider sends only at a user's first authorization: Sign in with Apple's name, and the email
/// the user chose to share. Apple never sends them again, so losing them loses them for good.
public struct FirstSignInProfile: Hashable, Sendable, Codable {
    /// The user's name.
    public var fullName: PersonName?
    /// The email the user shared (or the private relay address).
    public var email: String?

    /// Creates a profile.
    public init(fullName: PersonName? = nil, email: String? = nil) {
        self.fullName = fullName
        self.email = email
    }
}

/// Keeps a ``FirstSignInProfile`` from the moment the provider hands it over until a sign-in that carries it to the
/// backend succeeds: a sign-in whose backend call fails (offline, a backend error, the app killed) does not lose
/// the name. Keys are `<provider id>:<provider user id>`.
public protocol FirstSignInProfileStash: Sendable {
    /// The profile kept for `key`.
    func profile(for key: String) async -> FirstSignInProfile?
    /// Keeps `profile` for `key`, replacing the one kept before.
    func keep(_ profile: FirstSignInProfile, for key: String) async
    /// Forgets the profile of `key`: it reached the backend.
    func forget(_ key: String) async
    /// Whether no profile is kept: the common case, in which a sign-in does not read its token for a key.
    func isEmpty() async -> Bool
}

/// A stash that lasts as long as the process: enough for a retry in a running app.
public actor InMemoryFirstSignInProfileStash: FirstSignInProfileStash {
    private var profiles: [String: FirstSignInProfile] = [:]

    /// Creates an empty stash.
    public init() {}

    public func profile(for key: String) -> FirstSignInProfile? { profiles[key] }
    public func keep(_ profile: FirstSignInProfile, for key: String) { profiles[key] = profile }
    public func forget(_ key: String) { profiles[key] = nil }
    public func isEmpty() -> Bool { profiles.isEmpty }
}

enum FirstSignInProfileKey {
    /// The stash key of a credential: its provider and the identity token's `sub`, read without verifying (the
    /// backend verifies); `nil` when the token has none.
    static func of(_ credential: AuthCredential) -> String? {
        struct Subject: Decodable { var sub: String }
        guard let token = credential.idToken?.value, let payload = UnverifiedJWT.payload(of: token),
            let subject = try? JSONDecoder().decode(Subject.self, from: payload), !subject.sub.isEmpty
        else { return nil }
        return "\(credential.provider.rawValue):\(subject.sub)"
    }
}
