import Foundation
import SignInData
import SignInDataTesting
import SignInDomain
import SignInTesting
import Testing

@Suite("Passkeys in the Data layer")
struct BackendPasskeyServiceTests {
    let clock = TestClock()
    let session = UserSession.fixture(
        uid: "u1", providerIds: [.emailPassword], tokens: .fixture(idToken: "id-u1"), signInProvider: .emailPassword)

    func service(_ backend: SpyPasskeyBackend) -> BackendPasskeyService {
        BackendPasskeyService(backend: backend, clock: clock)
    }

    /// Refusals and the reason they carry, as a value: the Data layer never reads a message's text (the Firebase
    /// client reads the wire's `reason: detail` into the value; see FirebasePasskeyTests).
    static let rejections: [(IdentityBackendError, PasskeyRejection)] =
        [
            (IdentityBackendError(.invalidPasskey, message: "clonedAuthenticator: text is not a reason"), .malformed),
            (IdentityBackendError(.invalidPasskey, message: ""), .malformed),
        ] + PasskeyRejection.allCases.map { (IdentityBackendError.passkey($0, "detail"), $0) }

    @Test(
        "a refused proof is passkeyRejected with the reason it carries; one that carries none is malformed",
        arguments: rejections)
    func rejection(error: IdentityBackendError, reason: PasskeyRejection) async {
        let signIn = service(SpyPasskeyBackend(failures: [error]))
        await #expect(throws: AuthError.passkeyRejected(reason)) { _ = try await signIn.finishSignIn(.fixture()) }
        let registration = service(SpyPasskeyBackend(failures: [error]))
        await #expect(throws: AuthError.passkeyRejected(reason)) {
            _ = try await registration.finishRegistration(.fixture(), name: "Laptop", for: session)
        }
    }

    @Test(
        "the backend's other refusals become the Domain's passkey errors",
        arguments: [
            (IdentityBackendError.Code.passkeyNotFound, AuthError.passkeyNotFound),
            (.passkeyAlreadyExists, .passkeyAlreadyRegistered), (.userDisabled, .userDisabled),
        ])
    func refusals(code: IdentityBackendError.Code, expected: AuthError) async {
        let signIn = service(SpyPasskeyBackend(failures: [IdentityBackendError(code)]))
        await #expect(throws: expected) { _ = try await signIn.finishSignIn(.fixture()) }
        let registration = service(SpyPasskeyBackend(failures: [IdentityBackendError(code)]))
        await #expect(throws: expected) {
            _ = try await registration.finishRegistration(.fixture(), name: "Laptop", for: session)
        }
        let removal = service(SpyPasskeyBackend(failures: [IdentityBackendError(code)]))
        await #expect(throws: expected) { _ = try await removal.removePasskey(id: "k1", for: session) }
    }

    @Test("an old sign-in asks the session's provider again; a guest needs a permanent account, not a second factor")
    func sensitive() async {
        for google in [true, false] {
            var session = self.session
            if google { session.signInProvider = .google }
            let provider: ProviderType = google ? .google : .emailPassword
            let tooOld = IdentityBackendError(.credentialTooOld)
            await #expect(throws: AuthError.recentSignInRequired(provider)) {
                _ = try await service(SpyPasskeyBackend(failures: [tooOld])).startRegistration(for: session)
            }
            await #expect(throws: AuthError.recentSignInRequired(provider)) {
                _ = try await service(SpyPasskeyBackend(failures: [tooOld])).removePasskey(id: "k1", for: session)
            }
        }
        let guest = IdentityBackendError(.unsupportedFirstFactor)
        await #expect(throws: AuthError.passkeyNeedsPermanentAccount) {
            _ = try await service(SpyPasskeyBackend(failures: [guest])).startRegistration(for: session)
        }
        await #expect(throws: AuthError.passkeyNeedsPermanentAccount) {
            _ = try await service(SpyPasskeyBackend(failures: [guest])).finishRegistration(
                .fixture(), name: "Laptop", for: session)
        }
    }

    @Test("what is not the backend's refusal passes unchanged")
    func foreign() async {
        let offline = AuthError.network(reason: "no route")
        await #expect(throws: offline) {
            _ = try await service(SpyPasskeyBackend(failures: [offline])).startSignIn()
        }
        await #expect(throws: offline) {
            _ = try await service(SpyPasskeyBackend(failures: [offline])).passkeys(for: session)
        }
    }

    @Test("every call sends the session's ID token, the name and the credential as they were given")
    func forwards() async throws {
        let request = PasskeyCreationRequest.fixture(challenge: [5, 6])
        let keys = [Passkey.fixture(), .fixture(id: "k2", name: "Phone")]
        var answer = BackendSessionResponse.fixture(localId: "u1", idToken: "id-after")
        answer.signInProvider = "password"
        let backend = SpyPasskeyBackend(session: .success(answer), passkeys: keys, creationRequest: request)
        let service = self.service(backend)
        #expect(try await service.startRegistration(for: session) == request)
        let registration = PasskeyRegistration.fixture(credentialID: [1, 2, 3])
        let registered = try await service.finishRegistration(registration, name: "Laptop", for: session)
        #expect(registered.uid == "u1" && registered.tokens.idToken == "id-after")
        #expect(registered.signInProvider == .emailPassword, "a registration is no passkey sign-in")
        #expect(try await service.passkeys(for: session) == keys)
        #expect(try await service.removePasskey(id: "k2", for: session).tokens.idToken == "id-after")
        #expect(
            await backend.calls == [
                .startPasskeyEnrollment(idToken: "id-u1"),
                .finalizePasskeyEnrollment(idToken: "id-u1", registration: registration, name: "Laptop"),
                .passkeys(idToken: "id-u1"), .deletePasskey(idToken: "id-u1", credentialID: "k2"),
            ])
    }

    @Test("a passkey sign-in is the passkey's when the backend does not name the provider; a named one is kept")
    func signInProvider() async throws {
        var unnamed = BackendSessionResponse.fixture(localId: "u9")
        unnamed.signInProvider = nil
        let request = PasskeyAssertionRequest(relyingPartyID: "example.com", challenge: [1])
        let backend = SpyPasskeyBackend(session: .success(unnamed), assertionRequest: request)
        #expect(try await service(backend).startSignIn() == request)
        let assertion = PasskeyAssertion.fixture(credentialID: [9])
        let session = try await service(backend).finishSignIn(assertion)
        #expect(session.uid == "u9" && session.signInProvider == .passkey)
        #expect(await backend.calls == [.startPasskeySignIn, .finalizePasskeySignIn(assertion)])

        var named = BackendSessionResponse.fixture()
        named.signInProvider = "passkey"
        #expect(
            try await service(SpyPasskeyBackend(session: .success(named))).finishSignIn(.fixture()).signInProvider
                == .passkey)
        named.signInProvider = "google.com"
        #expect(
            try await service(SpyPasskeyBackend(session: .success(named))).finishSignIn(.fixture()).signInProvider
                == .google)
    }

    @Test("the capabilities with a passkey port make the service; without it, none")
    func offered() async throws {
        let backend = StubIdentityBackend(result: .success(.fixture()))
        let passkeys = try #require(
            backend.capabilities.features(sessions: .fixture(reportIssue: { _ in }), authProviders: []).passkeys?
                .service)
        #expect(
            IdentityBackendCapabilities(sessions: backend, multiFactor: backend).features(
                sessions: .fixture(reportIssue: { _ in }), authProviders: []
            ).passkeys == nil)
        #expect(try await passkeys.startRegistration(for: session) == .fixture())
        #expect(try await passkeys.passkeys(for: session).isEmpty)
        let refusing = StubIdentityBackend(
            result: .failure(IdentityBackendError(.passkeyNotFound)), error: IdentityBackendError(.passkeyNotFound))
        let refused = try #require(
            refusing.capabilities.features(sessions: .fixture(reportIssue: { _ in }), authProviders: []).passkeys?
                .service)
        await #expect(throws: AuthError.passkeyNotFound) { _ = try await refused.finishSignIn(.fixture()) }
        await #expect(throws: AuthError.passkeyNotFound) { _ = try await refused.startSignIn() }
    }
}
