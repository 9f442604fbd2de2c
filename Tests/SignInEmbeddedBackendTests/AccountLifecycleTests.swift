import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedIssuers
import SignInEmbeddedStore
import SignInTesting
import Testing

@Suite("EmbeddedIdentityService: Google, guests, email and password")
struct ProvidersBackendTests {
    @Test("a Google token creates an account with Google's name and email; the same account signs in again")
    func google() throws {
        let harness = BackendHarness()
        let first = try harness.service.signInWithIdP(harness.googleRequest())
        #expect(first.isNewUser)
        #expect(first.providerIds == ["google.com"])
        #expect(first.displayName == "Jane Appleseed")
        #expect(first.email == "jane.appleseed@gmail.com")
        let again = try harness.service.signInWithIdP(harness.googleRequest())
        #expect(again.localId == first.localId)
        #expect(!again.isNewUser)
    }

    @Test("an Apple token presented as Google, or a Google token as Apple, is refused")
    func crossedProviders() throws {
        let harness = BackendHarness()
        var google = try harness.googleRequest()
        google.providerId = "apple.com"
        #expect(throws: IdentityBackendError.self) { try harness.service.signInWithIdP(google) }
        let (apple, nonce) = try harness.authorize()
        var request = harness.request(apple, rawNonce: nonce)
        request.providerId = "google.com"
        #expect(throws: IdentityBackendError.self) { try harness.service.signInWithIdP(request) }
    }

    @Test("a guest gets a new anonymous account with no provider, every time")
    func guests() throws {
        let harness = BackendHarness()
        let a = try harness.service.signUpAnonymously()
        let b = try harness.service.signUpAnonymously()
        #expect(a.isAnonymous && b.isAnonymous)
        #expect(a.providerIds.isEmpty)
        #expect(a.localId != b.localId)
    }

    @Test("sign-up stores a PBKDF2 hash with its parameters and a 16-byte salt, never the password")
    func signUp() throws {
        let harness = BackendHarness()
        let response = try harness.service.signUp(email: "Jane@Example.com", password: "correct horse")
        let account = try #require(try harness.service.account(uid: response.localId))
        let hash = try #require(account.passwordHash)
        #expect(hash.algorithm == "pbkdf2-sha256")
        #expect(hash.iterations == 1000)
        #expect(Base64URL.decode(hash.salt)?.count == 16)
        #expect(Base64URL.decode(hash.hash)?.count == 32)
        #expect(!String(describing: account).contains("correct horse"))
        #expect(response.email == "jane@example.com")
    }

