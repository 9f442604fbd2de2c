import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInTesting
import Testing

/// A signed-in user's display name and email at the embedded backend.
@Suite("Profile changes at the embedded backend")
struct ProfileUpdateTests {
    let harness = BackendHarness()
    var service: EmbeddedIdentityService { harness.service }

    @Test("a new name needs no recent sign-in; the session goes on with it")
    func name() throws {
        let session = try service.signUp(email: "sam@example.com", password: "sam password 1")
        harness.clock.advance(by: 3000)
        let refreshed = try service.refreshSession(refreshToken: session.refreshToken)
        let renamed = try service.updateProfile(idToken: refreshed.idToken, displayName: "Sam Rivera", email: nil)
        #expect(renamed.displayName == "Sam Rivera" && renamed.localId == session.localId)
        #expect(try service.verifySessionToken(renamed.idToken.value).name == "Sam Rivera")
        let cleared = try service.updateProfile(idToken: renamed.idToken, displayName: "", email: nil)
        #expect(cleared.displayName == nil)
    }

    @Test(
        "a new email needs a recent sign-in, is not verified, and the password signs in with it; a taken one is refused"
    )
    func email() throws {
        let session = try service.signUp(email: "sam@example.com", password: "sam password 1")
        _ = try service.signUp(email: "kim@example.com", password: "kim password 1")
        let taken = #expect(throws: IdentityBackendError.self) {
            try service.updateProfile(idToken: session.idToken, displayName: nil, email: "KIM@example.com")
        }
        #expect(taken?.code == .emailExists)
        let moved = try service.updateProfile(idToken: session.idToken, displayName: nil, email: "samuel@example.com")
        #expect(moved.email == "samuel@example.com")
        #expect(try service.account(uid: session.localId)?.emailVerified == false)
        #expect(
            try service.signInWithPassword(email: "samuel@example.com", password: "sam password 1").localId
                == session.localId)
        #expect(throws: IdentityBackendError.self) {
            try service.signInWithPassword(email: "sam@example.com", password: "sam password 1")
        }
        harness.clock.advance(by: 600)
        let fresh = try service.refreshSession(refreshToken: moved.refreshToken)
        let old = #expect(throws: IdentityBackendError.self) {
            try service.updateProfile(idToken: fresh.idToken, displayName: nil, email: "sam.r@example.com")
        }
        #expect(old?.code == .credentialTooOld)
    }
}
