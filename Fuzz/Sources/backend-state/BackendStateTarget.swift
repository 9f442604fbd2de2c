// Fuzz target `backend-state`: the input is the embedded backend's state file of earlier versions (`backend.json`).
// It is imported by SQLiteBackendStateStorage itself (from a scratch folder in /dev/shm, so that its checks and its
// migration are the real ones) and read back from the database, put in an InMemoryBackendStateStorage, and real operations run on it through
// EmbeddedIdentityService (and the Apple and Google issuers) with a low password cost. Whatever the file says,
// an operation must answer (a value or an error) within a bounded time, a key that does not decode or is short
// must never sign or verify, and a password hash that PasswordHasher would not write must never be checked.
import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedIssuers
import SignInEmbeddedStore
import SignInJOSE
import SignInPresentation

/// At most this many of the stored accounts are exercised per input: those with a password first, then by uid.
private let accountsPerInput = 6
/// Stored hashes with up to this many iterations are re-made for the fixture's password (see `rehashed`).
private let rehashIterationLimit = 4_096

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBackendState(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    // A document the file storage refuses never reaches the service.
    guard let stored = FuzzFixture.loadStoredState(fuzzInput(data, size)) else { return 0 }
    FuzzFixture.checkSurvivesStorage(stored, "the decoded state")
    BackendStateRun(stored).run()
    return 0
}

private struct BackendStateRun {
    /// The decoded state, with a refresh token and a reset code of our own planted for some accounts.
    let initial: EmbeddedBackendState
    let storage: InMemoryBackendStateStorage
    let outbox = InMemoryMailOutbox()
    let random = SeededBytes(seed: FuzzFixture.seed &+ 2)
    let service: EmbeddedIdentityService
    /// The exercised accounts' uids.
    let uids: [String]
    let sessionKeyUsable: Bool

    init(_ stored: EmbeddedBackendState) {
        var state = stored
        let accounts = stored.identity.accounts
        uids = Array(
            accounts.keys.sorted { left, right in
                let (leftHasPassword, rightHasPassword) = (
                    accounts[left]?.passwordHash != nil, accounts[right]?.passwordHash != nil
                )
                return leftHasPassword == rightHasPassword ? left < right : leftHasPassword
            }.prefix(accountsPerInput))
        for (index, uid) in uids.enumerated() {
            state.identity.refreshTokens[SHA256.hexDigest(Self.plantedRefreshToken(index))] = RefreshTokenRecord(
                uid: uid, issuedAt: FuzzFixture.now, provider: ProviderType.emailPassword.rawValue)
            state.identity.passwordResetCodes[SHA256.hexDigest(Self.plantedResetCode(index))] = ResetCodeRecord(
                uid: uid, expiresAt: FuzzFixture.now.addingTimeInterval(600))
            if let hash = state.identity.accounts[uid]?.passwordHash {
                state.identity.accounts[uid]?.passwordHash = Self.rehashed(hash)
            }
        }
        initial = state
        storage = InMemoryBackendStateStorage(state)
        service = FuzzFixture.service(storage, random: random, outbox: outbox)
        sessionKeyUsable = FuzzFixture.isUsableKey(state.sessionKey)
    }

    static func plantedRefreshToken(_ index: Int) -> String { "r.fuzz-planted-refresh-token-\(index)" }
    static func plantedResetCode(_ index: Int) -> String { "fuzz-planted-reset-code-\(index)" }

    /// The stored hash with its fuzzed parameters (iterations, salt, length) kept, but its bytes re-made
    /// from the fixture's password when that is cheap: so that the password check passes and only the
    /// parameter checks can refuse the hash. An empty hash stays empty, a huge count stays as it is.
    static func rehashed(_ hash: PasswordHash) -> PasswordHash {
        guard (1...rehashIterationLimit).contains(hash.iterations), let salt = Base64URL.decode(hash.salt),
            let length = Base64URL.decode(hash.hash)?.count, (1...64).contains(length)
        else { return hash }
        var remade = hash
        remade.hash = Base64URL.encode(
            PBKDF2.sha256(
                password: Array(FuzzFixture.password.utf8), salt: salt, iterations: hash.iterations,
                keyLength: length))
        return remade
    }