    @Test("by default a hash costs 600,000 iterations, and it verifies")
    func defaultCost() throws {
        #expect(EmbeddedBackendConfiguration().passwordIterations >= 600_000)
        let harness = BackendHarness(configuration: EmbeddedBackendConfiguration())
        let response = try harness.service.signUp(email: "a@b.co", password: "correct horse")
        #expect(try harness.service.account(uid: response.localId)?.passwordHash?.iterations == 600_000)
        #expect(
            try harness.service.signInWithPassword(email: "a@b.co", password: "correct horse").localId
                == response.localId)
    }

    @Test("an email is taken whatever its case; the first account stays as it was")
    func duplicate() throws {
        let harness = BackendHarness()
        _ = try harness.service.signUp(email: "jane@example.com", password: "correct horse")
        let before = try harness.service.snapshot()
        #expect(throws: IdentityBackendError(.emailExists, message: "the email already belongs to an account")) {
            _ = try harness.service.signUp(email: "JANE@example.com", password: "another one 1")
        }
        #expect(try harness.service.snapshot() == before)
    }

    @Test("a wrong password and an unknown email give the same code and message")
    func sameAnswer() throws {
        let harness = BackendHarness()
        _ = try harness.service.signUp(email: "jane@example.com", password: "correct horse")
        let wrong = #expect(throws: IdentityBackendError.self) {
            try harness.service.signInWithPassword(email: "jane@example.com", password: "wrong horse")
        }
        let unknown = #expect(throws: IdentityBackendError.self) {
            try harness.service.signInWithPassword(email: "nobody@example.com", password: "wrong horse")
        }
        #expect(wrong == unknown)
        #expect(wrong?.code == .invalidLoginCredentials)
        #expect(
            try harness.service.signInWithPassword(email: " Jane@Example.com", password: "correct horse").email
                == "jane@example.com")
    }

    @Test("the backend refuses an invalid email and a weak password even if a client skipped its checks")
    func serverChecks() {
        let harness = BackendHarness()
        #expect(throws: IdentityBackendError(.invalidEmail, message: "not a valid email address")) {
            _ = try harness.service.signUp(email: "nope", password: "correct horse")
        }
        #expect(throws: IdentityBackendError(.weakPassword, message: "tooShort")) {
            _ = try harness.service.signUp(email: "a@b.co", password: "short")
        }
    }

    @Test("raising the cost upgrades a stored hash at the next successful sign-in")
    func upgrade() throws {
        let storage = InMemoryBackendStateStorage(.fresh(random: SeededRandomBytes()))
        let clock = TestClock()
        let cheap = EmbeddedBackend(
            storage: storage, configuration: EmbeddedBackendConfiguration(passwordIterations: 500), clock: clock,
            random: SeededRandomBytes(seed: 1))
        let uid = try cheap.identityService.signUp(email: "a@b.co", password: "correct horse").localId
        let dearer = EmbeddedBackend(
            storage: storage, configuration: EmbeddedBackendConfiguration(passwordIterations: 1500), clock: clock,
            random: SeededRandomBytes(seed: 2))
        _ = try dearer.identityService.signInWithPassword(email: "a@b.co", password: "correct horse")
        #expect(try dearer.identityService.account(uid: uid)?.passwordHash?.iterations == 1500)
        _ = try dearer.identityService.signInWithPassword(email: "a@b.co", password: "correct horse")
    }
}

