import Foundation
import SignInData
import SignInDataTesting
import SignInDomain
import SignInTesting
import Testing

@Suite("Google, guest and email/password auth providers")
struct ProviderTests {
    let reportIssue: IssueReporter = { Issue.record(Comment(rawValue: $0)) }
    let clock = TestClock()
    let google = AuthCredential(provider: .google, idToken: "google-id", accessToken: "google-access")

    @Test("Google signs in at signInWithIdp as google.com with the ID and access tokens, no nonce")
    func googleSignIn() async throws {
        let backend = SpyIdentityBackend(result: .success(.fixture(providerIds: ["google.com"])))
        let session = try await GoogleAuthProvider(backend: backend, linking: backend, clock: clock).signIn(
            with: google)
        #expect(session.providerIds == [.google])
        #expect(
            await backend.requests == [
                IdPSignInRequest(providerId: "google.com", idToken: "google-id", accessToken: "google-access")
            ])
    }

    @Test("Google links with the session's ID token; a credential owned elsewhere is returned in the error")
    func googleLink() async throws {
        let backend = SpyIdentityBackend(result: .success(.fixture(providerIds: ["google.com"])))
        _ = try await GoogleAuthProvider(backend: backend, linking: backend).link(google, to: .fixture())
        #expect(
            await backend.calls == [
                .linkWithIdP(
                    idToken: "fixture-id-token",
                    IdPSignInRequest(providerId: "google.com", idToken: "google-id", accessToken: "google-access"))
            ])
        let owned = StubIdentityBackend(result: .failure(IdentityBackendError(.credentialAlreadyInUse)))
        await #expect(throws: AuthError.credentialAlreadyInUse(google)) {
            try await GoogleAuthProvider(backend: owned, linking: owned).link(google, to: .fixture())
        }
    }

    @Test("the generic provider sends any provider's token under its id, and names that provider in its errors")
    func genericProvider() async throws {
        let acme = ProviderType(rawValue: "oidc.acme")
        let backend = SpyIdentityBackend(result: .success(.fixture(providerIds: ["oidc.acme"])))
        let provider = IdPAuthProvider(type: acme, backend: backend, linking: backend, clock: clock)
        let session = try await provider.signIn(with: AuthCredential(provider: acme, idToken: "acme-id", rawNonce: "n"))
        #expect(provider.type == acme && session.providerIds == [acme])
        #expect(
            await backend.requests == [IdPSignInRequest(providerId: "oidc.acme", idToken: "acme-id", rawNonce: "n")])
        await #expect(throws: AuthError.missingIdentityToken(acme)) {
            try await provider.signIn(with: AuthCredential(provider: acme))
        }
        let refused = StubIdentityBackend(result: .failure(IdentityBackendError(.unsupportedProvider)))
        await #expect(throws: AuthError.operationNotAllowed(acme)) {
            try await IdPAuthProvider(type: acme, backend: refused, linking: refused).signIn(
                with: AuthCredential(provider: acme, idToken: "acme-id"))
        }
    }

    @Test("the guest provider creates a guest account")
    func anonymous() async throws {
        let backend = SpyIdentityBackend(result: .success(.fixture(providerIds: [], isAnonymous: true)))
        let session = try await AnonymousAuthProvider(backend: backend).signIn(
            with: AuthCredential(provider: .anonymous))
        #expect(session.isAnonymous)
        #expect(await backend.calls == [.signUpAnonymously])
    }

    @Test("the custom-token provider sends the token; without one it makes no call; a refused one says so")
    func customToken() async throws {
        let backend = SpyIdentityBackend(result: .success(.fixture(providerIds: [])))
        let session = try await CustomTokenAuthProvider(backend: backend).signIn(
            with: AuthCredential(provider: .customToken, idToken: "minted-by-the-team-server"))
        #expect(await backend.calls == [.signInWithCustomToken("minted-by-the-team-server")])
        #expect(!session.isAnonymous)
        let untouched = SpyIdentityBackend(result: .success(.fixture()))
        await #expect(throws: AuthError.missingIdentityToken(.customToken)) {
            try await CustomTokenAuthProvider(backend: untouched).signIn(with: AuthCredential(provider: .customToken))
        }
        #expect(await untouched.calls.isEmpty)
        let refused = StubIdentityBackend(result: .failure(IdentityBackendError(.invalidCustomToken)))
        await #expect(throws: AuthError.invalidCustomToken) {
            try await CustomTokenAuthProvider(backend: refused).signIn(
                with: AuthCredential(provider: .customToken, idToken: "expired"))
        }
    }

    @Test("email sign-in checks the email before any call, then signs in with the password")
    func emailSignIn() async throws {
        await #expect(throws: AuthError.invalidEmail) {
            try await EmailPasswordAuthProvider(
                backend: FailingIdentityBackend(reportIssue: reportIssue),
                linking: FailingIdentityBackend(reportIssue: reportIssue)
            )
            .signIn(with: AuthCredential(provider: .emailPassword, email: "nope", password: "whatever1"))
        }
        let backend = SpyIdentityBackend(result: .success(.fixture(providerIds: ["password"])))
        _ = try await EmailPasswordAuthProvider(backend: backend, linking: backend)
            .signIn(with: AuthCredential(provider: .emailPassword, email: " a@b.co", password: "whatever1"))
        #expect(await backend.calls == [.signInWithPassword(email: "a@b.co", password: "whatever1")])
    }

    @Test("a wrong password and an unknown email are the same error")
    func wrongCredentials() async {
        let backend = StubIdentityBackend(result: .failure(IdentityBackendError(.invalidLoginCredentials)))
        await #expect(throws: AuthError.wrongCredentials) {
            try await EmailPasswordAuthProvider(backend: backend, linking: backend)
                .signIn(with: AuthCredential(provider: .emailPassword, email: "a@b.co", password: "whatever1"))
        }
    }

    @Test("linking email checks the policy before any call, and an email in use is its own error")
    func emailLink() async {
        await #expect(throws: AuthError.weakPassword(.allSameCharacter)) {
            try await EmailPasswordAuthProvider(
                backend: FailingIdentityBackend(reportIssue: reportIssue),
                linking: FailingIdentityBackend(reportIssue: reportIssue)
            )
            .link(AuthCredential(provider: .emailPassword, email: "a@b.co", password: "xxxxxxxxx"), to: .fixture())
        }
        let taken = StubIdentityBackend(result: .failure(IdentityBackendError(.emailExists)))
        await #expect(throws: AuthError.emailAlreadyInUse("a@b.co")) {
            try await EmailPasswordAuthProvider(backend: taken, linking: taken)
                .link(
                    AuthCredential(provider: .emailPassword, email: "a@b.co", password: "long enough 1"), to: .fixture()
                )
        }
    }
}

