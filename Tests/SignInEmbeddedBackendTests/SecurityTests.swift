import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedIssuers
import SignInEmbeddedStore
import SignInJOSE
import SignInTesting
import Testing

/// The attacks that got through before the defences in `SECURITY.md`, each tried against the embedded backend.
@Suite("Embedded backend under attack")
struct BackendSecurityTests {
    let harness = BackendHarness()
    var service: EmbeddedIdentityService { harness.service }

    /// A password account and its session, and a reset code for it.
    func accountWithResetCode(email: String = "victim@example.com") throws -> (BackendSessionResponse, Secret) {
        let session = try service.signUp(email: email, password: "correct horse")
        try service.sendPasswordResetEmail(email: email)
        let link = try #require(try harness.backend.outbox.messages().last?.link)
        let code = try #require(link.split(separator: "=").last.map(String.init))
        return (session, Secret(code))
    }

    // MARK: - Sessions ended by a reset, a password change and a deletion

    @Test("a password reset refuses every token issued before it, the old ID token included, for every call")
    func resetEndsEverySession() throws {
        let (old, code) = try accountWithResetCode()
        try service.confirmPasswordReset(code: code, newPassword: "new horse battery")
        // The same second as the reset: only a token issued after it may pass.
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.verifySessionToken(old.idToken.value) }
                == .tokenExpired)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.linkWithIdP(idToken: old.idToken, try harnessGoogleRequest())
            } == .tokenExpired)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.unlink(idToken: old.idToken, providerId: "password")
            } == .tokenExpired)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                try service.deleteAccount(idToken: old.idToken, revoking: nil)
            }
                == .tokenExpired)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.changePassword(idToken: old.idToken, newPassword: "attacker's pick 1")
            } == .tokenExpired)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.refreshSession(refreshToken: old.refreshToken)
            } == .invalidRefreshToken)
        // The app's API refuses it too.
        let response = harness.backend.appAPI.handle(
            HTTPRequest(
                url: URL(string: "http://api.invalid/v1/me")!,
                headers: ["Authorization": "Bearer \(old.idToken.value)"]))
        #expect(response.status == 401)
        // A sign-in in the same second, after the reset, works.
        let fresh = try service.signInWithPassword(email: "victim@example.com", password: "new horse battery")
        #expect(try service.verifySessionToken(fresh.idToken.value).sub == old.localId)
    }

    func harnessGoogleRequest() throws(IdentityBackendError) -> IdPSignInRequest {
        do {
            return try harness.googleRequest()
        } catch {
            throw error as? IdentityBackendError ?? IdentityBackendError(.malformedIdToken)
        }
    }

    @Test("a password change ends every other session; the caller's new session goes on")
    func changeEndsOtherSessions() throws {
        let mine = try service.signUp(email: "jane@example.com", password: "correct horse")
        let other = try service.signInWithPassword(email: "jane@example.com", password: "correct horse")
        let changed = try service.changePassword(idToken: mine.idToken, newPassword: "battery staple 9")
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.verifySessionToken(other.idToken.value) }
                == .tokenExpired)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.refreshSession(refreshToken: other.refreshToken)
            } == .invalidRefreshToken)
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.verifySessionToken(mine.idToken.value) }
                == .tokenExpired)
        #expect(try service.verifySessionToken(changed.idToken.value).sub == mine.localId)
        _ = try service.refreshSession(refreshToken: changed.refreshToken)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithPassword(email: "jane@example.com", password: "correct horse")
            } == .invalidLoginCredentials)
    }

    @Test("a deleted account's tokens are refused everywhere")
    func deletionEndsEverySession() throws {
        let session = try service.signUp(email: "jane@example.com", password: "correct horse")
        let other = try service.signInWithPassword(email: "jane@example.com", password: "correct horse")
        try service.deleteAccount(idToken: session.idToken, revoking: nil)
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.verifySessionToken(other.idToken.value) }
                == .userNotFound)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.refreshSession(refreshToken: other.refreshToken)
            } == .invalidRefreshToken)
    }

    // MARK: - Recent sign-in

    @Test("deleting, unlinking and changing the password need a sign-in from the last five minutes")
    func sensitiveOperationsNeedRecentSignIn() throws {
        let session = try service.signUp(email: "jane@example.com", password: "correct horse")
        let linked = try service.linkWithIdP(idToken: session.idToken, harness.googleRequest())
        // An hour later, through a refresh: the ID token is new, the sign-in is not.
        harness.clock.advance(by: 3700)
        let refreshed = try service.refreshSession(refreshToken: linked.refreshToken)
        let before = try service.snapshot()
        #expect(
            errorCode { () throws(IdentityBackendError) in
                try service.deleteAccount(idToken: refreshed.idToken, revoking: nil)
            }
                == .credentialTooOld)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.unlink(idToken: refreshed.idToken, providerId: "google.com")
            } == .credentialTooOld)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.changePassword(idToken: refreshed.idToken, newPassword: "battery staple 9")
            } == .credentialTooOld)
        #expect(try service.snapshot().accounts == before.accounts)

        // Signing in again with the same account makes it recent; the operation then goes through.
        let renewed = try service.reauthenticate(
            idToken: refreshed.idToken, email: "jane@example.com", password: "correct horse")
        #expect(renewed.localId == session.localId)
        _ = try service.unlink(idToken: renewed.idToken, providerId: "google.com")
    }

    @Test("re-authenticating with another account's credential, or one with no account, changes nothing")
    func reauthenticationMustBeTheSameAccount() throws {
        let jane = try service.signUp(email: "jane@example.com", password: "correct horse")
        _ = try service.signUp(email: "sam@example.com", password: "battery staple")
        let before = try service.snapshot().accounts
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.reauthenticate(
                    idToken: jane.idToken, email: "sam@example.com", password: "battery staple")
            } == .userMismatch)
        // A Google account with no account here: refused, and no account is created for it.
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.reauthenticate(
                    idToken: jane.idToken, with: try harnessGoogleRequest())
            } == .userMismatch)
        #expect(try service.snapshot().accounts == before)
    }

    @Test("a guest account has nothing to sign in again with, and may be deleted at any age")
    func guestsAreExempt() throws {
        let guest = try service.signUpAnonymously()
        harness.clock.advance(by: 3700)
        let refreshed = try service.refreshSession(refreshToken: guest.refreshToken)
        try service.deleteAccount(idToken: refreshed.idToken, revoking: nil)
        #expect(try service.account(uid: guest.localId) == nil)
    }

    // MARK: - Identity tokens

    @Test("a Google token without a nonce is refused; the Google flow sends one")
    func googleNeedsANonce() throws {
        let issued = try harness.backend.googleIssuer.signIn(email: "jane.appleseed@gmail.com", nonce: nil)
        let request = IdPSignInRequest(providerId: "google.com", idToken: Secret(issued.idToken))
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.signInWithIdP(request) } == .nonceMismatch)
        let withNonce = try harness.googleRequest()
        _ = try service.signInWithIdP(withNonce)
        // The same token again is a replay.
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.signInWithIdP(withNonce) }
                == .nonceAlreadyUsed)
    }

    @Test("one nonce written in upper and lower case is one nonce: the second token is a replay")
    func replayKeyIsCanonical() throws {
        let rawNonce = "case-folded-nonce-0123456789-abcdef"
        var claims = try harness.validClaims(nonce: rawNonce)
        claims.nonce = SHA256.hexDigest(rawNonce).uppercased()
        _ = try service.signInWithIdP(
            IdPSignInRequest(
                providerId: "apple.com", idToken: Secret(try harness.token(claims)), rawNonce: Secret(rawNonce)))
        claims.nonce = SHA256.hexDigest(rawNonce)
        claims.iat += 1
        let second = IdPSignInRequest(
            providerId: "apple.com", idToken: Secret(try harness.token(claims)), rawNonce: Secret(rawNonce))
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.signInWithIdP(second) } == .nonceAlreadyUsed)
    }

    // MARK: - Session tokens in Firebase's shape

    @Test("a session token in Firebase's shape is accepted only signed with the backend's own key, for its project")
    func firebaseShapedTokens() throws {
        let now = Int(harness.clock.now().timeIntervalSince1970)
        let session = try harness.service.signUpAnonymously()
        func claims(project: String) -> SessionTokenClaims {
            SessionTokenClaims(
                iss: "https://securetoken.google.com/\(project)", aud: project, sub: session.localId, iat: now,
                exp: now + 600, authTime: now, signInProvider: "anonymous")
        }
        // Unsigned, as Google's emulator issues them: refused before the signature is looked at.
        let unsigned =
            Base64URL.encode(Array(#"{"alg":"none","typ":"JWT"}"#.utf8)) + "."
            + Base64URL.encode(claims(project: harness.configuration.projectID).compactJSON) + "."
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try harness.service.verifySessionToken(unsigned) }
                == .unsupportedAlgorithm)
        // Signed with the backend's own key, but for another project: refused.
        let key = try harness.backend.storage.read { state throws(IdentityBackendError) in try state.sessionSigningKey()
        }
        let otherProject = JWS.signHS256(
            header: JOSEHeader(kid: "session").compactJSON, payload: claims(project: "demo-other").compactJSON, key: key
        )
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try harness.service.verifySessionToken(otherProject) }
                == .invalidIssuer)
        // The same claims for this project and key: accepted, which shows the two refusals above are the checks'.
        let genuine = JWS.signHS256(
            header: JOSEHeader(kid: "session").compactJSON,
            payload: claims(project: harness.configuration.projectID).compactJSON, key: key)
        #expect(try harness.service.verifySessionToken(genuine).sub == session.localId)
    }

    // MARK: - Keys

    @Test(
        "a missing, short or undecodable stored key stops the backend; nothing is signed or verified with it",
        arguments: ["", "AAAA", "not base64url!", "c2hvcnQ", String(repeating: "A", count: 42) + "B"])
    func damagedKeysFailClosed(storedKey: String) throws {
        var state = EmbeddedBackendState.fresh(random: SeededRandomBytes(seed: 3))
        // A token forged with the empty key, which an undecodable key used to become.
        let now = Int(harness.clock.now().timeIntervalSince1970)
        let forgedClaims = SessionTokenClaims(
            iss: harness.configuration.sessionIssuer, aud: harness.configuration.projectID, sub: "victim", iat: now,
            exp: now + 600, authTime: now, signInProvider: "password")
        let forged =
            Base64URL.encode(Array(#"{"alg":"HS256","typ":"JWT"}"#.utf8)) + "."
            + Base64URL.encode(try JSONEncoder().encode(forgedClaims)) + "."
            + Base64URL.encode(HMACSHA256.software(message: [], key: []))
        state.sessionKey = storedKey
        let backend = BackendHarness(storage: InMemoryBackendStateStorage(state), clock: harness.clock)
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try backend.service.verifySessionToken(forged) }
                == .invalidKey)
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try backend.service.signUpAnonymously() }
                == .invalidKey)
        var appleBroken = EmbeddedBackendState.fresh(random: SeededRandomBytes(seed: 3))
        appleBroken.apple.signingKey = storedKey
        let apple = BackendHarness(storage: InMemoryBackendStateStorage(appleBroken), clock: harness.clock)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try apple.issuer.authorize(clientID: "c", nonceSHA256: nil, shareEmail: true)
            } == .invalidKey)
    }

    @Test("a damaged key in the state file stops every operation, also those that sign nothing")
    func damagedKeyInTheStateFile() throws {
        let folder = TemporaryFolder(prefix: "signin-keys")
        let storage = SQLiteBackendStateStorage(folder: folder.path) { .fresh(random: SeededRandomBytes(seed: 5)) }
        let backend = BackendHarness(storage: storage, clock: harness.clock)
        _ = try backend.service.signUp(email: "jane@example.com", password: "correct horse")
        try storage.update { state in state.google?.signingKey = "AAAA" }
        #expect(
            errorCode { () throws(IdentityBackendError) in
                try backend.service.sendPasswordResetEmail(email: "jane@example.com")
            } == .invalidKey)
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try backend.service.signUpAnonymously() }
                == .invalidKey)
    }

    @Test("an account stored under another uid is a damaged state, refused before any operation (found by fuzzing)")
    func accountUnderAnotherUID() throws {
        var state = EmbeddedBackendState.fresh(random: SeededRandomBytes(seed: 8))
        state.identity.accounts["K"] = EmbeddedAccount(uid: "U", createdAt: harness.clock.now())
        let backend = BackendHarness(storage: InMemoryBackendStateStorage(state), clock: harness.clock)
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try backend.service.signUpAnonymously() }
                == .damagedRecord)
    }

    // MARK: - Stored password hashes

    @Test(
        "a stored hash out of bounds is a damaged record: refused at once, never a crash or a hang",
        arguments: [
            PasswordHash(algorithm: "pbkdf2-sha256", iterations: 1000, salt: "AAAAAAAAAAAAAAAAAAAAAA", hash: ""),
            PasswordHash(algorithm: "pbkdf2-sha256", iterations: 0, salt: "AAAAAAAAAAAAAAAAAAAAAA", hash: "AAAA"),
            PasswordHash(
                algorithm: "pbkdf2-sha256", iterations: 2_000_000_000, salt: "AAAAAAAAAAAAAAAAAAAAAA",
                hash: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
            PasswordHash(
                algorithm: "pbkdf2-sha256", iterations: 1000, salt: "AAAAAAAAAAAAAAAAAAAAAA",
                hash: String(repeating: "A", count: 3_000_000)),
            PasswordHash(
                algorithm: "pbkdf2-sha256", iterations: 1000, salt: "",
                hash: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
            PasswordHash(algorithm: "md5", iterations: 1000, salt: "AAAAAAAAAAAAAAAAAAAAAA", hash: "AAAA"),
        ])
    func damagedHashes(stored: PasswordHash) throws {
        let session = try service.signUp(email: "jane@example.com", password: "correct horse")
        var state = try #require(try harness.backend.storage.read { $0 } as EmbeddedBackendState?)
        state.identity.accounts[session.localId]?.passwordHash = stored
        let damaged = BackendHarness(storage: InMemoryBackendStateStorage(state), clock: harness.clock)
        let started = ContinuousClock.now
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try damaged.service.signInWithPassword(email: "jane@example.com", password: "correct horse")
            } == .damagedRecord)
        // Refused before any hashing: far under the cost of the bounds' largest count.
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    // MARK: - Password guesses

    @Test("after many wrong passwords the right one is refused too, for a while, and an unknown email answers the same")
    func guessesAreThrottled() throws {
        _ = try service.signUp(email: "jane@example.com", password: "correct horse")
        for email in ["jane@example.com", "nobody@example.com"] {
            var answers: [IdentityBackendError.Code?] = []
            for _ in 0..<50 {
                answers.append(
                    errorCode { () throws(IdentityBackendError) in
                        _ = try service.signInWithPassword(email: email, password: "wrong guess 1")
                    })
            }
            #expect(answers.prefix(5).allSatisfy { $0 == .invalidLoginCredentials })
            #expect(answers.dropFirst(5).allSatisfy { $0 == .tooManyAttempts }, "\(email)")
        }
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithPassword(email: "jane@example.com", password: "correct horse")
            } == .tooManyAttempts)
        // After the lock the right password works, and clears the count.
        harness.clock.advance(by: harness.configuration.passwordThrottle.baseLockout + 1)
        _ = try service.signInWithPassword(email: "jane@example.com", password: "correct horse")
        #expect(try service.snapshot().passwordAttempts[SHA256.hexDigest("jane@example.com")] == nil)
    }

    @Test("the lock doubles with each attempt past the free ones, up to its ceiling")
    func lockoutGrows() {
        let throttle = PasswordThrottle()
        #expect(throttle.lockout(afterAttempt: 4) == nil)
        #expect(throttle.lockout(afterAttempt: 5) == 30)
        #expect(throttle.lockout(afterAttempt: 6) == 60)
        #expect(throttle.lockout(afterAttempt: 100) == 900)
    }

    // MARK: - One account per email

    @Test("unlinking the password keeps the account's email; nobody else can sign up or link with it")
    func oneAccountPerEmail() throws {
        let jane = try service.signUp(email: "jane@example.com", password: "correct horse")
        let linked = try service.linkWithIdP(idToken: jane.idToken, harness.googleRequest())
        _ = try service.unlink(idToken: linked.idToken, providerId: "password")
        #expect(try service.account(uid: jane.localId)?.email == "jane@example.com")
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signUp(email: "Jane@Example.com", password: "another one 1")
            } == .emailExists)
        let guest = try service.signUpAnonymously()
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.linkWithPassword(
                    idToken: guest.idToken, email: "jane@example.com", password: "another one 1")
            } == .emailExists)
        #expect(
            try service.snapshot().accounts.values.filter { $0.email?.lowercased() == "jane@example.com" }.count == 1)
    }

    @Test(
        "attack (pre-hijacking): an unverified account made with a Google user's email is theirs once Google vouches for it"
    )
    func identityProviderEmailIsClaimedToo() throws {
        // Someone made an account with Jane's email before she came, and kept a session and a passkey-free password.
        let squatter = try service.signUp(email: "jane.appleseed@gmail.com", password: "correct horse")
        let jane = try service.signInWithIdP(try harnessGoogleRequest())
        #expect(jane.localId == squatter.localId && !jane.isNewUser, "not a second owner of the email")
        let account = try #require(try service.account(uid: jane.localId))
        #expect(account.emailVerified && account.passwordHash == nil && account.providerIds == ["google.com"])
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithPassword(email: "jane.appleseed@gmail.com", password: "correct horse")
            } == .invalidLoginCredentials, "the password they set is gone")
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.refreshSession(refreshToken: squatter.refreshToken)
            } != nil, "their session ended")
        #expect(try service.lookupAccount(idToken: jane.idToken).uid == jane.localId)
    }

    @Test(
        "a verified account keeps its password when Google vouches for its email too; an unvouched email changes nothing"
    )
    func verifiedAccountKeepsItsWaysIn() throws {
        let owner = try service.signUp(email: "jane.appleseed@gmail.com", password: "correct horse")
        try service.updateAccount(uid: owner.localId, .init(emailVerified: true))
        let jane = try service.signInWithIdP(try harnessGoogleRequest())
        #expect(jane.localId == owner.localId)
        #expect(try service.account(uid: owner.localId)?.providerIds.sorted() == ["google.com", "password"])
        #expect(
            try service.signInWithPassword(email: "jane.appleseed@gmail.com", password: "correct horse").localId
                == owner.localId)

        // A provider that does not say the email is verified signs in to no account that has it.
        var lenient = BackendHarness.fastConfiguration
        lenient.acceptsUnsignedProviderTokens = true
        let other = BackendHarness(configuration: lenient)
        _ = try other.service.signUp(email: "sam@example.com", password: "correct horse")
        let before = try other.service.snapshot()
        let unvouched = IdPSignInRequest(
            providerId: "google.com",
            idToken: Secret(#"{"sub":"sam-at-google","email":"sam@example.com","email_verified":false}"#))
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try other.service.signInWithIdP(unvouched) }
                == .emailExists)
        #expect(try other.service.snapshot() == before)
    }

    // MARK: - Input limits

    @Test("a 100 KB password is refused at sign-up and at sign-in without being hashed")
    func longPasswords() throws {
        // Not one repeated character, so that only the length rule can refuse it.
        let huge = Secret(String(repeating: "correct horse ", count: 7200))
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.signUp(email: "a@b.co", password: huge) }
                == .weakPassword)
        _ = try service.signUp(email: "a@b.co", password: "correct horse")
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithPassword(email: "a@b.co", password: huge)
            }
                == .invalidLoginCredentials)
    }

    @Test("a provider's name is kept to 256 characters")
    func longNames() throws {
        var request = try harness.googleRequest()
        request.fullName = PersonName(givenName: String(repeating: "N", count: 10_000))
        let response = try service.signInWithIdP(request)
        #expect(try service.account(uid: response.localId)?.displayName?.count == 256)
    }
}
