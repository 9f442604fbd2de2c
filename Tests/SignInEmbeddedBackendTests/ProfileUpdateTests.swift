import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInJOSE
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

    @Test("a photo URL: set by the user, in the ID token's picture, removed by an empty one; not a web URL is refused")
    func photo() throws {
        let session = try service.signUp(email: "sam@example.com", password: "sam password 1")
        let pictured = try service.updateProfile(
            idToken: session.idToken, displayName: nil, email: nil, photoURL: " https://example.com/sam.png ")
        #expect(pictured.photoURL == "https://example.com/sam.png")
        #expect(try service.verifySessionToken(pictured.idToken.value).picture == "https://example.com/sam.png")
        let refreshed = try service.refreshSession(refreshToken: pictured.refreshToken)
        #expect(refreshed.photoURL == "https://example.com/sam.png", "the photo stays in later sessions")
        for bad in [
            "javascript:alert(1)", "ftp://example.com/x", "https://", "https://user:pw@example.com/x",
            String(repeating: "a", count: 3000),
        ] {
            let refused = #expect(throws: IdentityBackendError.self) {
                try service.updateProfile(idToken: refreshed.idToken, displayName: nil, email: nil, photoURL: bad)
            }
            #expect(refused?.code == .invalidPhotoURL, "\(bad.prefix(20))")
        }
        let cleared = try service.updateProfile(idToken: refreshed.idToken, displayName: nil, email: nil, photoURL: "")
        #expect(cleared.photoURL == nil)
        #expect(try service.verifySessionToken(cleared.idToken.value).picture == nil)
    }

    @Test("an identity provider's picture fills a new account's photo; an administrator sets and removes one")
    func photoFromProviderAndAdministrator() throws {
        var configuration = BackendHarness.fastConfiguration
        configuration.acceptsUnsignedProviderTokens = true
        let lenient = BackendHarness(configuration: configuration)
        let token = #"{"sub":"p1","email":"pic@example.com","picture":"https://example.com/p1.jpg"}"#
        let session = try lenient.service.signInWithIdP(
            IdPSignInRequest(providerId: "google.com", idToken: Secret(token)))
        #expect(session.photoURL == "https://example.com/p1.jpg")
        let unsafe = #"{"sub":"p2","picture":"javascript:alert(1)"}"#
        #expect(
            try lenient.service.signInWithIdP(IdPSignInRequest(providerId: "google.com", idToken: Secret(unsafe)))
                .photoURL == nil, "a provider's picture that is not a web URL is not kept")

        let created = try service.createAccount(.init(email: "adm@example.com", photoURL: "http://example.com/a.png"))
        #expect(created.photoURL == "http://example.com/a.png")
        let removed = try service.updateAccount(uid: created.uid, .init(photoURL: ""))
        #expect(removed.photoURL == nil)
        #expect(throws: IdentityBackendError.self) { try service.createAccount(.init(photoURL: "file:///etc/passwd")) }
    }
}