@Suite("The account services over the backend's ports")
struct BackendAccountServiceTests {
    @Test(
        "maps the backend's codes to AuthError",
        arguments: [
            (IdentityBackendError.Code.invalidOOBCode, AuthError.invalidResetCode),
            (.expiredOOBCode, .resetCodeExpired), (.weakPassword, .weakPassword(.tooShort)),
        ])
    func resetErrors(code: IdentityBackendError.Code, expected: AuthError) async {
        let backend = StubIdentityBackend(result: .success(.fixture()), error: IdentityBackendError(code))
        await #expect(throws: expected) {
            try await BackendPasswordResetService(backend: backend).confirmPasswordReset(code: "c", newPassword: "p")
        }
    }

    @Test("sign-up maps an email in use, unlink maps the last provider")
    func signUpAndUnlink() async {
        let taken = StubIdentityBackend(result: .failure(IdentityBackendError(.emailExists)))
        await #expect(throws: AuthError.emailAlreadyInUse("a@b.co")) {
            try await BackendSignUpService(backend: taken).signUp(email: "a@b.co", password: "p")
        }
        let last = StubIdentityBackend(result: .failure(IdentityBackendError(.lastProvider)))
        await #expect(throws: AuthError.cannotUnlinkLastProvider) {
            try await BackendUnlinkService(backend: last).unlink(.apple, from: .fixture())
        }
    }

    @Test("sends the session's ID token for unlink and delete, and the email for a reset")
    func calls() async throws {
        let backend = SpyIdentityBackend(result: .success(.fixture()))
        let features = backend.capabilities.features(sessions: .fixture(reportIssue: { _ in }), authProviders: [])
        _ = try await #require(features.account?.unlinkService).unlink(.google, from: .fixture())
        try await #require(features.account?.deletionService).deleteAccount(.fixture(), revoking: nil)
        try await #require(features.passwords?.resetService).sendPasswordReset(email: "a@b.co")
        #expect(
            await backend.calls == [
                .unlink(idToken: "fixture-id-token", providerId: "google.com"),
                .deleteAccount(idToken: "fixture-id-token", revoking: nil), .sendPasswordResetEmail("a@b.co"),
            ])
    }
}
