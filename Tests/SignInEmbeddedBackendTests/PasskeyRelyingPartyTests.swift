import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInLocking
import SignInTesting
import SignInWebAuthn
import Testing

/// A software authenticator for the relying party's tests: it answers the backend's requests as a device would, and
/// each knob makes its answer wrong in exactly one way.
struct TestAuthenticator {
    let key: P256SigningKey
    let credentialID: [UInt8]
    var origin = "https://signin.example"
    var rpID = "signin.example"
    var flags: AuthenticatorData.Flags = [.userPresent, .userVerified]
    var counter: UInt32 = 0
    /// The user handle assertions send, as a discoverable credential keeps it from its registration.
    var userHandle: [UInt8]?

    init(credentialID: [UInt8]? = nil) throws {
        key = try P256SigningKey.generate()
        self.credentialID = credentialID ?? Array(SystemRandomBytes().bytes(count: 32))
    }

    func registration(_ request: PasskeyCreationRequest, type: String = CollectedClientData.createType)
        -> PasskeyRegistration
    {
        let data = AuthenticatorData(
            rpID: rpID, flags: flags, signCount: counter,
            attestedCredentialData: .init(credentialID: credentialID, publicKey: COSEKey(publicKey: key.publicKey)))
        let clientData = CollectedClientData(type: type, challenge: request.challenge, origin: origin).jsonBytes()
        return PasskeyRegistration(
            credentialID: credentialID, clientDataJSON: clientData,
            attestationObject: AttestationObject(authenticatorData: data, statement: .none).encoded())
    }

    func assertion(
        _ request: PasskeyAssertionRequest, signer: P256SigningKey? = nil, userHandle: [UInt8]? = nil,
        type: String = CollectedClientData.getType
    ) throws -> PasskeyAssertion {
        let data = AuthenticatorData(rpID: rpID, flags: flags, signCount: counter).rawBytes
        let clientData = CollectedClientData(type: type, challenge: request.challenge, origin: origin).jsonBytes()
        let signature = try (signer ?? key).signature(for: data + SHA256.hash(clientData))
        return PasskeyAssertion(
            credentialID: credentialID, clientDataJSON: clientData, authenticatorData: data, signature: signature,
            userHandle: userHandle ?? self.userHandle)
    }
}

/// The embedded backend as a WebAuthn relying party: registration, discoverable sign-in, and each attack refused.
@Suite("Passkeys: the relying party")
struct PasskeyRelyingPartyTests {
    let harness = BackendHarness()
    var service: EmbeddedIdentityService { harness.service }
    let password: Secret = "correct horse battery"

    /// An email account with a registered passkey.
    func registered(_ email: String = "ada@example.com", authenticator: TestAuthenticator? = nil) throws
        -> (session: BackendSessionResponse, authenticator: TestAuthenticator)
    {
        let session = try service.signUp(email: email, password: password)
        var device = try authenticator ?? TestAuthenticator()
        let request = try service.startPasskeyEnrollment(idToken: session.idToken)
        device.userHandle = request.userID
        let after = try service.finalizePasskeyEnrollment(
            idToken: session.idToken, registration: device.registration(request), name: "Laptop")
        return (after, device)
    }

    /// The passkey rejection `body` throws; `nil` when it throws none or another error.
    func rejection(_ body: () throws -> Void) -> PasskeyRejection? {
        do {
            try body()
            return nil
        } catch {
            return (error as? IdentityBackendError)?.passkeyRejection
        }
    }

    func code(_ body: () throws -> Void) -> IdentityBackendError.Code? {
        do {
            try body()
            return nil
        } catch {
            return (error as? IdentityBackendError)?.code
        }
    }

    // MARK: - The ceremonies

    @Test("a registered passkey signs its account in, discoverably, with no password")
    func registerThenSignIn() throws {
        var (session, device) = try registered()
        #expect(try service.passkeys(idToken: session.idToken).map(\.name) == ["Laptop"])
        let request = try service.startPasskeySignIn()
        #expect(request.allowedCredentialIDs.isEmpty)
        #expect(request.relyingPartyID == "signin.example")
        device.counter = 1
        let signedIn = try service.finalizePasskeySignIn(
            device.assertion(request, userHandle: Array(session.localId.utf8)))
        #expect(signedIn.localId == session.localId)
        #expect(signedIn.signInProvider == "passkey")
    }