@Suite("EmbeddedIdentityService: linking and unlinking")
struct LinkingBackendTests {
    @Test("a guest linked to email and password keeps its uid, and the email then signs in to it")
    func guestToEmail() throws {
        let harness = BackendHarness()
        let guest = try harness.service.signUpAnonymously()
        let linked = try harness.service.linkWithPassword(
            idToken: guest.idToken, email: "jane@example.com", password: "correct horse")
        #expect(linked.localId == guest.localId)
        #expect(!linked.isAnonymous)
        #expect(linked.providerIds == ["password"])
        #expect(
            try harness.service.signInWithPassword(email: "jane@example.com", password: "correct horse").localId
                == guest.localId)
    }

    @Test("a guest linked to Apple and Google keeps its uid")
    func guestToProviders() throws {
        let harness = BackendHarness()
        let guest = try harness.service.signUpAnonymously()
        let (issued, nonce) = try harness.authorize()
        let apple = try harness.service.linkWithIdP(idToken: guest.idToken, harness.request(issued, rawNonce: nonce))
        let google = try harness.service.linkWithIdP(idToken: apple.idToken, harness.googleRequest())
        #expect(Set([apple.localId, google.localId]) == [guest.localId])
        #expect(google.providerIds == ["apple.com", "google.com"])
        #expect(google.displayName == "Jane Appleseed")
        #expect(google.providerUserIds?["apple.com"] == (try harness.issuer.user().subject))
    }

    @Test("a credential another account owns is refused, changes nothing, and still signs in to its owner")
    func owned() throws {
        let harness = BackendHarness()
        let owner = try harness.service.signInWithIdP(harness.googleRequest("sam.rivera@gmail.com"))
        let guest = try harness.service.signUpAnonymously()
        let before = try harness.service.snapshot()
        let request = try harness.googleRequest("sam.rivera@gmail.com")

        let error = #expect(throws: IdentityBackendError.self) {
            try harness.service.linkWithIdP(idToken: guest.idToken, request)
        }
        #expect(error?.code == .credentialAlreadyInUse)
        #expect(try harness.service.snapshot() == before)
        #expect(try harness.service.signInWithIdP(request).localId == owner.localId)
    }

    @Test("attack: linking an identity whose email another account has is EMAIL_EXISTS naming it, and changes nothing")
    func emailOwnedElsewhere() throws {
        let harness = BackendHarness()
        _ = try harness.service.signUp(email: "sam.rivera@gmail.com", password: "sam password 1")
        let guest = try harness.service.signUpAnonymously()
        let before = try harness.service.snapshot()
        let error = #expect(throws: IdentityBackendError.self) {
            try harness.service.linkWithIdP(idToken: guest.idToken, try harness.googleRequest("Sam.Rivera@gmail.com"))
        }
        #expect(error?.code == .emailExists && error?.email == "sam.rivera@gmail.com")
        #expect(try harness.service.snapshot() == before)
    }

    @Test("an Apple credential owned elsewhere keeps its nonce unused, so the recovery sign-in works")
    func ownedAppleNonce() throws {
        let harness = BackendHarness()
        try harness.signIn(rawNonce: "first-nonce-0123456789-abcdefghijk")
        let guest = try harness.service.signUpAnonymously()
        let (issued, nonce) = try harness.authorize(rawNonce: "second-nonce-0123456789-abcdefghij")
        let request = harness.request(issued, rawNonce: nonce)
        #expect(throws: IdentityBackendError.self) { try harness.service.linkWithIdP(idToken: guest.idToken, request) }
        #expect(try harness.service.signInWithIdP(request).isNewUser == false)
    }

    @Test("an email another account has is refused; a second password is refused; a bad session is refused")
    func linkRefusals() throws {
        let harness = BackendHarness()
        _ = try harness.service.signUp(email: "taken@example.com", password: "correct horse")
        let guest = try harness.service.signUpAnonymously()
        #expect(throws: IdentityBackendError(.emailExists, message: "the email already belongs to an account")) {
            try harness.service.linkWithPassword(
                idToken: guest.idToken, email: "taken@example.com", password: "correct horse")
        }
        let linked = try harness.service.linkWithPassword(
            idToken: guest.idToken, email: "mine@example.com", password: "correct horse")
        let again = #expect(throws: IdentityBackendError.self) {
            try harness.service.linkWithPassword(
                idToken: linked.idToken, email: "other@example.com", password: "correct horse")
        }
        #expect(again?.code == .providerAlreadyLinked)
        let forged = #expect(throws: IdentityBackendError.self) {
            try harness.service.linkWithPassword(idToken: "forged", email: "x@example.com", password: "correct horse")
        }
        #expect(forged?.code == .invalidIDToken)
    }

    @Test("unlink removes a provider, but never the last one, nor one that is not there")
    func unlink() throws {
        let harness = BackendHarness()
        let account = try harness.signIn()
        let both = try harness.service.linkWithIdP(idToken: account.idToken, harness.googleRequest())
        #expect(throws: IdentityBackendError(.noSuchProvider, message: "the account has no password")) {
            try harness.service.unlink(idToken: both.idToken, providerId: "password")
        }
        let one = try harness.service.unlink(idToken: both.idToken, providerId: "google.com")
        #expect(one.providerIds == ["apple.com"])
        #expect(throws: IdentityBackendError(.lastProvider, message: "the last provider cannot be unlinked")) {
            try harness.service.unlink(idToken: both.idToken, providerId: "apple.com")
        }
        // The Google identity is free again: it now makes an account of its own.
        #expect(try harness.service.signInWithIdP(harness.googleRequest()).localId != account.localId)
    }
}

@Suite("EmbeddedIdentityService: password reset, deletion, Apple credential state")
struct ResetAndDeleteBackendTests {
    func resetCode(_ harness: BackendHarness, to email: String) throws -> Secret {
        let message = try #require(try harness.backend.outbox.messages().last { $0.to == email })
        let code = try #require(message.link.split(separator: "=").last)
        #expect(message.link.hasPrefix("signin-demo://reset-password?code="))
        return Secret(String(code))
    }

