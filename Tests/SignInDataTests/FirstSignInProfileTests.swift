import Foundation
import SignInData
import SignInDataTesting
import SignInDomain
import SignInTesting
import Testing

@Suite("Apple's first-sign-in name is never lost")
struct FirstSignInProfileTests {
    let clock = TestClock()
    let name = PersonName(givenName: "Jane", familyName: "Appleseed")

    /// An identity token for Apple user `sub` (only its payload is read on this side).
    func token(sub: String) -> Secret {
        let payload = Base64URLText.encode(Data(#"{"sub":"\#(sub)","iss":"https://appleid.apple.com"}"#.utf8))
        return Secret("eyJhbGciOiJIUzI1NiJ9.\(payload).c2ln")
    }

    func credential(sub: String = "001.jane", firstTime: Bool) -> AuthCredential {
        AuthCredential(
            provider: .apple, idToken: token(sub: sub), rawNonce: "n", fullName: firstTime ? name : nil,
            email: firstTime ? "jane@privaterelay.appleid.com" : nil)
    }

    @Test("a first sign-in whose backend call fails keeps the name; the next sign-in of the same user sends it, once")
    func keptUntilASignInSucceeds() async throws {
        let stash = InMemoryFirstSignInProfileStash()
        let failing = StubIdentityBackend(result: .failure(IdentityBackendError(.storageUnavailable)))
        await #expect(throws: AuthError.self) {
            try await AppleAuthProvider(backend: failing, linking: failing, clock: clock, profiles: stash)
                .signIn(with: credential(firstTime: true))
        }
        #expect(await stash.profile(for: "apple.com:001.jane")?.fullName == name)

        // Apple sends no name the second time; the stash gives it back. The backend keeps no name here: the session
        // still has it.
        let backend = SpyIdentityBackend(result: .success(.fixture(displayName: nil, providerIds: ["apple.com"])))
        let apple = AppleAuthProvider(backend: backend, linking: backend, clock: clock, profiles: stash)
        let session = try await apple.signIn(with: credential(firstTime: false))
        #expect(session.displayName == "Jane Appleseed")
        #expect(await backend.requests.map(\.fullName) == [name])
        #expect(await backend.requests.map(\.email) == ["jane@privaterelay.appleid.com"])
        #expect(await stash.profile(for: "apple.com:001.jane") == nil)
        #expect(await stash.isEmpty())

        _ = try await apple.signIn(with: credential(firstTime: false))
        #expect(await backend.requests.map(\.fullName) == [name, nil])
    }

    @Test("another Apple user's sign-in does not get the kept name")
    func onlyTheSameUser() async throws {
        let stash = InMemoryFirstSignInProfileStash()
        await stash.keep(FirstSignInProfile(fullName: name), for: "apple.com:001.jane")
        let backend = SpyIdentityBackend(result: .success(.fixture(providerIds: ["apple.com"])))
        _ = try await AppleAuthProvider(backend: backend, linking: backend, clock: clock, profiles: stash)
            .signIn(with: credential(sub: "002.sam", firstTime: false))
        #expect(await backend.requests.map(\.fullName) == [nil])
        #expect(await stash.profile(for: "apple.com:001.jane")?.fullName == name)
    }

    @Test("a failed link or re-authentication keeps the name too; a successful one forgets it")
    func linkAndReauthentication() async throws {
        let stash = InMemoryFirstSignInProfileStash()
        let failing = StubIdentityBackend(result: .failure(IdentityBackendError(.credentialTooOld)))
        await #expect(throws: AuthError.self) {
            try await AppleAuthProvider(backend: failing, linking: failing, clock: clock, profiles: stash)
                .link(credential(firstTime: true), to: .fixture())
        }
        let backend = SpyIdentityBackend(result: .success(.fixture(providerIds: ["apple.com"])))
        _ = try await AppleAuthProvider(backend: backend, linking: backend, clock: clock, profiles: stash)
            .link(credential(firstTime: false), to: .fixture())
        let linked = await backend.calls.compactMap { call -> PersonName? in
            if case .linkWithIdP(_, let request) = call { request.fullName } else { nil }
        }
        #expect(linked == [name])
        #expect(await stash.profile(for: "apple.com:001.jane") == nil)
    }
}
