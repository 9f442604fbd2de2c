import Foundation
import SignInDomain
import SignInInfrastructure
import Testing

@Suite("AppleAuthorizationMapper")
struct AppleAuthorizationMapperTests {
    func authorization(
        token: Data? = Data("header.payload.signature".utf8), name: PersonName? = nil, email: String? = nil
    ) -> AppleIDAuthorization {
        AppleIDAuthorization(
            user: "001.abc.002", identityToken: token, authorizationCode: Data("code".utf8), fullName: name,
            email: email)
    }

    @Test("an authorization becomes a credential with the token, the code and the raw nonce")
    func credential() throws {
        let outcome = try AppleAuthorizationMapper.outcome(
            for: .authorized(authorization(name: PersonName(givenName: "Jane"), email: "jane@example.com")),
            rawNonce: "raw")
        #expect(
            outcome
                == .credential(
                    AuthCredential(
                        provider: .apple, idToken: "header.payload.signature", rawNonce: "raw",
                        authorizationCode: "code", fullName: PersonName(givenName: "Jane"), email: "jane@example.com"
                    )))
    }

    @Test("an empty name and an empty email, as Apple sends after the first sign-in, become nil")
    func emptyProfile() throws {
        let outcome = try AppleAuthorizationMapper.outcome(
            for: .authorized(authorization(name: PersonName(givenName: "", familyName: nil), email: "")),
            rawNonce: "raw")
        guard case .credential(let credential) = outcome else {
            Issue.record("expected a credential")
            return
        }
        #expect(credential.fullName == nil)
        #expect(credential.email == nil)
    }

    @Test("the user's cancel (ASAuthorizationError 1001) is a cancel outcome, not an error")
    func cancel() throws {
        #expect(try AppleAuthorizationMapper.outcome(for: .failed(.canceled), rawNonce: "raw") == .cancelled)
        #expect(AppleIDAuthorizationFailure(code: 1001, message: "") == .canceled)
    }

    @Test("a missing or empty identity token is a typed error", arguments: [nil, Data()])
    func missingToken(token: Data?) {
        #expect(throws: AuthError.missingIdentityToken(.apple)) {
            try AppleAuthorizationMapper.outcome(for: .authorized(authorization(token: token)), rawNonce: "raw")
        }
    }

    @Test("a token that is not UTF-8 is malformed")
    func notUTF8() {
        #expect(throws: AuthError.invalidIdentityToken(.malformed)) {
            try AppleAuthorizationMapper.outcome(
                for: .authorized(authorization(token: Data([0xff, 0xfe, 0xfd]))), rawNonce: "raw")
        }
    }

    @Test("system failures are UI client failures that name the code")
    func failures() {
        #expect(throws: AuthError.uiClientFailed(.apple, reason: "no network")) {
            try AppleAuthorizationMapper.outcome(
                for: .failed(AppleIDAuthorizationFailure(code: 1004, message: "no network")), rawNonce: "raw")
        }
        #expect(throws: AuthError.uiClientFailed(.apple, reason: "ASAuthorizationError 1005: not interactive")) {
            try AppleAuthorizationMapper.outcome(
                for: .failed(AppleIDAuthorizationFailure(code: 1005, message: "not interactive")), rawNonce: "raw")
        }
    }

    @Test("code 1000 points at the capability; another domain and a controller gone without an answer say so")
    func unknownAndForeign() {
        #expect(
            throws: AuthError.uiClientFailed(
                .apple, reason: "ASAuthorizationError 1000 (unknown; is the Sign in with Apple capability on?)")
        ) {
            try AppleAuthorizationMapper.outcome(for: .failed(.other(code: 1000, message: "")), rawNonce: "raw")
        }
        #expect(throws: AuthError.uiClientFailed(.apple, reason: "NSURLErrorDomain -1009: offline")) {
            try AppleAuthorizationMapper.outcome(
                for: .failed(.foreign(domain: "NSURLErrorDomain", code: -1009, message: "offline")), rawNonce: "raw")
        }
        #expect(throws: AuthError.uiClientFailed(.apple, reason: "the authorization ended without an answer")) {
            try AppleAuthorizationMapper.outcome(for: AuthorizationResultBridge.endedWithoutAnswer, rawNonce: "raw")
        }
        #expect(AppleIDAuthorizationFailure(error: NoPresentationWindow()) == .noWindow)
        #expect(throws: AuthError.uiClientFailed(.apple, reason: "no window to show the sheet over")) {
            try AppleAuthorizationMapper.outcome(for: .failed(.noWindow), rawNonce: "raw")
        }
    }
}
