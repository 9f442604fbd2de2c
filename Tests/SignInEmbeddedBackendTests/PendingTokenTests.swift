import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInTesting
import Testing

/// A refused link's pending token signs in to the account that has the identity: once, for five minutes, at this
/// backend only, for that provider only.
@Suite("Pending tokens of refused links")
struct PendingTokenTests {
    let harness = BackendHarness()
    var service: EmbeddedIdentityService { harness.service }

    /// An owner with the Google identity, a guest, and the pending token the guest's refused link returned.
    func conflict() throws -> (owner: BackendSessionResponse, pendingToken: Secret, email: String?) {
        let owner = try service.signInWithIdP(harness.googleRequest("sam.rivera@gmail.com"))
        let guest = try service.signUpAnonymously()
        let error = #expect(throws: IdentityBackendError.self) {
            try service.linkWithIdP(idToken: guest.idToken, try harness.googleRequest("sam.rivera@gmail.com"))
        }
        #expect(error?.code == .credentialAlreadyInUse)
        return (owner, try #require(error?.pendingToken), error?.email)
    }

    func pendingSignIn(_ token: Secret, provider: String = "google.com") throws -> BackendSessionResponse {
        try service.signInWithIdP(IdPSignInRequest(providerId: provider, idToken: "", pendingToken: token))
    }

    @Test("it signs in to the owner, once; the refusal names the owner's email")
    func once() throws {
        let (owner, token, email) = try conflict()
        #expect(email == "sam.rivera@gmail.com")
        #expect(try pendingSignIn(token).localId == owner.localId)
        let replayed = #expect(throws: IdentityBackendError.self) { try pendingSignIn(token) }
        #expect(replayed?.code == .nonceAlreadyUsed)
    }

    @Test("attack: another provider, an expired token, another backend's or a tampered one is refused")
    func refusals() throws {
        let (_, token, _) = try conflict()
        let other = #expect(throws: IdentityBackendError.self) { try pendingSignIn(token, provider: "apple.com") }
        #expect(other?.code == .invalidIdPResponse)
        let foreignHarness = BackendHarness(seed: 9)
        let foreign = #expect(throws: IdentityBackendError.self) {
            try foreignHarness.service.signInWithIdP(
                IdPSignInRequest(providerId: "google.com", idToken: "", pendingToken: token))
        }
        #expect(foreign?.code == .invalidIdPResponse)
        let tampered = Secret(String(token.value.dropLast(2)) + "AA")
        #expect(throws: IdentityBackendError.self) { try pendingSignIn(tampered) }
        harness.clock.advance(by: TimeInterval(EmbeddedIdentityService.pendingTokenLifetime + 1))
        let expired = #expect(throws: IdentityBackendError.self) { try pendingSignIn(token) }
        #expect(expired?.code == .invalidIdPResponse)
    }
}
