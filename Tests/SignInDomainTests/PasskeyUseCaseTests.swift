import Foundation
import SignInDomain
import SignInTesting
import Testing

@Suite("Passkey use cases")
struct PasskeyUseCaseTests {
    /// An error of the device's that is not an `AuthError`.

    let clock = TestClock()

    func manager(_ session: UserSession?) -> (SessionManager, SpySessionStore) {
        let store = SpySessionStore(session: session)
        return (SessionManager(store: store, tokenService: SpySessionTokenService(clock: clock), clock: clock), store)
    }

    var signedIn: UserSession {
        .fixture(
            uid: "u1", email: "ada@example.com", providerIds: [.emailPassword],
            tokens: .fixture(expiresAt: clock.now() + 3600), signInProvider: .emailPassword)
    }

    /// The session the backend answers after a change: new tokens, so that storing it shows.
    var afterwards: UserSession {
        var session = signedIn
        session.tokens = .fixture(idToken: "after-id", refreshToken: "after-refresh", expiresAt: clock.now() + 3600)
        return session
    }

    static func saves(_ store: SpySessionStore) async -> [UserSession] {
        await store.calls.compactMap { if case .save(let session) = $0 { session } else { nil } }
    }

    // MARK: - Registering

    @Test("registering: nobody signed in, or a guest, is refused before the backend or the device is asked")
    func registerRefused() async {
        let guest = UserSession.fixture(
            uid: "g", email: nil, providerIds: [], isAnonymous: true, tokens: .fixture(expiresAt: clock.now() + 3600))
        let service = SpyPasskeyService()
        let device = SpyPasskeyAuthenticator()
        await #expect(throws: AuthError.passkeyNeedsPermanentAccount) {
            _ = try await RegisterPasskeyUseCase(passkeys: service, authenticator: device, sessions: manager(guest).0)()
        }
        await #expect(throws: AuthError.notSignedIn) {
            _ = try await RegisterPasskeyUseCase(passkeys: service, authenticator: device, sessions: manager(nil).0)()
        }
        #expect(await service.calls.isEmpty)
        #expect(await device.requests.isEmpty)
    }

    @Test(
        "a dismissed sheet is a cancel: no finish call and nothing stored",
        arguments: [SpyPasskeyAuthenticator.Answer.cancel])
    func registerCancelled(answer: SpyPasskeyAuthenticator.Answer) async throws {
        let (sessions, store) = manager(signedIn)
        let service = SpyPasskeyService(session: .success(afterwards))
        let device = SpyPasskeyAuthenticator(answers: [answer])
        let register = RegisterPasskeyUseCase(passkeys: service, authenticator: device, sessions: sessions)
        #expect(try await register(name: "Laptop") == .cancelled)
        #expect(await service.calls == [.startRegistration(uid: "u1")])
        #expect(await device.registrationRequests == [.fixture()])
        #expect(await Self.saves(store).isEmpty)
        #expect(try await sessions.currentSession() == signedIn)
    }

    @Test("a registration shows the backend's request on the device, sends the device's answer and stores the session")
    func registers() async throws {
        let (sessions, store) = manager(signedIn)
        let request = PasskeyCreationRequest.fixture(challenge: [9, 8, 7], excludedCredentialIDs: [[1, 2]])
        let made = PasskeyRegistration.fixture(credentialID: [42, 43])
        let service = SpyPasskeyService(session: .success(afterwards), creationRequest: request)
        let device = SpyPasskeyAuthenticator(registration: made)
        let register = RegisterPasskeyUseCase(passkeys: service, authenticator: device, sessions: sessions)
        #expect(try await register(name: "Laptop") == .registered(afterwards))
        #expect(await device.requests == [.register(request)])
        #expect(
            await service.calls == [
                .startRegistration(uid: "u1"), .finishRegistration(made, name: "Laptop", uid: "u1"),
            ])
        #expect(await Self.saves(store) == [afterwards])
        #expect(try await sessions.currentSession() == afterwards)
    }

    @Test("an old sign-in signs in again with the password given, then starts again; without one, nothing is shown")
    func registerReauthenticates() async throws {
        let (sessions, _) = manager(signedIn)
        let service = SpyPasskeyService(
            session: .success(afterwards), failures: [AuthError.recentSignInRequired(.emailPassword)])
        let password = SpyAuthProvider(.emailPassword, result: .success(signedIn))
        let device = SpyPasskeyAuthenticator()
        let register = RegisterPasskeyUseCase(
            passkeys: service, authenticator: device, sessions: sessions, authProviders: [password])
        #expect(try await register(name: "Laptop", currentPassword: "correct horse") == .registered(afterwards))
        let reauthentications = await password.reauthentications
        #expect(reauthentications.map(\.uid) == ["u1"])
        #expect(reauthentications.first?.credential.password == "correct horse")
        #expect(
            await service.calls == [
                .startRegistration(uid: "u1"), .startRegistration(uid: "u1"),
                .finishRegistration(.fixture(), name: "Laptop", uid: "u1"),
            ])

        let asking = SpyPasskeyService(failures: [AuthError.recentSignInRequired(.emailPassword)])
        let untouched = SpyPasskeyAuthenticator()
        let withoutPassword = RegisterPasskeyUseCase(
            passkeys: asking, authenticator: untouched, sessions: manager(signedIn).0, authProviders: [password])
        await #expect(throws: AuthError.recentSignInRequired(.emailPassword)) { _ = try await withoutPassword() }
        #expect(await untouched.requests.isEmpty)
        #expect(await asking.calls == [.startRegistration(uid: "u1")])
    }

    @Test(
        "the name is trimmed, cleared of control characters and cut to 64 characters before it is sent",
        arguments: [
            ("  MacBook \n", "MacBook"), ("\t\n ", ""), ("", ""), ("Ada's 🔑 phone", "Ada's 🔑 phone"),
            ("Mac\u{0}Bo\u{7}ok", "MacBook"), ("\u{1B}[2Jwiped", "[2Jwiped"), ("line\u{85}break", "linebreak"),
            (String(repeating: "a", count: 100), String(repeating: "a", count: 64)),
            (" " + String(repeating: "é", count: 64) + "X", String(repeating: "é", count: 64)),
            (String(repeating: "🔑", count: 70), String(repeating: "🔑", count: 64)),
        ])
    func name(typed: String, sent: String) async throws {
        #expect(PasskeyName.normalized(typed) == sent)
        let service = SpyPasskeyService(session: .success(afterwards))
        let register = RegisterPasskeyUseCase(
            passkeys: service, authenticator: SpyPasskeyAuthenticator(), sessions: manager(signedIn).0)
        _ = try await register(name: typed)
        #expect(await service.calls.last == .finishRegistration(.fixture(), name: sent, uid: "u1"))
    }

    @Test("the device's and the backend's refusals pass as they are, and nothing is stored")
    func registerFailures() async throws {
        let (sessions, store) = manager(signedIn)
        let noPasskey = SpyPasskeyService()
        await #expect(throws: AuthError.noPasskeyAvailable) {
            _ = try await RegisterPasskeyUseCase(
                passkeys: noPasskey,
                authenticator: SpyPasskeyAuthenticator(answers: [.fail(AuthError.noPasskeyAvailable)]),
                sessions: sessions)()
        }
        #expect(await noPasskey.calls == [.startRegistration(uid: "u1")])
        let refusing = SpyPasskeyService(failures: [
            AuthError.passkeyAlreadyRegistered, AuthError.passkeyRejected(.unsupported),
        ])
        let refused = RegisterPasskeyUseCase(
            passkeys: refusing, authenticator: SpyPasskeyAuthenticator(), sessions: sessions)
        await #expect(throws: AuthError.passkeyAlreadyRegistered) { _ = try await refused() }
        await #expect(throws: AuthError.passkeyRejected(.unsupported)) { _ = try await refused() }
        #expect(await Self.saves(store).isEmpty)
    }

    // MARK: - Listing and removing

    @Test("listing answers the backend's passkeys in its order; nobody signed in is refused before any call")
    func list() async throws {
        let keys = [Passkey.fixture(), .fixture(id: "a2V5LTI", name: "Phone")]
        let service = SpyPasskeyService(passkeys: keys)
        #expect(try await ListPasskeysUseCase(passkeys: service, sessions: manager(signedIn).0)() == keys)
        #expect(await service.calls == [.passkeys(uid: "u1")])
        let idle = SpyPasskeyService(passkeys: keys)
        await #expect(throws: AuthError.notSignedIn) {
            _ = try await ListPasskeysUseCase(passkeys: idle, sessions: manager(nil).0)()
        }
        #expect(await idle.calls.isEmpty)
    }

    @Test("removing an id the account does not have is passkeyNotFound, and no removal is sent")
    func removeUnknown() async throws {
        let (sessions, store) = manager(signedIn)
        let service = SpyPasskeyService(session: .success(afterwards), passkeys: [.fixture()])
        let remove = RemovePasskeyUseCase(passkeys: service, sessions: sessions)
        await #expect(throws: AuthError.passkeyNotFound) { _ = try await remove(id: "someone-elses") }
        // An id that differs only in case is another credential: base64url is case-sensitive.
        await #expect(throws: AuthError.passkeyNotFound) { _ = try await remove(id: Passkey.fixture().id.lowercased()) }
        #expect(await service.calls == [.passkeys(uid: "u1"), .passkeys(uid: "u1")])
        #expect(await Self.saves(store).isEmpty)
    }

    @Test("removing a passkey of the account sends its id and stores the session afterwards")
    func remove() async throws {
        let (sessions, store) = manager(signedIn)
        let service = SpyPasskeyService(session: .success(afterwards), passkeys: [.fixture()])
        #expect(
            try await RemovePasskeyUseCase(passkeys: service, sessions: sessions)(id: Passkey.fixture().id)
                == afterwards)
        #expect(await service.calls == [.passkeys(uid: "u1"), .removePasskey(id: Passkey.fixture().id, uid: "u1")])
        #expect(await Self.saves(store) == [afterwards])
        let idle = SpyPasskeyService(passkeys: [.fixture()])
        await #expect(throws: AuthError.notSignedIn) {
            _ = try await RemovePasskeyUseCase(passkeys: idle, sessions: manager(nil).0)(id: Passkey.fixture().id)
        }
        #expect(await idle.calls.isEmpty)
    }

    @Test("an old sign-in at the removal signs in again with the password given, then removes")
    func removeReauthenticates() async throws {
        let (sessions, store) = manager(signedIn)
        // The list answers; the first removal is refused for an old sign-in.
        let service = SpyPasskeyService(
            session: .success(afterwards), passkeys: [.fixture()],
            failures: [nil, AuthError.recentSignInRequired(.emailPassword)])
        let password = SpyAuthProvider(.emailPassword, result: .success(signedIn))
        let remove = RemovePasskeyUseCase(passkeys: service, sessions: sessions, authProviders: [password])
        #expect(try await remove(id: Passkey.fixture().id, currentPassword: "correct horse") == afterwards)
        #expect(await password.reauthentications.first?.credential.password == "correct horse")
        let id = Passkey.fixture().id
        #expect(
            await service.calls == [
                .passkeys(uid: "u1"), .removePasskey(id: id, uid: "u1"), .removePasskey(id: id, uid: "u1"),
            ])
        #expect(await Self.saves(store).last == afterwards)
    }

    // MARK: - Signing in

    @Test(
        "a dismissed sign-in sheet is a cancel: no finish call and nobody signed in",
        arguments: [SpyPasskeyAuthenticator.Answer.cancel])
    func signInCancelled(answer: SpyPasskeyAuthenticator.Answer) async throws {
        let (sessions, store) = manager(nil)
        let service = SpyPasskeyService(session: .success(afterwards))
        let device = SpyPasskeyAuthenticator(answers: [answer])
        #expect(
            try await SignInWithPasskeyUseCase(passkeys: service, authenticator: device, sessions: sessions)()
                == .cancelled)
        #expect(await service.calls == [.startSignIn])
        #expect(await device.assertionRequests == [.fixture()])
        #expect(await store.calls.allSatisfy { $0 == .load })
        #expect(try await sessions.currentSession() == nil)
    }

    @Test("a sign-in shows the backend's request, sends the device's assertion and stores the session as a passkey's")
    func signsIn() async throws {
        let (sessions, store) = manager(nil)
        var answered = afterwards
        answered.signInProvider = nil
        let request = PasskeyAssertionRequest(relyingPartyID: "example.com", challenge: [1, 2, 3])
        let assertion = PasskeyAssertion.fixture(credentialID: [7, 7])
        let service = SpyPasskeyService(session: .success(answered), assertionRequest: request)
        let device = SpyPasskeyAuthenticator(assertion: assertion)
        let result = try await SignInWithPasskeyUseCase(passkeys: service, authenticator: device, sessions: sessions)()
        var expected = answered
        expected.signInProvider = .passkey
        #expect(result == .signedIn(expected))
        #expect(await device.requests == [.assert(request)])
        #expect(await service.calls == [.startSignIn, .finishSignIn(assertion)])
        #expect(await Self.saves(store) == [expected])

        // A provider the backend named is kept.
        let named = SpyPasskeyService(session: .success(afterwards))
        let kept = try await SignInWithPasskeyUseCase(
            passkeys: named, authenticator: SpyPasskeyAuthenticator(), sessions: manager(nil).0)()
        #expect(kept == .signedIn(afterwards))
    }

    @Test("errors pass as AuthError, nobody is signed in, and a refused start shows no sheet")
    func signInFailures() async throws {
        let (sessions, store) = manager(nil)
        let rejecting = SpyPasskeyService(failures: [AuthError.passkeyRejected(.clonedAuthenticator)])
        // The start fails: the device is never asked.
        let untouched = SpyPasskeyAuthenticator()
        await #expect(throws: AuthError.passkeyRejected(.clonedAuthenticator)) {
            _ = try await SignInWithPasskeyUseCase(passkeys: rejecting, authenticator: untouched, sessions: sessions)()
        }
        #expect(await untouched.requests.isEmpty)

        // The finish fails.
        for error in [AuthError.passkeyNotFound, .passkeyRejected(.badSignature), .userDisabled] {
            let service = SpyPasskeyService(failures: [nil, error])
            await #expect(throws: error) {
                _ = try await SignInWithPasskeyUseCase(
                    passkeys: service, authenticator: SpyPasskeyAuthenticator(), sessions: sessions)()
            }
            #expect(await service.calls == [.startSignIn, .finishSignIn(.fixture())])
        }

        // The device fails.
        for (thrown, expected) in [(AuthError.noPasskeyAvailable, AuthError.noPasskeyAvailable)] {
            let service = SpyPasskeyService()
            await #expect(throws: expected) {
                _ = try await SignInWithPasskeyUseCase(
                    passkeys: service, authenticator: SpyPasskeyAuthenticator(answers: [.fail(thrown)]),
                    sessions: sessions)()
            }
            #expect(await service.calls == [.startSignIn])
        }
        #expect(await Self.saves(store).isEmpty)
        #expect(try await sessions.currentSession() == nil)
    }
}