    func run() {
        for (index, uid) in uids.enumerated() { exerciseStoredAccount(uid, index: index) }
        exerciseNewAccount()
        exerciseIdentityProviders()
        if let uid = uids.first, let token = forgedSessionToken(uid) {
            // Deleting an account walks its identities and every token table.
            _ = bounded("deleteAccount") { try? service.deleteAccount(idToken: Secret(token), revoking: nil) }
        }
        guard let final = try? storage.read({ $0 }) else { fuzzFailure("the in-memory storage failed") }
        FuzzFixture.checkSurvivesStorage(final, "the state after the operations")
    }

    /// Every operation that hands out a session signs its ID token with the session key.
    func checkIssued(_ response: BackendSessionResponse, by operation: String) {
        fuzzCheck(
            sessionKeyUsable,
            "\(operation) issued a session token signed with an unusable session key '\(initial.sessionKey)'")
        let holder = try? storage.read { $0.identity.accounts[response.localId] }
        fuzzCheck(
            holder.flatMap { $0 } != nil,
            "\(operation) issued a session for uid '\(response.localId)', which is the key of no stored account "
                + "(a stored account's `uid` differs from its key in `accounts`)")
        let claims = bounded("verifySessionToken") { try? service.verifySessionToken(response.idToken.value) }
        fuzzCheck(claims?.sub == response.localId, "the session token \(operation) issued does not verify")
    }

    // MARK: - Accounts from the file

    private func exerciseStoredAccount(_ uid: String, index: Int) {
        guard let account = initial.identity.accounts[uid] else { return }
        let passwordIdentity = account.identities.first { $0.providerId == ProviderType.emailPassword.rawValue }
        let email = passwordIdentity?.subject ?? account.email ?? "nobody@example.com"

        // Sign-in with the fixture's password, which matches every re-made hash. The hash it checks is the
        // one the email's identity leads to now (earlier operations may have changed it), found as the
        // service finds it.
        let key = LinkedIdentity(
            providerId: ProviderType.emailPassword.rawValue,
            subject: (EmailAddress.normalized(email) ?? email).lowercased()
        ).key
        let before = try? storage.read { $0 }
        let target = before.flatMap { state in state.identity.identities[key].flatMap { state.identity.accounts[$0] } }
        let signIn = bounded("signInWithPassword") {
            Result { () throws(IdentityBackendError) in
                try service.signInWithPassword(email: email, password: Secret(FuzzFixture.password))
            }
        }
        let maximum = max(rehashIterationLimit, FuzzFixture.configuration.passwordIterations)
        switch signIn {
        case .success(let response):
            checkIssued(response, by: "signInWithPassword")
            if let hash = target?.passwordHash {
                fuzzCheck(
                    FuzzFixture.isWellFormed(hash, maximumIterations: Int.max),
                    "signInWithPassword accepted the stored hash \(hash), which PasswordHasher never writes")
            }
        case .failure(let error):
            // A well-formed, cheap hash of the right password, on the account the update will find: the only
            // reason left to refuse would be a bug.
            // Refusals the state itself explains are not bugs: a guess lock on the email, a damaged state.
            let explained = [.tooManyAttempts, .damagedRecord, .invalidKey].contains(error.code)
            if let target, let hash = target.passwordHash, FuzzFixture.isWellFormed(hash, maximumIterations: maximum),
                (try? PasswordHasher.verify(FuzzFixture.password, against: hash)) == true, sessionKeyUsable,
                before?.identity.accounts[target.uid]?.passwordHash == hash, !explained
            {
                fuzzFailure("signInWithPassword refused the right password for \(hash): \(error)")
            }
        }

        // Refresh with a token of our own planted for this account.
        let refresh = bounded("refreshSession") {
            Result { () throws(IdentityBackendError) in
                try service.refreshSession(refreshToken: Secret(Self.plantedRefreshToken(index)))
            }
        }
        if case .success(let response) = refresh { checkIssued(response, by: "refreshSession") }

        // An ID token for this account, signed the way the service signs (with what the key decodes to).
        if let token = forgedSessionToken(uid), (try? service.verifySessionToken(token)) != nil {
            fuzzCheck(
                sessionKeyUsable,
                "verifySessionToken accepted a token signed with the unusable session key '\(initial.sessionKey)'")
        }

        // Password reset: the request, then the planted code.
        _ = bounded("sendPasswordResetEmail") { try? service.sendPasswordResetEmail(email: email) }
        let reset = bounded("confirmPasswordReset") {
            Result { () throws(IdentityBackendError) in
                try service.confirmPasswordReset(
                    code: Secret(Self.plantedResetCode(index)), newPassword: Secret(FuzzFixture.newPassword))
            }
        }
        if case .success = reset {
            // The service stores the account under its own `uid` field.
            let hash = try? storage.read { $0.identity.accounts[account.uid]?.passwordHash }
            fuzzCheck(
                hash.flatMap { $0 }.map { FuzzFixture.isWellFormed($0, maximumIterations: maximum) } == true,
                "the reset stored a hash PasswordHasher would not write")
        }
    }

