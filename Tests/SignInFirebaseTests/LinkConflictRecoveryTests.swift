import Foundation
import SignInData
import SignInDataTesting
import SignInDomain
import SignInTesting
import Testing

@testable import SignInFirebase

/// Recovering from a refused link as Firebase's own SDKs do, from Firebase's documented answers (HTTP 200 with an
/// `errorMessage` when `returnIdpCredential` is set): the credential and email Firebase returns, not the ones sent.
@Suite("Recovering from a refused link, with Firebase's answers")
struct LinkConflictRecoveryTests {
    let guest = UserSession.fixture(uid: "guest-1", email: nil, providerIds: [], isAnonymous: true)

    @Test("FEDERATED_USER_ID_ALREADY_LINKED: the error carries Firebase's oauthIdToken and pendingToken, which sign in")
    func federatedUserIDAlreadyLinked() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.ok([
                "kind": "identitytoolkit#VerifyAssertionResponse", "providerId": "google.com",
                "federatedId": "https://accounts.google.com/1234", "email": "owner@gmail.com",
                "errorMessage": "FEDERATED_USER_ID_ALREADY_LINKED", "oauthIdToken": "returned.id.token",
                "pendingToken": "returned-pending-token",
            ]),
            Wire.tokens(uid: "owner-1", provider: "google.com"),
            Wire.lookup(uid: "owner-1", email: "owner@gmail.com", providers: [("google.com", "1234")]),
        ])
        let backend = Wire.backend(spy)
        let provider = IdPAuthProvider(type: .google, backend: backend, linking: backend)
        let sent = AuthCredential(provider: .google, idToken: "sent.id.token", rawNonce: "sent-raw-nonce")
        var returned: AuthCredential?
        do {
            _ = try await provider.link(sent, to: guest)
            Issue.record("the link was not refused")
        } catch AuthError.credentialAlreadyInUse(let credential) {
            returned = credential
        }
        let credential = try #require(returned)
        #expect(credential.idToken == "returned.id.token" && credential.pendingToken == "returned-pending-token")
        // The user switches to the account that has the identity, with what Firebase returned.
        let session = try await provider.signIn(with: credential)
        #expect(session.uid == "owner-1")
        let request = await spy.requests[1]
        Wire.expectCall(request, "accounts:signInWithIdp")
        let body = try Wire.json(request)
        #expect(body["pendingToken"] as? String == "returned-pending-token" && body["idToken"] == nil)
        #expect(Wire.form(try #require(body["postBody"] as? String))["id_token"] == "returned.id.token")
    }

    @Test("EMAIL_EXISTS: the error names the email Firebase returns, also for a credential that carries none")
    func emailExists() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.ok([
                "kind": "identitytoolkit#VerifyAssertionResponse", "providerId": "google.com",
                "email": "owner@example.com", "errorMessage": "EMAIL_EXISTS",
            ])
        ])
        let backend = Wire.backend(spy)
        let provider = IdPAuthProvider(type: .google, backend: backend, linking: backend)
        await #expect(throws: AuthError.emailAlreadyInUse("owner@example.com")) {
            try await provider.link(
                AuthCredential(provider: .google, idToken: "sent.id.token", rawNonce: "n"), to: guest)
        }
    }
}