    @Test("the creation request binds the account and lists its passkeys to exclude")
    func creationRequest() throws {
        let (session, device) = try registered()
        let request = try service.startPasskeyEnrollment(idToken: session.idToken)
        #expect(request.userID == Array(session.localId.utf8))
        #expect(request.excludedCredentialIDs == [device.credentialID])
        #expect(request.requiresUserVerification)
        #expect(request.challenge.count >= 16)
    }

    @Test("a guest cannot register a passkey")
    func guestRefused() throws {
        let guest = try service.signUpAnonymously()
        #expect(code { _ = try service.startPasskeyEnrollment(idToken: guest.idToken) } == .unsupportedFirstFactor)
    }

    @Test("registering needs a recent sign-in")
    func recentSignIn() throws {
        let session = try service.signUp(email: "ada@example.com", password: password)
        harness.clock.advance(by: 3000)
        let refreshed = try service.refreshSession(refreshToken: session.refreshToken)
        #expect(code { _ = try service.startPasskeyEnrollment(idToken: refreshed.idToken) } == .credentialTooOld)
    }

    @Test("the same credential cannot be registered twice, nor for another account")
    func duplicateCredential() throws {
        let (_, device) = try registered()
        let other = try service.signUp(email: "bob@example.com", password: password)
        let request = try service.startPasskeyEnrollment(idToken: other.idToken)
        #expect(
            code {
                _ = try service.finalizePasskeyEnrollment(
                    idToken: other.idToken, registration: device.registration(request), name: "stolen")
            } == .passkeyAlreadyExists)
    }

    @Test("an account has at most the configured number of passkeys")
    func limit() throws {
        var configuration = BackendHarness.fastConfiguration
        configuration.passkeys.maximumPerAccount = 2
        let limited = BackendHarness(configuration: configuration)
        let session = try limited.service.signUp(email: "ada@example.com", password: password)
        for count in 1...3 {
            let request = try limited.service.startPasskeyEnrollment(idToken: session.idToken)
            let attempt = {
                _ = try limited.service.finalizePasskeyEnrollment(
                    idToken: session.idToken, registration: try TestAuthenticator().registration(request), name: "")
            }
            if count <= 2 {
                try attempt()
            } else {
                #expect(code(attempt) == .tooManyPasskeys)
            }
        }
        #expect(
            try limited.service.passkeys(idToken: session.idToken).map(\.name) == ["", ""],
            "no name given: the screen names them")
    }

    @Test("a removed passkey signs nobody in, and removing it ends the account's other sessions")
    func removed() throws {
        var (session, device) = try registered()
        // Another device's session, say the one lost with the passkey.
        let other = try service.signInWithPassword(email: "ada@example.com", password: password)
        let id = try #require(try service.passkeys(idToken: session.idToken).first?.id)
        let after = try service.deletePasskey(idToken: session.idToken, credentialID: id)
        #expect(code { _ = try service.refreshSession(refreshToken: other.refreshToken) } == .invalidRefreshToken)
        #expect(try service.passkeys(idToken: after.idToken).isEmpty, "the caller's new session goes on")
        device.counter = 1
        let request = try service.startPasskeySignIn()
        #expect(code { _ = try service.finalizePasskeySignIn(device.assertion(request)) } == .passkeyNotFound)
    }

    // MARK: - Attacks on challenges

    @Test("a challenge works once: a replayed assertion is refused")
    func replayedAssertion() throws {
        var (_, device) = try registered()
        device.counter = 1
        let request = try service.startPasskeySignIn()
        let assertion = try device.assertion(request)
        _ = try service.finalizePasskeySignIn(assertion)
        #expect(rejection { _ = try service.finalizePasskeySignIn(assertion) } == .challengeExpired)
    }

    @Test("a failed finalize still uses up its challenge")
    func failedAttemptConsumes() throws {
        var (_, device) = try registered()
        device.counter = 1
        let request = try service.startPasskeySignIn()
        var wrongOrigin = device
        wrongOrigin.origin = "https://evil.example"
        #expect(rejection { _ = try service.finalizePasskeySignIn(wrongOrigin.assertion(request)) } != nil)
        #expect(rejection { _ = try service.finalizePasskeySignIn(device.assertion(request)) } == .challengeExpired)
    }

    @Test("a finalize naming no registered passkey writes nothing: its challenge is still the device's to use")
    func unknownCredentialWritesNothing() throws {
        var (_, device) = try registered()
        device.counter = 1
        let request = try service.startPasskeySignIn()
        let before = try harness.backend.storage.read { state throws(IdentityBackendError) in state }
        var stranger = try TestAuthenticator()
        stranger.userHandle = device.userHandle
        #expect(code { _ = try service.finalizePasskeySignIn(stranger.assertion(request)) } == .passkeyNotFound)
        let after = try harness.backend.storage.read { state throws(IdentityBackendError) in state }
        #expect(before == after, "a stranger's request changed the state")
        _ = try service.finalizePasskeySignIn(device.assertion(request))
    }

    @Test("an expired challenge is refused")
    func expiredChallenge() throws {
        var (_, device) = try registered()
        device.counter = 1
        let request = try service.startPasskeySignIn()
        harness.clock.advance(by: harness.configuration.passkeys.challengeLifetime + 1)
        #expect(rejection { _ = try service.finalizePasskeySignIn(device.assertion(request)) } == .challengeExpired)
    }

    @Test("a challenge the backend did not make is refused")
    func forgedChallenge() throws {
        var (_, device) = try registered()
        device.counter = 1
        var request = try service.startPasskeySignIn()
        request.challenge[12] ^= 0x01
        #expect(rejection { _ = try service.finalizePasskeySignIn(device.assertion(request)) } == .challengeExpired)
    }

    @Test("a registration challenge does not sign in, and a sign-in challenge does not register")
    func purposeBound() throws {
        let (session, device) = try registered()
        let creation = try service.startPasskeyEnrollment(idToken: session.idToken)
        var signing = device
        signing.counter = 1
        let asSignIn = PasskeyAssertionRequest(relyingPartyID: "signin.example", challenge: creation.challenge)
        #expect(rejection { _ = try service.finalizePasskeySignIn(signing.assertion(asSignIn)) } == .challengeExpired)
        let fresh = try TestAuthenticator()
        var request = creation
        request.challenge = try service.startPasskeySignIn().challenge
        #expect(
            rejection {
                _ = try service.finalizePasskeyEnrollment(
                    idToken: session.idToken, registration: fresh.registration(request), name: "x")
            } == .challengeExpired)
    }

    @Test("a registration challenge made for one account does not register for another")
    func accountBound() throws {
        let ada = try service.signUp(email: "ada@example.com", password: password)
        let bob = try service.signUp(email: "bob@example.com", password: password)
        let adaRequest = try service.startPasskeyEnrollment(idToken: ada.idToken)
        let device = try TestAuthenticator()
        #expect(
            rejection {
                _ = try service.finalizePasskeyEnrollment(
                    idToken: bob.idToken, registration: device.registration(adaRequest), name: "x")
            } == .challengeExpired)
    }

    // MARK: - Attacks on the proof

    @Test("a discoverable sign-in without its user handle is refused as malformed, not as another user's passkey")
    func missingUserHandle() throws {
        var (_, device) = try registered()
        device.counter = 1
        device.userHandle = nil
        do {
            _ = try service.finalizePasskeySignIn(device.assertion(try service.startPasskeySignIn()))
            Issue.record("an assertion without a user handle signed in")
        } catch {
            let refusal = error as? IdentityBackendError
            #expect(refusal?.code == .invalidPasskey && refusal?.passkeyRejection == .malformed, "\(error)")
        }
    }

    @Test("with user verification off, a passkey proving presence only is a first step: second factors are asked")
    func presenceOnlyMeetsSecondFactor() throws {
        var configuration = BackendHarness.fastConfiguration
        configuration.passkeys.requiresUserVerification = false
        let relaxed = BackendHarness(configuration: configuration)
        let session = try relaxed.service.signUp(email: "ada@example.com", password: password)
        var device = try TestAuthenticator()
        device.flags = [.userPresent]
        let request = try relaxed.service.startPasskeyEnrollment(idToken: session.idToken)
        device.userHandle = request.userID
        let registered = try relaxed.service.finalizePasskeyEnrollment(
            idToken: session.idToken, registration: device.registration(request), name: "Key")
        let enrollment = try relaxed.service.startTOTPEnrollment(idToken: registered.idToken)
        let secret = try #require(Base32.decode(enrollment.sharedSecretKey.value))
        let now = Int64(relaxed.clock.now().timeIntervalSince1970)
        _ = try relaxed.service.finalizeTOTPEnrollment(
            idToken: registered.idToken, sessionInfo: enrollment.sessionInfo,
            code: Secret(OneTimeCodeGenerator.standard.code(secret: secret, at: now)), displayName: nil)
        device.counter = 1
        #expect(
            code {
                _ = try relaxed.service.finalizePasskeySignIn(
                    device.assertion(try relaxed.service.startPasskeySignIn()))
            }
                == .secondFactorRequired)
        // With user verification, the passkey is both factors: no code is asked.
        device.counter = 2
        device.flags = [.userPresent, .userVerified]
        let signedIn = try relaxed.service.finalizePasskeySignIn(
            device.assertion(try relaxed.service.startPasskeySignIn()))
        #expect(signedIn.localId == session.localId)
    }

    @Test("two sign-ins racing with one counter: the one that writes second is refused")
    func counterRace() throws {
        let racing = RacingStorage(base: harness.backend.storage)
        let backend = EmbeddedBackend(
            storage: racing, configuration: harness.configuration, clock: harness.clock,
            random: SeededRandomBytes(seed: 7))
        let session = try backend.identityService.signUp(email: "ada@example.com", password: password)
        var device = try TestAuthenticator()
        let request = try backend.identityService.startPasskeyEnrollment(idToken: session.idToken)
        device.userHandle = request.userID
        _ = try backend.identityService.finalizePasskeyEnrollment(
            idToken: session.idToken, registration: device.registration(request), name: "Key")
        device.counter = 1
        let assertion = try device.assertion(try backend.identityService.startPasskeySignIn())
        // Between this sign-in's check and its write, another sign-in with the same counter writes first.
        let credentialID = Base64URL.encode(device.credentialID)
        racing.beforeNextUpdate(after: 1) { state in
            guard let uid = state.identity.accounts.keys(EmbeddedAccount.byPasskey, credentialID).first,
                var account = state.identity.accounts[uid]
            else { return }
            account.passkeys = account.passkeys?.map { record in
                var raced = record
                raced.signCount = 1
                return raced
            }
            state.identity.accounts[uid] = account
        }
        let error = #expect(throws: IdentityBackendError.self) {
            try backend.identityService.finalizePasskeySignIn(assertion)
        }
        #expect(error?.passkeyRejection == .clonedAuthenticator)
    }

    @Test("another origin or relying party id is refused")
    func wrongRelyingParty() throws {
        var (_, device) = try registered()
        device.counter = 1
        var otherOrigin = device
        otherOrigin.origin = "https://signin.example.evil.com"
        #expect(
            rejection { _ = try service.finalizePasskeySignIn(otherOrigin.assertion(try service.startPasskeySignIn())) }
                == .wrongRelyingParty)
        var otherRP = device
        otherRP.rpID = "evil.example"
        #expect(
            rejection { _ = try service.finalizePasskeySignIn(otherRP.assertion(try service.startPasskeySignIn())) }
                == .wrongRelyingParty)
    }

    @Test("a registration from another origin is refused and nothing is kept")
    func registrationWrongOrigin() throws {
        let session = try service.signUp(email: "ada@example.com", password: password)
        var device = try TestAuthenticator()
        device.origin = "https://evil.example"
        let request = try service.startPasskeyEnrollment(idToken: session.idToken)
        #expect(
            rejection {
                _ = try service.finalizePasskeyEnrollment(
                    idToken: session.idToken, registration: device.registration(request), name: "x")
            } == .wrongRelyingParty)
        #expect(try service.passkeys(idToken: session.idToken).isEmpty)
    }

    @Test("a signature by another key is refused")
    func otherKey() throws {
        var (_, device) = try registered()
        device.counter = 1
        let thief = try P256SigningKey.generate()
        #expect(
            rejection {
                _ = try service.finalizePasskeySignIn(device.assertion(try service.startPasskeySignIn(), signer: thief))
            } == .badSignature)
    }

    @Test("a cloned authenticator (the counter going back or standing still) is refused")
    func clonedAuthenticator() throws {
        var (_, device) = try registered()
        device.counter = 5
        _ = try service.finalizePasskeySignIn(device.assertion(try service.startPasskeySignIn()))
        for stale: UInt32 in [5, 4] {
            device.counter = stale
            #expect(
                rejection { _ = try service.finalizePasskeySignIn(device.assertion(try service.startPasskeySignIn())) }
                    == .clonedAuthenticator)
        }
        device.counter = 6
        _ = try service.finalizePasskeySignIn(device.assertion(try service.startPasskeySignIn()))
    }

    @Test("user presence and verification are required")
    func userPresence() throws {
        var (_, device) = try registered()
        device.counter = 1
        device.flags = [.userVerified]
        #expect(
            rejection { _ = try service.finalizePasskeySignIn(device.assertion(try service.startPasskeySignIn())) }
                == .userNotVerified)
        device.flags = [.userPresent]
        #expect(
            rejection { _ = try service.finalizePasskeySignIn(device.assertion(try service.startPasskeySignIn())) }
                == .userNotVerified)
    }

    @Test("a credential of another user: the user handle must be the credential's account")
    func otherUsersCredential() throws {
        var (_, adaDevice) = try registered("ada@example.com")
        let (bob, _) = try registered("bob@example.com")
        adaDevice.counter = 1
        #expect(
            code {
                _ = try service.finalizePasskeySignIn(
                    adaDevice.assertion(try service.startPasskeySignIn(), userHandle: Array(bob.localId.utf8)))
            } == .passkeyNotFound)
    }

    @Test("the ceremony types cannot be swapped")
    func swappedType() throws {
        var (_, device) = try registered()
        device.counter = 1
        #expect(
            rejection {
                _ = try service.finalizePasskeySignIn(
                    device.assertion(try service.startPasskeySignIn(), type: CollectedClientData.createType))
            } == .malformed)
    }

    @Test("a stored passkey moved to another account, or with another public key, signs nobody in")
    func tamperedRecord() throws {
        var (ada, device) = try registered("ada@example.com")
        let bob = try service.signUp(email: "bob@example.com", password: password)
        // Someone with write access to the rows moves Ada's passkey record to Bob's account, and signs in as Bob.
        try harness.backend.storage.update { state throws(IdentityBackendError) in
            guard var adaAccount = state.identity.accounts[ada.localId],
                var bobAccount = state.identity.accounts[bob.localId]
            else { return }
            bobAccount.passkeys = adaAccount.passkeys
            adaAccount.passkeys = nil
            state.identity.accounts[ada.localId] = adaAccount
            state.identity.accounts[bob.localId] = bobAccount
        }
        device.counter = 1
        #expect(
            code {
                _ = try service.finalizePasskeySignIn(
                    device.assertion(try service.startPasskeySignIn(), userHandle: Array(bob.localId.utf8)))
            } == .damagedRecord)

        // Or swaps a key of their own into the record where it is, and signs with that key.
        var (carol, carolDevice) = try registered("carol@example.com")
        let thiefKey = try P256SigningKey.generate()
        try harness.backend.storage.update { state throws(IdentityBackendError) in
            guard var account = state.identity.accounts[carol.localId] else { return }
            account.passkeys = account.passkeys?.map { record in
                var swapped = record
                swapped.publicKey = Base64URL.encode(COSEKey(publicKey: thiefKey.publicKey).encoded())
                return swapped
            }
            state.identity.accounts[carol.localId] = account
        }
        carolDevice.counter = 1
        #expect(
            code {
                _ = try service.finalizePasskeySignIn(
                    carolDevice.assertion(try service.startPasskeySignIn(), signer: thiefKey))
            } == .damagedRecord)
    }
}