    @Test("a reset mails a link that sets a new password once; the old password and sessions stop working")
    func reset() throws {
        let harness = BackendHarness()
        let session = try harness.service.signUp(email: "jane@example.com", password: "old password")
        try harness.service.sendPasswordResetEmail(email: "jane@example.com")
        let code = try resetCode(harness, to: "jane@example.com")

        try harness.service.confirmPasswordReset(code: code, newPassword: "new password")

        #expect(throws: IdentityBackendError.self) {
            try harness.service.signInWithPassword(email: "jane@example.com", password: "old password")
        }
        _ = try harness.service.signInWithPassword(email: "jane@example.com", password: "new password")
        #expect(throws: IdentityBackendError.self) {
            try harness.service.refreshSession(refreshToken: session.refreshToken)
        }
        let reused = #expect(throws: IdentityBackendError.self) {
            try harness.service.confirmPasswordReset(code: code, newPassword: "third password")
        }
        #expect(reused?.code == .invalidOOBCode)
    }

    @Test("an unknown email gets the same answer and no mail; the code recorded to take as long resets nothing")
    func unknownEmail() throws {
        let harness = BackendHarness()
        try harness.service.sendPasswordResetEmail(email: "nobody@example.com")
        #expect(try harness.backend.outbox.messages().isEmpty)
        let codes = try harness.service.snapshot().passwordResetCodes
        #expect(codes.count == 1 && codes.allSatisfy { $0.value.uid.isEmpty }, "a decoy: no account's code")
        #expect(try harness.service.snapshot().accounts.isEmpty)
    }

    @Test("attack: 1,000 reset requests for one account mail 5; the rest answer the same and send nothing")
    func resetMailsLimited() throws {
        let harness = BackendHarness()
        _ = try harness.service.signUp(email: "jane@example.com", password: "old password")
        for _ in 0..<1000 { try harness.service.sendPasswordResetEmail(email: "jane@example.com") }
        #expect(try harness.backend.outbox.messages().count == 5)
        let snapshot = try harness.service.snapshot()
        let janes = snapshot.passwordResetCodes.filter { !$0.value.uid.isEmpty }
        #expect(janes.count == 5, "only the mailed codes are the account's")
        // Without enumeration protection the limit is said; an hour later the codes expired and one may be asked again.
        harness.service.updateProjectSettings { $0.emailEnumerationProtection = false }
        let refused = #expect(throws: IdentityBackendError.self) {
            try harness.service.sendPasswordResetEmail(email: "jane@example.com")
        }
        #expect(refused?.code == .resetPasswordExceedLimit)
        #expect(refused?.toDomain(provider: .emailPassword) == .tooManyResetEmails)
        harness.clock.advance(by: 3601)
        try harness.service.sendPasswordResetEmail(email: "jane@example.com")
        #expect(try harness.backend.outbox.messages().count == 6)
    }

    @Test("attack: one client asking reset mails for many emails gets 20 an hour; other clients still get theirs")
    func resetMailsLimitedPerClient() throws {
        let harness = BackendHarness()
        _ = try harness.service.signUp(email: "jane@example.com", password: "old password")
        func reset(_ email: String, from client: String) throws {
            try EmbeddedBackend.$client.withValue(client) { try harness.service.sendPasswordResetEmail(email: email) }
        }
        for index in 0..<20 { try reset("someone-\(index)@example.com", from: "192.0.2.1") }
        // Known or not, the 21st is refused, with an answer that says nothing about the email, and mails nothing.
        for email in ["jane@example.com", "nobody@example.com"] {
            let refused = #expect(throws: IdentityBackendError.self) { try reset(email, from: "192.0.2.1") }
            #expect(refused?.code == .resetPasswordExceedLimit)
        }
        #expect(try harness.backend.outbox.messages().isEmpty)
        try reset("jane@example.com", from: "192.0.2.2")
        try harness.service.sendPasswordResetEmail(email: "jane@example.com")
        #expect(try harness.backend.outbox.messages().count == 2)
        harness.clock.advance(by: 3601)
        try reset("jane@example.com", from: "192.0.2.1")
        #expect(try harness.backend.outbox.messages().count == 3)
        // This machine is not one client among others: every client of a loopback server has its address.
        for index in 0..<25 { try reset("local-\(index)@example.com", from: "127.0.0.1") }
        // A malformed email is refused before it counts.
        for _ in 0..<25 {
            #expect(throws: IdentityBackendError.self) { try reset("not an email", from: "192.0.2.3") }
        }
        try reset("jane@example.com", from: "192.0.2.3")
    }

    @Test("a decoy mail for an unknown email leaves no file in a folder outbox")
    func decoyLeavesNothing() throws {
        let folder = TemporaryFolder(prefix: "signin-decoy")
        let backend = EmbeddedBackend.persistent(folder: folder.path, configuration: BackendHarness.fastConfiguration)
        try backend.identityService.sendPasswordResetEmail(email: "nobody@example.com")
        #expect(try backend.outbox.messages().isEmpty)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/outbox")) ?? []
        #expect(files.isEmpty, "\(files)")
    }

    @Test("a code expires after an hour; a weak new password is refused without using the code")
    func expiry() throws {
        let harness = BackendHarness()
        _ = try harness.service.signUp(email: "jane@example.com", password: "old password")
        try harness.service.sendPasswordResetEmail(email: "jane@example.com")
        let code = try resetCode(harness, to: "jane@example.com")
        #expect(throws: IdentityBackendError(.weakPassword, message: "tooShort")) {
            try harness.service.confirmPasswordReset(code: code, newPassword: "short")
        }
        harness.clock.advance(by: 3601)
        let expired = #expect(throws: IdentityBackendError.self) {
            try harness.service.confirmPasswordReset(code: code, newPassword: "new password")
        }
        #expect(expired?.code == .expiredOOBCode)
        _ = try harness.service.signInWithPassword(email: "jane@example.com", password: "old password")
    }

    @Test("made-up, empty and altered codes are refused", arguments: ["", "made-up", "AAAA"])
    func badCodes(code: String) throws {
        let harness = BackendHarness()
        _ = try harness.service.signUp(email: "jane@example.com", password: "old password")
        try harness.service.sendPasswordResetEmail(email: "jane@example.com")
        let error = #expect(throws: IdentityBackendError.self) {
            try harness.service.confirmPasswordReset(code: Secret(code), newPassword: "new password")
        }
        #expect(error?.code == .invalidOOBCode)
    }

    @Test(
        "deleting with a fresh authorization code revokes Sign in with Apple and removes the account, its identities and tokens"
    )
    func delete() throws {
        let harness = BackendHarness()
        let (issued, nonce) = try harness.authorize()
        let session = try harness.service.signInWithIdP(harness.request(issued, rawNonce: nonce))
        try harness.service.deleteAccount(
            idToken: session.idToken,
            revoking: ProviderRevocation(provider: .apple, authorizationCode: issued.authorizationCode))
        let state = try harness.service.snapshot()
        #expect(state.accounts.isEmpty)
        #expect(state.identities.isEmpty)
        #expect(state.refreshTokens.isEmpty)
        let appleUser = try harness.issuer.user().subject
        #expect(
            try harness.issuer.credentialState(forUserID: appleUser, clientID: harness.configuration.appleClientID)
                == .revoked)
        #expect(try harness.issuer.snapshot().issuedCodes.isEmpty)
        #expect(throws: IdentityBackendError.self) {
            try harness.service.deleteAccount(idToken: session.idToken, revoking: nil)
        }
    }

    /// The ways an authorization code can be wrong for a revocation.
    enum BadCode: String, CaseIterable {
        case unknown, used, expired, anotherApp
    }

    @Test(
        "a deletion whose revocation is refused deletes nothing and leaves Apple's authorization",
        arguments: BadCode.allCases)
    func deletionNeverHalfHappens(bad: BadCode) throws {
        let harness = BackendHarness()
        let (issued, nonce) = try harness.authorize()
        var session = try harness.service.signInWithIdP(harness.request(issued, rawNonce: nonce))
        var code = issued.authorizationCode
        switch bad {
        case .unknown:
            code = "c.made-up"
        case .used:
            // The code already revoked once (the authorization was then given again, with a new code).
            try harness.service.revokeToken(
                idToken: session.idToken, ProviderRevocation(provider: .apple, authorizationCode: code))
            _ = try harness.authorize()
        case .expired:
            harness.clock.advance(by: TimeInterval(EmbeddedAppleIssuer.codeLifetime + 1))
            // A new sign-in keeps the session recent; the first code stays expired.
            session = try harness.signIn(rawNonce: "raw-nonce-second-0123456789-abcdefg")
        case .anotherApp:
            code = try harness.issuer.authorize(clientID: "com.example.other", nonceSHA256: nil, shareEmail: true)
                .authorizationCode
        }
        let before = try harness.service.snapshot()
        let stateBefore = try harness.issuer.credentialState(
            forUserID: harness.issuer.user().subject, clientID: harness.configuration.appleClientID)
        let error = #expect(throws: IdentityBackendError.self) {
            try harness.service.deleteAccount(
                idToken: session.idToken, revoking: ProviderRevocation(provider: .apple, authorizationCode: code))
        }
        #expect(error?.code == .idpRevocationFailed)
        #expect(try harness.service.snapshot() == before)
        #expect(
            try harness.issuer.credentialState(
                forUserID: harness.issuer.user().subject, clientID: harness.configuration.appleClientID) == stateBefore)
    }

    @Test("deleting without a revocation leaves Apple's authorization as it is")
    func deletionWithoutRevocation() throws {
        let harness = BackendHarness()
        let session = try harness.signIn()
        try harness.service.deleteAccount(idToken: session.idToken, revoking: nil)
        #expect(try harness.service.snapshot().accounts.isEmpty)
        #expect(
            try harness.issuer.credentialState(
                forUserID: harness.issuer.user().subject, clientID: harness.configuration.appleClientID) == .authorized)
    }

    @Test("only an account with an Apple identity, and only Apple's tokens, can be revoked")
    func revocationNeedsAnAppleIdentity() throws {
        let harness = BackendHarness()
        let (issued, _) = try harness.authorize()
        let guest = try harness.service.signUpAnonymously()
        let noApple = #expect(throws: IdentityBackendError.self) {
            try harness.service.revokeToken(
                idToken: guest.idToken,
                ProviderRevocation(provider: .apple, authorizationCode: issued.authorizationCode))
        }
        #expect(noApple?.code == .idpRevocationFailed)
        let session = try harness.signIn()
        let google = #expect(throws: IdentityBackendError.self) {
            try harness.service.revokeToken(
                idToken: session.idToken,
                ProviderRevocation(provider: .google, authorizationCode: issued.authorizationCode))
        }
        #expect(google?.code == .idpRevocationFailed)
    }

    @Test("Apple's credential state: authorized, revoked after the user stops, not found for another user")
    func credentialState() throws {
        let harness = BackendHarness()
        let client = harness.configuration.appleClientID
        let user = try harness.issuer.user().subject
        #expect(try harness.issuer.credentialState(forUserID: user, clientID: client) == .notFound)
        _ = try harness.authorize()
        #expect(try harness.issuer.credentialState(forUserID: user, clientID: client) == .authorized)
        try harness.issuer.revokeAuthorization(clientID: client)
        #expect(try harness.issuer.credentialState(forUserID: user, clientID: client) == .revoked)
        #expect(try harness.issuer.credentialState(forUserID: "someone-else", clientID: client) == .notFound)
        // After a revocation the next authorization is a first one: Apple sends the name again.
        #expect(try harness.authorize(rawNonce: "after-revoke-0123456789-abcdefghij").0.fullName != nil)
    }
}