    /// A session ID token for `uid`, signed with what the stored session key decodes to (empty when it
    /// does not decode: what the service used to sign with).
    private func forgedSessionToken(_ uid: String) -> String? {
        // The claims of the service's ID tokens, in Firebase's shape, spelled out.
        struct Claims: Encodable {
            struct Firebase: Encodable { var sign_in_provider: String }
            var iss, aud, sub, user_id: String
            var iat, exp, auth_time: Int
            var firebase: Firebase
        }
        let configuration = FuzzFixture.configuration
        let now = Int(FuzzFixture.now.timeIntervalSince1970)
        let claims = Claims(
            iss: configuration.sessionIssuer, aud: configuration.projectID, sub: uid, user_id: uid, iat: now,
            exp: now + 600, auth_time: now,
            firebase: Claims.Firebase(sign_in_provider: ProviderType.emailPassword.rawValue))
        guard let payload = try? JSONEncoder().encode(claims) else { return nil }
        return forgedHS256(
            header: Array(#"{"alg":"HS256","typ":"JWT"}"#.utf8), payload: Array(payload),
            keyBytes: Base64URL.decode(initial.sessionKey) ?? [])
    }

    // MARK: - A new account in this state

    private func exerciseNewAccount() {
        let email = "fuzz.new.user@example.com"
        let created = bounded("signUp") { try? service.signUp(email: email, password: Secret(FuzzFixture.password)) }
        guard let signUp = created else {
            fuzzCheck(
                !sessionKeyUsable || initial.identity.identities["password|\(email)"] != nil,
                "signUp failed on a state with a usable key where the email is free")
            return
        }
        checkIssued(signUp, by: "signUp")
        let guest = bounded("signUpAnonymously") { try? service.signUpAnonymously() }
        if let guest { checkIssued(guest, by: "signUpAnonymously") }

        // The refresh token works exactly once.
        let refresh = bounded("refreshSession") { try? service.refreshSession(refreshToken: signUp.refreshToken) }
        guard let refreshed = refresh else { fuzzFailure("the refresh token signUp issued does not refresh") }
        checkIssued(refreshed, by: "refreshSession")
        fuzzCheck(refreshed.localId == signUp.localId, "refreshSession switched accounts")
        fuzzCheck(
            (try? service.refreshSession(refreshToken: signUp.refreshToken)) == nil,
            "a used refresh token refreshed again")

        // The password signs in; a reset by mail changes it and ends the sessions.
        let signIn = bounded("signInWithPassword") {
            try? service.signInWithPassword(email: email, password: Secret(FuzzFixture.password))
        }
        fuzzCheck(signIn?.localId == signUp.localId, "the password signUp set does not sign in")
        let sent = (try? outbox.messages().count) ?? 0
        _ = bounded("sendPasswordResetEmail") { try? service.sendPasswordResetEmail(email: email) }
        guard let mails = try? outbox.messages(), mails.count == sent + 1, let mail = mails.last else {
            fuzzFailure("no reset mail for an account with a password")
        }
        guard case .resetPassword(let code)? = try? DeepLink.parse(mail.link) else {
            fuzzFailure("the app cannot open the reset link the backend mailed: \(mail.link)")
        }
        let reset = bounded("confirmPasswordReset") {
            Result { () throws(IdentityBackendError) in
                try service.confirmPasswordReset(code: code, newPassword: Secret(FuzzFixture.newPassword))
            }
        }
        guard case .success = reset else { fuzzFailure("the mailed reset code does not reset: \(reset)") }
        fuzzCheck(
            (try? service.refreshSession(refreshToken: refreshed.refreshToken)) == nil,
            "a refresh token survived the password reset")
        let newSignIn = try? service.signInWithPassword(email: email, password: Secret(FuzzFixture.newPassword))
        fuzzCheck(newSignIn?.localId == signUp.localId, "the new password does not sign in")
    }

    // MARK: - Apple and Google

    private func exerciseIdentityProviders() {
        let configuration = FuzzFixture.configuration
        let appleUsable = FuzzFixture.isUsableKey(initial.apple.signingKey)
        let googleUsable = FuzzFixture.isUsableKey(initial.google?.signingKey)
        let apple = EmbeddedAppleIssuer(
            storage: storage, issuer: configuration.appleIssuer, clock: FuzzFixture.clock, random: random)
        let google = EmbeddedGoogleIssuer(
            storage: storage, issuer: configuration.googleIssuer, clientID: configuration.googleClientID,
            clock: FuzzFixture.clock, random: random)

        var tokens: [(provider: String, token: String, keyUsable: Bool)] = []
        let appleIssued = bounded("EmbeddedAppleIssuer.authorize") {
            try? apple.authorize(
                clientID: configuration.appleClientID, nonceSHA256: FuzzFixture.nonceSHA256, shareEmail: true)
        }
        if let issued = appleIssued {
            fuzzCheck(appleUsable, "the Apple issuer signed with the unusable key '\(initial.apple.signingKey)'")
            tokens.append((ProviderType.apple.rawValue, issued.identityToken.value, appleUsable))
        }
        let googleIssued = initial.google?.accounts.first.flatMap { account in
            bounded("EmbeddedGoogleIssuer.signIn") {
                try? google.signIn(email: account.email, nonce: FuzzFixture.nonceSHA256)
            }
        }
        if let issued = googleIssued {
            fuzzCheck(googleUsable, "the Google issuer signed with an unusable key")
            tokens.append((ProviderType.google.rawValue, issued.idToken, googleUsable))
        }
        // Tokens signed with what an unusable key decodes to, as an attacker who read the state could.
        if !appleUsable {
            tokens.append(
                (ProviderType.apple.rawValue, forgedIdentityToken(key: initial.apple.signingKey, apple: true), false))
        }
        if !googleUsable {
            tokens.append(
                (
                    ProviderType.google.rawValue,
                    forgedIdentityToken(key: initial.google?.signingKey ?? "", apple: false), false
                ))
        }
        for (provider, token, keyUsable) in tokens {
            let request = IdPSignInRequest(
                providerId: provider, idToken: Secret(token), rawNonce: Secret(FuzzFixture.rawNonce))
            let signIn = bounded("signInWithIdP(\(provider))") { try? service.signInWithIdP(request) }
            guard let response = signIn else { continue }
            fuzzCheck(keyUsable, "signInWithIdP(\(provider)) accepted a token signed with an unusable key")
            checkIssued(response, by: "signInWithIdP(\(provider))")
            fuzzCheck(
                (try? service.signInWithIdP(request)) == nil, "signInWithIdP(\(provider)) accepted a replayed nonce")
        }
    }

    private func forgedIdentityToken(key: String, apple: Bool) -> String {
        let configuration = FuzzFixture.configuration
        let now = Int(FuzzFixture.now.timeIntervalSince1970)
        let claims = IdentityTokenClaims(
            iss: apple ? configuration.appleIssuer : configuration.googleIssuer,
            aud: apple ? configuration.appleClientID : configuration.googleClientID, sub: "fuzz-forged-subject",
            iat: now, exp: now + 600, nonce: FuzzFixture.nonceSHA256, email: "forged@example.com",
            emailVerified: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let payload = (try? encoder.encode(claims)).map { Array($0) } ?? []
        return forgedHS256(
            header: Array(#"{"alg":"HS256","typ":"JWT"}"#.utf8), payload: payload, keyBytes: Base64URL.decode(key) ?? []
        )
    }
}
