import Foundation
import SignInData
import SignInDataTesting
import SignInDomain
import SignInTesting
import Testing

@testable import SignInFirebase

/// Firebase's error answers, each mapped to the Domain's typed error, and the traps: failures that arrive with
/// HTTP 200, unknown codes, answers that are not Firebase's, no answer at all.
@Suite("FirebaseIdentityBackend: errors")
struct FirebaseErrorTests {
    /// The error a password sign-in gets from `answer`.
    func refusal(_ answer: Result<HTTPResponse, UnexpectedCallError>) async -> IdentityBackendError? {
        do {
            _ = try await Wire.backend(SpyHTTPTransport(responses: [answer]))
                .signInWithPassword(email: "jane@example.com", password: "pw secret 1")
            return nil
        } catch {
            return error as? IdentityBackendError
        }
    }

    static let mapped: [(String, AuthError)] = [
        ("INVALID_LOGIN_CREDENTIALS", .wrongCredentials),
        ("EMAIL_NOT_FOUND", .emailNotFound),
        ("INVALID_PASSWORD", .wrongPassword),
        ("USER_DISABLED", .userDisabled),
        ("USER_NOT_FOUND", .signedOut(.accountDeleted)),
        ("TOKEN_EXPIRED", .signedOut(.sessionExpired)),
        ("INVALID_ID_TOKEN", .signedOut(.sessionExpired)),
        ("CREDENTIAL_TOO_OLD_LOGIN_AGAIN", .recentSignInRequired(.emailPassword)),
        ("WEAK_PASSWORD : Password should be at least 6 characters", .weakPassword(.tooShort)),
        (
            "PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: [Password must contain a numeric character]",
            .weakPassword(.rejectedByBackend)
        ),
        ("INVALID_EMAIL", .invalidEmail),
        ("MISSING_OR_INVALID_NONCE : Duplicate credential received.", .invalidIdentityToken(.nonceMismatch)),
        ("INVALID_IDP_RESPONSE : The supplied auth credential is malformed", .invalidIdentityToken(.rejected)),
        ("INVALID_OOB_CODE", .invalidResetCode),
        ("EXPIRED_OOB_CODE", .resetCodeExpired),
        ("TOO_MANY_ATTEMPTS_TRY_LATER", .tooManyAttempts),
        ("RESET_PASSWORD_EXCEED_LIMIT", .tooManyResetEmails),
        ("OPERATION_NOT_ALLOWED", .operationNotAllowed(.emailPassword)),
        ("ADMIN_ONLY_OPERATION", .operationNotAllowed(.emailPassword)),
        ("INVALID_REFRESH_TOKEN", .refreshTokenRejected),
    ]

    /// EMAIL_EXISTS and the credential conflicts need the caller's context (the email, the credential): the
    /// providers map them, and the tests below check that they do.
    @Test("every code the operations can return becomes the Domain error it means", arguments: mapped)
    func mapping(message: String, expected: AuthError) async throws {
        let error = try #require(await refusal(Wire.failure(message)))
        #expect(error.code.rawValue == String(message.prefix { $0 != " " }))
        #expect(error.toDomain(provider: .emailPassword) == expected)
    }