@Suite("Backend state migration and the outbox folder")
struct MigrationTests {
    @Test("a version 1 state file is migrated: accounts kept, a Google issuer added, the current version written back")
    func migratesVersion1() throws {
        let temporary = TemporaryFolder(prefix: "signin-v1")
        let folder = temporary.path
        // A version 1 document as the previous release wrote it (no Google, no reset codes, no revocations).
        let v1 = """
            {"version":1,"sessionKey":"c2Vzc2lvbi1rZXktMDEyMzQ1Njc4OWFiY2RlZmdoaWo",
             "apple":{"signingKey":"YXBwbGUta2V5LTAxMjM0NTY3ODlhYmNkZWZnaGlqa2w","authorizedClients":{"com.example.signin-demo":true},
               "user":{"subject":"001.abc.002","name":{"givenName":"Jane"},"email":"jane@example.com",
                       "privateRelayEmail":"x@privaterelay.appleid.com"}},
             "identity":{"accounts":{"U1":{"uid":"U1","emailVerified":true,"isAnonymous":false,
                 "createdAt":"2026-01-01T00:00:00Z","identities":[{"providerId":"apple.com","subject":"001.abc.002"}]}},
               "identities":{"apple.com|001.abc.002":"U1"},"refreshTokens":{},"usedNonces":{}}}
            """
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try PlantedFile.regular(Array(v1.utf8), at: "\(folder)/backend.json")
        let storage = SQLiteBackendStateStorage(folder: folder) { .fresh(random: SeededRandomBytes()) }
        let harness = BackendHarness(storage: storage)

        #expect(try harness.service.account(uid: "U1")?.identities.first?.subject == "001.abc.002")
        #expect(try harness.backend.googleIssuer.accounts().count == 2)
        // Imported into the database, migrated; the old document is kept aside as it was.
        #expect(try storage.read { $0.version } == EmbeddedBackendState.currentVersion)
        #expect(FileManager.default.contents(atPath: "\(folder)/backend.json.imported") == Data(v1.utf8))
        // The migrated installation works: a Google sign-in makes an account next to the old one.
        _ = try harness.service.signInWithIdP(harness.googleRequest())
        #expect(try harness.service.snapshot().accounts.count == 2)
    }

