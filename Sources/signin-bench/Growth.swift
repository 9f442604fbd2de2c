import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore

/// How the cost of one sign-in grows with the accounts already stored: the accounts are bulk-loaded into the state
/// (not timed), then Apple sign-ins are timed.
enum Growth {
    /// A fresh state with `count` accounts besides the Apple user's (guests with one identity each, as a backend
    /// fills with real users).
    static func state(accounts count: Int) -> EmbeddedBackendState {
        var state = EmbeddedBackendState.fresh(random: SystemRandomBytes())
        let created = Date(timeIntervalSince1970: 1_767_225_600)
        state.identity.accounts.reserveCapacity(count)
        state.identity.identities.reserveCapacity(count)
        for index in 0..<count {
            let uid = "bulk\(index)"
            let identity = LinkedIdentity(
                providerId: "google.com", subject: "1\(index)", email: "user\(index)@example.com")
            state.identity.accounts[uid] = EmbeddedAccount(
                uid: uid, email: identity.email, emailVerified: true, displayName: "User \(index)", createdAt: created,
                identities: [identity])
            state.identity.identities[identity.key] = uid
        }
        return state
    }

    /// One Apple sign-in at the backend (issue the token, verify it, find or create the account, make a session).
    static func signIn(_ backend: EmbeddedBackend, index: Int) throws {
        let nonce = "growth-nonce-\(index)-\(UUID().uuidString)"
        let issued = try backend.appleIssuer.authorize(
            clientID: backend.configuration.appleClientID, nonceSHA256: SHA256.hexDigest(nonce), shareEmail: true)
        _ = try backend.identityService.signInWithIdP(
            IdPSignInRequest(providerId: "apple.com", idToken: issued.identityToken, rawNonce: Secret(nonce)))
    }

    /// A data folder holding `state` as the embedded backend stores it, for the backend on disk and the CLI.
    static func folder(with state: EmbeddedBackendState, in root: String) throws -> String {
        let folder = "\(root)/backend"
        let storage = SQLiteBackendStateStorage(folder: folder, makeInitialState: { state })
        try storage.update { _ in }
        return folder
    }
}