    @Test(
        "CREDENTIAL_ALREADY_IN_USE and FEDERATED_USER_ID_ALREADY_LINKED as errors give the credential back",
        arguments: ["CREDENTIAL_ALREADY_IN_USE", "FEDERATED_USER_ID_ALREADY_LINKED"])
    func credentialConflict(code: String) async throws {
        let credential = AuthCredential(provider: .apple, idToken: "a", rawNonce: "n")
        await #expect(throws: AuthError.credentialAlreadyInUse(credential)) {
            let backend = Wire.backend(SpyHTTPTransport(responses: [Wire.failure(code)]))
            return try await AppleAuthProvider(backend: backend, linking: backend).link(credential, to: .fixture())
        }
    }

    @Test("the detail after ' : ' is kept as the message, without the password that was sent")
    func detail() async throws {
        let error = try #require(await refusal(Wire.failure("WEAK_PASSWORD : 'pw secret 1' is too weak")))
        #expect(error.code == .weakPassword)
        #expect(error.message == "'<redacted>' is too weak")
    }

    @Test("an unknown code keeps its text")
    func unknownCode() async throws {
        let error = try #require(await refusal(Wire.failure("QUOTA_EXCEEDED : Exceeded quota for email lookup.")))
        #expect(
            error.toDomain(provider: .emailPassword)
                == .backend(code: "QUOTA_EXCEEDED", message: "Exceeded quota for email lookup."))
    }

    @Test("Google's generic errors give their reason, and never the API key")
    func apiKeyInvalid() async throws {
        let body: [String: Any] = [
            "error": [
                "code": 400, "message": "API key not valid. Please pass a valid API key.", "status": "INVALID_ARGUMENT",
                "details": [["@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID"]],
            ]
        ]
        let error = try #require(await refusal(Wire.ok(body, status: 400)))
        #expect(error.code.rawValue == "API_KEY_INVALID")
        #expect(!String(describing: error).contains(Wire.apiKey))
    }

    @Test("an answer that is not Firebase's envelope is HTTP_<status>")
    func notAnEnvelope() async throws {
        let answer = HTTPResponse(
            status: 502, headers: ["Content-Type": "text/html"], body: Data("<h1>Bad gateway</h1>".utf8))
        let error = try #require(await refusal(.success(answer)))
        #expect(error.code.rawValue == "HTTP_502")
    }

    @Test("a 200 answer that is not JSON, or has no tokens, is not a session")
    func unreadableSuccess() async throws {
        let garbage = try #require(await refusal(.success(HTTPResponse(status: 200, body: Data("<html>".utf8)))))
        #expect(garbage.code.rawValue == "INVALID_RESPONSE")
        let noTokens = try #require(await refusal(Wire.ok(["localId": "u1"])))
        #expect(noTokens.code.rawValue == "INVALID_RESPONSE")
    }

    @Test(
        "trap: signInWithIdp's HTTP 200 with errorMessage is a failure, and linking maps it to the credential conflict")
    func errorMessageWith200() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.ok([
                "kind": "identitytoolkit#VerifyAssertionResponse", "providerId": "google.com",
                "errorMessage": "FEDERATED_USER_ID_ALREADY_LINKED",
            ])
        ])
        let backend = Wire.backend(spy)
        await #expect(throws: IdentityBackendError(.federatedUserIdAlreadyLinked)) {
            try await backend.linkWithIdP(idToken: "id", IdPSignInRequest(providerId: "google.com", idToken: "g"))
        }
        // Through the provider, the app gets the credential back, unused, to sign in to the owning account.
        let credential = AuthCredential(provider: .google, idToken: "g", rawNonce: "n")
        await #expect(throws: AuthError.credentialAlreadyInUse(credential)) {
            try await GoogleAuthProvider(backend: backend, linking: backend).link(credential, to: .fixture())
        }
        #expect(await spy.requests.count == 2, "no lookup after a failure")
    }

    @Test("trap: needConfirmation with no tokens is a failure naming the email, not a session")
    func needConfirmation() async throws {
        let spy = SpyHTTPTransport(responses: [
            Wire.ok([
                "kind": "identitytoolkit#VerifyAssertionResponse", "providerId": "google.com", "needConfirmation": true,
                "email": "jane@example.com", "localId": "u-existing",
            ])
        ])
        let credential = AuthCredential(provider: .google, idToken: "g", rawNonce: "n")
        await #expect(throws: AuthError.accountExistsWithDifferentCredential(email: "jane@example.com")) {
            try await GoogleAuthProvider(backend: Wire.backend(spy), linking: Wire.backend(spy)).signIn(
                with: credential)
        }
    }

    @Test("EMAIL_EXISTS on sign-up names the email; on linking, the provider says the email is in use")
    func emailExists() async throws {
        let spy = SpyHTTPTransport(responses: [Wire.failure("EMAIL_EXISTS")])
        await #expect(throws: AuthError.emailAlreadyInUse("jane@example.com")) {
            try await BackendSignUpService(backend: Wire.backend(spy)).signUp(
                email: "jane@example.com", password: "pw 123456")
        }
        await #expect(throws: AuthError.emailAlreadyInUse("jane@example.com")) {
            try await EmailPasswordAuthProvider(backend: Wire.backend(spy), linking: Wire.backend(spy)).link(
                AuthCredential(provider: .emailPassword, email: "jane@example.com", password: "long enough 1"),
                to: .fixture())
        }
    }

    @Test("a refresh refused with TOKEN_EXPIRED (tokens revoked) is a rejected refresh token: the app signs out")
    func refreshAfterRevocation() async throws {
        for code in ["TOKEN_EXPIRED", "INVALID_REFRESH_TOKEN", "INVALID_ID_TOKEN"] {
            let spy = SpyHTTPTransport(responses: [Wire.failure(code)])
            await #expect(throws: AuthError.refreshTokenRejected) {
                try await BackendSessionTokenService(backend: Wire.backend(spy)).refresh(.fixture())
            }
        }
        let disabled = SpyHTTPTransport(responses: [Wire.failure("USER_DISABLED")])
        await #expect(throws: AuthError.userDisabled) {
            try await BackendSessionTokenService(backend: Wire.backend(disabled)).refresh(.fixture())
        }
    }

    @Test("no answer is a network error that names neither the URL nor the key; cancellation stays cancellation")
    func network() async throws {
        let spy = SpyHTTPTransport(responses: [.failure(UnexpectedCallError("https://x/?key=\(Wire.apiKey) refused"))])
        do {
            _ = try await Wire.backend(spy).signUpAnonymously()
            Issue.record("expected a network error")
        } catch let AuthError.network(reason) {
            #expect(!reason.contains(Wire.apiKey) && !reason.contains("https"))
            #expect(reason.hasPrefix("accounts:signUp: no answer"))
        }

        let never = NeverAnsweringTransport()
        let task = Task { try await Wire.backend(SpyHTTPTransport(status: 200)).signUpAnonymously() }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        let waiting = Task {
            try await FirebaseIdentityBackend(
                configuration: FirebaseConfiguration(apiKey: "k"), transport: never
            ).signUpAnonymously()
        }
        try await Task.sleep(for: .milliseconds(20))
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }
}

extension FirebaseErrorTests {
    /// The transport would answer in an hour: only the timeout can end the call, and the time limit fails the test
    /// if it does not.
    @Test(
        "a transport that does not answer within the configured timeout is a network error, and is cancelled",
        .timeLimit(.minutes(5)))
    func timeout() async throws {
        let backend = FirebaseIdentityBackend(
            configuration: FirebaseConfiguration(apiKey: "k", timeout: 0.05), transport: NeverAnsweringTransport())
        do {
            _ = try await backend.signUpAnonymously()
            Issue.record("expected a timeout")
        } catch let AuthError.network(reason) {
            #expect(reason.hasPrefix("accounts:signUp: no answer"))
        }
    }
}

/// A transport whose answer never comes until the task is cancelled.
struct NeverAnsweringTransport: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await Task.sleep(for: .seconds(3600))
        return HTTPResponse(status: 200)
    }
}