    @Test("a data folder whose path contains .eml keeps each mail and its .json twin inside the outbox")
    func emlInFolderPath() throws {
        let temporary = TemporaryFolder(prefix: "signin-outbox")
        let outboxFolder = "\(temporary.path)/x.eml/data/backend/outbox"
        // Where replacing ".eml" in the whole path would write the twin, made ready to receive it.
        let decoy = "\(temporary.path)/x.json/data/backend/outbox"
        try FileManager.default.createDirectory(atPath: decoy, withIntermediateDirectories: true)
        let outbox = FolderMailOutbox(folder: outboxFolder)
        let message = OutboxMessage(
            to: "a@b.co", subject: "Reset", body: "code 123456", link: "L", sentAt: Date(timeIntervalSince1970: 1))

        try outbox.deliver(message)

        #expect(try outbox.messages() == [message])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: outboxFolder).sorted() == ["1000.eml", "1000.json"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: decoy).isEmpty, "nothing is written outside")
    }

    @Test("the folder outbox writes each mail as a 0600 file and reads them back in order")
    func folderOutbox() throws {
        let temporary = TemporaryFolder(prefix: "signin-outbox")
        let folder = temporary.path
        let outbox = FolderMailOutbox(folder: folder)
        let first = OutboxMessage(
            to: "a@b.co", subject: "S1", body: "B", link: "L1", sentAt: Date(timeIntervalSince1970: 1))
        let second = OutboxMessage(
            to: "a@b.co", subject: "S2", body: "B", link: "L2", sentAt: Date(timeIntervalSince1970: 2))
        try outbox.deliver(second)
        try outbox.deliver(first)
        #expect(try outbox.messages().map(\.subject) == ["S1", "S2"])
        let path = try #require(outbox.newestMailPath())
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("Subject: S2"))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test("a mail file is a valid RFC 5322 message: CRLF lines, an RFC 5322 date, a Message-ID, MIME text in UTF-8")
    func rfc5322() throws {
        let message = OutboxMessage(
            to: "jane@example.com", subject: "Reset your signin-demo password", body: "Hello.\n\nsignin-demo://x",
            link: "signin-demo://x", sentAt: Date(timeIntervalSince1970: 1_795_392_000))
        let text = message.rendered
        let parts = text.components(separatedBy: "\r\n\r\n")
        #expect(parts.count >= 2)
        let headers = parts[0].components(separatedBy: "\r\n")
        func header(_ name: String) -> String? {
            headers.first { $0.hasPrefix(name + ": ") }.map { String($0.dropFirst(name.count + 2)) }
        }
        #expect(header("Date") == "Mon, 23 Nov 2026 00:00:00 +0000")
        #expect(
            header("Message-ID")?.hasPrefix("<") == true
                && header("Message-ID")?.hasSuffix("@signin-demo.invalid>") == true)
        #expect(header("MIME-Version") == "1.0")
        #expect(header("Content-Type") == "text/plain; charset=utf-8")
        #expect(header("From") != nil && header("To") == "<jane@example.com>" && header("Subject") != nil)
        // Every line ends with CRLF: no bare LF anywhere.
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(text.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 998 })
        // Two messages never share a Message-ID.
        let other = OutboxMessage(to: "a@b.co", subject: "S", body: "B", link: "L", sentAt: message.sentAt)
        #expect(other.messageID != message.messageID)
    }
}