/// A storage that lets a test run a change of its own just before one of the updates: another request that wins a
/// race.
final class RacingStorage: BackendStateStorage {
    typealias Change = @Sendable (inout EmbeddedBackendState) -> Void
    private let base: any BackendStateStorage
    private let pending = Locked<(skip: Int, change: Change)?>(nil)

    init(base: any BackendStateStorage) {
        self.base = base
    }

    /// Runs `change` in its own update just before the update that comes after `skip` more updates.
    func beforeNextUpdate(after skip: Int, _ change: @escaping Change) {
        pending.withLock { $0 = (skip, change) }
    }

    func read<T: Sendable>(_ body: (EmbeddedBackendState) throws(IdentityBackendError) -> T)
        throws(IdentityBackendError) -> T
    {
        try base.read(body)
    }

    func update<T: Sendable>(_ body: (inout EmbeddedBackendState) throws(IdentityBackendError) -> T)
        throws(IdentityBackendError) -> T
    {
        let due: Change? = pending.withLock { waiting in
            guard let current = waiting else { return nil }
            if current.skip > 0 {
                waiting = (current.skip - 1, current.change)
                return nil
            }
            waiting = nil
            return current.change
        }
        if let due { try base.update { state throws(IdentityBackendError) in due(&state) } }
        return try base.update(body)
    }
}
