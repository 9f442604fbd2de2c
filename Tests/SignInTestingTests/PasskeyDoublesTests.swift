import SignInData
import SignInDataTesting
import SignInDomain
import SignInTesting
import Testing

@Suite("Passkey doubles")
struct PasskeyDoublesTests {

    @Test("the authenticator double answers its script in order, repeats the last answer and records every request")
    func authenticator() async throws {
        let made = PasskeyRegistration.fixture(credentialID: [1])
        let signed = PasskeyAssertion.fixture(credentialID: [2])
        let device = SpyPasskeyAuthenticator(
            registration: made, assertion: signed, answers: [.complete, .cancel, .fail(AuthError.noPasskeyAvailable)])
        let create = PasskeyCreationRequest.fixture(challenge: [9])
        let get = PasskeyAssertionRequest.fixture(challenge: [8])
        #expect(try await device.register(create) == .completed(made))
        #expect(try await device.assert(get) == .cancelled)
        await #expect(throws: AuthError.noPasskeyAvailable) { try await device.assert(get) }
        await #expect(throws: AuthError.noPasskeyAvailable) { try await device.register(create) }
        #expect(await device.requests == [.register(create), .assert(get), .assert(get), .register(create)])
        #expect(await device.registrationRequests == [create, create])
        #expect(await device.assertionRequests == [get, get])

        let everything = SpyPasskeyAuthenticator(answers: [])
        #expect(try await everything.assert(.fixture()) == .completed(.fixture()))
        await #expect(throws: AuthError.tooManyPasskeys) {
            try await SpyPasskeyAuthenticator(answers: [.fail(.tooManyPasskeys)]).register(.fixture())
        }
    }

    @Test("the service double throws its failures first, a nil letting a call through, then answers as told")
    func service() async throws {
        let session = UserSession.fixture(uid: "s")
        let service = SpyPasskeyService(
            session: .success(session), passkeys: [.fixture()],
            failures: [nil, AuthError.passkeyNotFound, .userDisabled])
        #expect(try await service.startSignIn() == .fixture())
        await #expect(throws: AuthError.passkeyNotFound) { try await service.finishSignIn(.fixture()) }
        await #expect(throws: AuthError.userDisabled) { try await service.passkeys(for: .fixture(uid: "a")) }
        #expect(try await service.passkeys(for: .fixture(uid: "a")) == [.fixture()])
        #expect(try await service.startRegistration(for: .fixture(uid: "a")) == .fixture())
        #expect(try await service.finishRegistration(.fixture(), name: "n", for: .fixture(uid: "a")) == session)
        #expect(try await service.removePasskey(id: "k", for: .fixture(uid: "a")) == session)
        #expect(
            await service.calls == [
                .startSignIn, .finishSignIn(.fixture()), .passkeys(uid: "a"), .passkeys(uid: "a"),
                .startRegistration(uid: "a"), .finishRegistration(.fixture(), name: "n", uid: "a"),
                .removePasskey(id: "k", uid: "a"),
            ])
        let refusing = SpyPasskeyService(session: .failure(.userDisabled))
        await #expect(throws: AuthError.userDisabled) { try await refusing.finishSignIn(.fixture()) }
    }

    @Test("the backend double records the token, the name and the credential, and throws its failures first")
    func backend() async throws {
        let backend = SpyPasskeyBackend(
            session: .success(.fixture(localId: "u2")), passkeys: [.fixture()],
            failures: [IdentityBackendError(.credentialTooOld)])
        await #expect(throws: IdentityBackendError(.credentialTooOld)) {
            try await backend.startPasskeyEnrollment(idToken: "t1")
        }
        #expect(try await backend.startPasskeyEnrollment(idToken: "t1") == .fixture())
        #expect(
            try await backend.finalizePasskeyEnrollment(idToken: "t1", registration: .fixture(), name: "n").localId
                == "u2")
        #expect(try await backend.passkeys(idToken: "t1") == [.fixture()])
        #expect(try await backend.deletePasskey(idToken: "t1", credentialID: "k").localId == "u2")
        #expect(try await backend.startPasskeySignIn() == .fixture())
        #expect(try await backend.finalizePasskeySignIn(.fixture()).localId == "u2")
        #expect(
            await backend.calls == [
                .startPasskeyEnrollment(idToken: "t1"), .startPasskeyEnrollment(idToken: "t1"),
                .finalizePasskeyEnrollment(idToken: "t1", registration: .fixture(), name: "n"),
                .passkeys(idToken: "t1"), .deletePasskey(idToken: "t1", credentialID: "k"), .startPasskeySignIn,
                .finalizePasskeySignIn(.fixture()),
            ])
    }

    @Test("the stub backend offers passkeys: fixed requests, no passkeys, its result or error")
    func stub() async throws {
        let stub = StubIdentityBackend(result: .success(.fixture(localId: "u3")))
        #expect(stub.capabilities.passkeys != nil)
        #expect(try await stub.startPasskeyEnrollment(idToken: "t") == .fixture())
        #expect(try await stub.passkeys(idToken: "t").isEmpty)
        #expect(try await stub.finalizePasskeySignIn(.fixture()).localId == "u3")
        let failing = StubIdentityBackend(
            result: .failure(IdentityBackendError(.passkeyNotFound)), error: IdentityBackendError(.invalidPasskey))
        await #expect(throws: IdentityBackendError(.invalidPasskey)) { try await failing.startPasskeySignIn() }
        await #expect(throws: IdentityBackendError(.passkeyNotFound)) {
            try await failing.deletePasskey(idToken: "t", credentialID: "k")
        }
    }
}
