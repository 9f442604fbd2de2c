import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedIssuers
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

    /// The requests of `count` Apple sign-ins, each with a token of the simulated Apple issuer: made ahead, so that
    /// only the backend's work is timed.
    static func requests(_ backend: EmbeddedBackend, count: Int) throws -> [IdPSignInRequest] {
        try (0..<count).map { index in
            let nonce = "growth-nonce-\(index)-\(UUID().uuidString)"
            let issued = try backend.appleIssuer.authorize(
                clientID: backend.configuration.appleClientID, nonceSHA256: SHA256.hexDigest(nonce), shareEmail: true)
            return IdPSignInRequest(providerId: "apple.com", idToken: issued.identityToken, rawNonce: Secret(nonce))
        }
    }

    /// Times `runs` Apple sign-ins at the backend (verify the token, find the account, make a session) after `warmUp`
    /// untimed ones; the tokens are made before.
    static func timedSignIns(_ backend: EmbeddedBackend, runs: Int, warmUp: Int) throws -> Samples {
        let requests = try requests(backend, count: warmUp + runs)
        for request in requests.prefix(warmUp) { _ = try backend.identityService.signInWithIdP(request) }
        var samples = Samples()
        for request in requests.dropFirst(warmUp) {
            let start = ContinuousClock.now
            _ = try backend.identityService.signInWithIdP(request)
            samples.add(ContinuousClock.now - start)
        }
        return samples
    }

    /// A data folder holding `state` as the embedded backend stores it, for the backend on disk and the CLI.
    static func folder(with state: EmbeddedBackendState, in root: String) throws -> String {
        let folder = "\(root)/backend"
        let storage = SQLiteBackendStateStorage(folder: folder, makeInitialState: { state })
        try storage.update { _ in }
        return folder
    }
}
