import Foundation
import SignInData
import SignInDataTesting
import SignInDomain
import SignInTesting
import Testing

@testable import SignInREST

/// The API's refusals in every shape (FastAPI's detail string and validation list, plain text, an empty body, a
/// proxy's HTML page), each mapped to the typed error it means for the call that got it; and answers that break
/// the contract, no answer, and no secret in any error.
@Suite("RESTIdentityBackend: errors")
struct RESTErrorTests {
    /// One port call that ends in `answer` on its first request.
    enum Call: String, CaseIterable, Sendable {
        case signIn, signUp, me, reset, forgot, delete, refresh
    }

    static func run(_ call: Call, _ answer: Result<HTTPResponse, UnexpectedCallError>) async -> IdentityBackendError? {
        switch call {
        case .me:
            // GET auth/me after a successful login.
            let spy = SpyHTTPTransport(responses: [API.tokens("access-1"), answer])
            return await API.backendError {
                _ = try await API.makeSUT(spy).signInWithPassword(email: API.email, password: Secret(API.password))
            }
        case .refresh:
            let spy = SpyHTTPTransport(responses: [answer])
            let handle = RESTSessionHandle(accessToken: "access-1", refreshToken: "refresh-1").encoded
            return await API.backendError {
                _ = try await API.makeSUT(spy) { $0.paths.refresh = "auth/refresh" }
                    .refreshSession(refreshToken: Secret(handle))
            }
        default:
            let sut = API.makeSUT(SpyHTTPTransport(responses: [answer]))
            return await API.backendError {
                switch call {
                case .signIn: _ = try await sut.signInWithPassword(email: API.email, password: Secret(API.password))
                case .signUp: _ = try await sut.signUp(email: API.email, password: Secret(API.password))
                case .reset: try await sut.confirmPasswordReset(code: "483920", newPassword: "new pass 99")
                case .forgot: try await sut.sendPasswordResetEmail(email: API.email)
                case .delete: try await sut.deleteAccount(idToken: "access-1", revoking: nil)
                case .me, .refresh: break
                }
            }
        }
    }

    typealias Answer = Result<HTTPResponse, UnexpectedCallError>

    // Computed, not stored: a stored static array of answers holding Data is reported by LeakSanitizer (the
    // Data's reference sits in an enum payload it cannot follow).
    static var mapped: [(Call, Answer, String)] {
        [
            (.signIn, API.detail("Incorrect email or password", status: 401), "INVALID_LOGIN_CREDENTIALS"),
            (.signIn, API.detail("Incorrect username or password", status: 400), "INVALID_LOGIN_CREDENTIALS"),
            (.signIn, API.validation("email", "value is not a valid email address"), "INVALID_EMAIL"),
            (.signIn, API.validation("password", "Field required", type: "missing"), "INVALID_LOGIN_CREDENTIALS"),
            (.signUp, API.detail("Email already registered", status: 409), "EMAIL_EXISTS"),
            (.signUp, API.detail("Email already registered", status: 400), "EMAIL_EXISTS"),
            (.signUp, API.detail("Something else", status: 400), "HTTP_400"),
            (
                .signUp,
                API.validation("password", "String should have at least 8 characters", type: "string_too_short"),
                "PASSWORD_DOES_NOT_MEET_REQUIREMENTS"
            ),
            (
                .signUp,
                API.validation("email", "value is not a valid email address: An email address must have an @-sign."),
                "INVALID_EMAIL"
            ),
            (.signUp, API.detail("Password too weak", status: 422), "PASSWORD_DOES_NOT_MEET_REQUIREMENTS"),
            (.reset, API.detail("Invalid or used reset code", status: 400), "INVALID_OOB_CODE"),
            (.reset, API.detail("Reset code expired", status: 400), "EXPIRED_OOB_CODE"),
            (.reset, API.detail("Not found", status: 404), "INVALID_OOB_CODE"),
            (.reset, API.detail("Gone", status: 410), "EXPIRED_OOB_CODE"),
            (
                .reset, API.validation("new_password", "String should have at least 8 characters"),
                "PASSWORD_DOES_NOT_MEET_REQUIREMENTS"
            ),
            (.reset, API.validation("code", "String should have at least 6 characters"), "INVALID_OOB_CODE"),
            (.forgot, API.validation("email", "value is not a valid email address"), "INVALID_EMAIL"),
            (.me, API.detail("Could not validate credentials", status: 401), "INVALID_ID_TOKEN"),
            (.me, API.detail("User not found", status: 404), "USER_NOT_FOUND"),
            (.delete, API.detail("Not authenticated", status: 401), "INVALID_ID_TOKEN"),
            (.delete, API.detail("User not found", status: 404), "USER_NOT_FOUND"),
            (.refresh, API.detail("Invalid refresh token", status: 401), "INVALID_REFRESH_TOKEN"),
            (.refresh, API.detail("Refresh token revoked", status: 400), "INVALID_REFRESH_TOKEN"),
            (.signIn, API.detail("Too many attempts", status: 429), "TOO_MANY_ATTEMPTS_TRY_LATER"),
            (.forgot, API.text("Rate limit exceeded", status: 429), "TOO_MANY_ATTEMPTS_TRY_LATER"),
            (.signIn, API.detail("Internal Server Error", status: 500), "HTTP_500"),
            (
                .me,
                API.text("<html><body><h1>502 Bad Gateway</h1></body></html>", status: 502, contentType: "text/html"),
                "HTTP_502"
            ),
            (.signUp, API.detail("Forbidden", status: 403), "HTTP_403"),
        ]
    }

    @Test("each status and detail becomes the code it means for the call", arguments: mapped)
    func mapping(call: Call, answer: Answer, code: String) async throws {
        let error = try #require(await Self.run(call, answer))
        #expect(error.code.rawValue == code)
    }

    // Computed, not stored: a stored static array of answers holding Data is reported by LeakSanitizer (the
    // Data's reference sits in an enum payload it cannot follow).
    static var domain: [(Call, Answer, AuthError)] {
        [
            (.signIn, API.detail("Incorrect email or password", status: 401), .wrongCredentials),
            (.signUp, API.validation("password", "too short"), .weakPassword(.rejectedByBackend)),
            (.signUp, API.validation("email", "not an email"), .invalidEmail),
            (.reset, API.detail("Invalid or used reset code", status: 400), .invalidResetCode),
            (.reset, API.detail("Reset code expired", status: 400), .resetCodeExpired),
            (.me, API.detail("Could not validate credentials", status: 401), .signedOut(.sessionExpired)),
            (.delete, API.detail("User not found", status: 404), .signedOut(.accountDeleted)),
            (.refresh, API.detail("Invalid refresh token", status: 401), .refreshTokenRejected),
            (.signIn, API.detail("Too many attempts", status: 429), .tooManyAttempts),
            (
                .signIn, API.detail("boom", status: 503),
                .backend(code: "HTTP_503", message: "POST auth/login answered 503: boom")
            ),
        ]
    }

    @Test("the codes become the Domain errors the providers already show", arguments: domain)
    func domainMapping(call: Call, answer: Answer, expected: AuthError) async throws {
        let error = try #require(await Self.run(call, answer))
        #expect(error.toDomain(provider: .emailPassword) == expected)
    }

    @Test("409 on sign-up reaches the app as the email in use, with the email")
    func emailInUse() async throws {
        let spy = SpyHTTPTransport(responses: [API.detail("Email already registered", status: 409)])
        await #expect(throws: AuthError.emailAlreadyInUse(API.email)) {
            try await BackendSignUpService(backend: API.makeSUT(spy)).signUp(email: API.email, password: "pw 123456")
        }
    }

    @Test("the detail string is kept as the message")
    func detailString() async throws {
        let error = try #require(await Self.run(.signIn, API.detail("Incorrect email or password", status: 401)))
        #expect(error.message == "Incorrect email or password")
    }

    @Test("a validation list keeps each item's place and message, never the input it echoes")
    func validationList() async throws {
        let answer = API.json(
            [
                "detail": [
                    [
                        "loc": ["body", "email"], "msg": "value is not a valid email address", "type": "value_error",
                        "input": "not-an-email",
                    ],
                    [
                        "loc": ["body", "password"], "msg": "String should have at least 8 characters",
                        "type": "string_too_short", "input": API.password, "ctx": ["min_length": 8],
                    ],
                ]
            ], status: 422)
        let error = try #require(await Self.run(.signUp, answer))
        #expect(error.code == .invalidEmail)
        #expect(
            error.message
                == "email: value is not a valid email address; password: String should have at least 8 characters")
        #expect(!error.message.contains("not-an-email"))
    }

    @Test("fastapi-users' {detail: {code, reason}} and other frameworks' {message} or {error} are read too")
    func otherShapes() async throws {
        let nested = API.json(
            ["detail": ["code": "REGISTER_INVALID_PASSWORD", "reason": "Password should be at least 3 characters"]],
            status: 400)
        #expect(
            try #require(await Self.run(.signUp, nested)).message
                == "POST auth/signup answered 400: REGISTER_INVALID_PASSWORD: Password should be at least 3 characters")
        let message = API.json(["message": "Invalid credentials"], status: 401)
        #expect(try #require(await Self.run(.signIn, message)).message == "Invalid credentials")
        let error = API.json(["error": "invalid_grant"], status: 401)
        #expect(try #require(await Self.run(.refresh, error)).message == "invalid_grant")
    }

    @Test("plain text is kept on one line; an empty body and an HTML page say so, without the markup")
    func textShapes() async throws {
        let text = try #require(await Self.run(.signIn, API.text("Upstream\nunavailable", status: 503)))
        #expect(text.code.rawValue == "HTTP_503")
        #expect(text.message == "POST auth/login answered 503: Upstream unavailable")

        let empty = try #require(await Self.run(.signIn, .success(HTTPResponse(status: 401))))
        #expect(empty.code == .invalidLoginCredentials)
        #expect(empty.message == "POST auth/login answered 401 with no detail")

        let html = try #require(
            await Self.run(
                .me,
                API.text("<html><body><h1>502 Bad Gateway</h1></body></html>", status: 502, contentType: "text/html")))
        #expect(html.message == "GET auth/me answered 502 with an HTML page")
        #expect(
            html.toDomain(provider: .emailPassword)
                == .backend(code: "HTTP_502", message: "GET auth/me answered 502 with an HTML page"))
    }

    @Test("a detail is cut to 300 characters")
    func bounded() async throws {
        let error = try #require(await Self.run(.signIn, API.detail(String(repeating: "x", count: 5000), status: 401)))
        #expect(error.message.count == 300)
    }

    @Test("configured detail texts decide the 400 mappings, ignoring case")
    func configuredTexts() async throws {
        let texts = RESTBackendConfiguration.DetailTexts(
            emailAlreadyRegistered: ["USER_EXISTS", "e-posta kayıtlı"], invalidResetCode: ["BAD_TOKEN"],
            expiredResetCode: ["TOKEN_EXPIRED"])
        for (detail, expected) in [("register_user_exists", "EMAIL_EXISTS"), ("Bu e-posta kayıtlı", "EMAIL_EXISTS")] {
            let spy = SpyHTTPTransport(responses: [API.detail(detail, status: 400)])
            let error = await API.backendError {
                _ = try await API.makeSUT(spy) { $0.detailTexts = texts }.signUp(email: API.email, password: "pw 12345")
            }
            #expect(error?.code.rawValue == expected)
        }
        for (detail, expected) in [
            ("BAD_TOKEN", "INVALID_OOB_CODE"), ("TOKEN_EXPIRED", "EXPIRED_OOB_CODE"),
            ("Invalid or used reset code", "HTTP_400"),
        ] {
            let spy = SpyHTTPTransport(responses: [API.detail(detail, status: 400)])
            let error = await API.backendError {
                try await API.makeSUT(spy) { $0.detailTexts = texts }.confirmPasswordReset(code: "1", newPassword: "n")
            }
            #expect(error?.code.rawValue == expected, "\(detail)")
        }
    }

    @Test("no password, token or code that was sent shows in any error, even when the API quotes it")
    func secretsRedacted() async throws {
        let quoting = "'\(API.password)' is wrong"
        let login = try #require(await Self.run(.signIn, API.detail(quoting, status: 401)))
        #expect(login.message == "'<redacted>' is wrong")

        let token = API.jwt(["sub": "1", "exp": 1_800_000_000])
        let me = SpyHTTPTransport(responses: [API.tokens(token), API.detail("token \(token) expired", status: 401)])
        let meError = try #require(
            await API.backendError {
                _ = try await API.makeSUT(me).signInWithPassword(email: API.email, password: Secret(API.password))
            })
        let reset = SpyHTTPTransport(responses: [API.detail("code 483920 for new pass 99 refused", status: 400)])
        let resetError = try #require(
            await API.backendError {
                try await API.makeSUT(reset).confirmPasswordReset(code: "483920", newPassword: "new pass 99")
            })
        let refresh = SpyHTTPTransport(responses: [API.text("refresh-1 unknown; access-1 too", status: 500)])
        let refreshError = try #require(
            await API.backendError {
                _ = try await API.makeSUT(refresh) { $0.paths.refresh = "auth/refresh" }.refreshSession(
                    refreshToken: Secret(RESTSessionHandle(accessToken: "access-1", refreshToken: "refresh-1").encoded))
            })
        for error in [login, meError, resetError, refreshError] {
            let texts = [
                String(describing: error), error.message, String(describing: error.toDomain(provider: .emailPassword)),
            ]
            for secret in [API.password, token, "483920", "new pass 99", "refresh-1", "access-1"] {
                #expect(texts.allSatisfy { !$0.contains(secret) }, "\(error)")
            }
        }
    }

    @Test("a success whose body breaks the contract is INVALID_RESPONSE, never a crash")
    func unreadableSuccess() async throws {
        let answers: [Answer] = [
            API.text("<html>", status: 200, contentType: "text/html"),
            API.json(["token_type": "bearer"]),
            API.json(["access_token": "", "token_type": "bearer"]),
            API.json(["access_token": 12, "token_type": "bearer"]),
            API.json(["access_token": "a", "token_type": "mac"]),
            API.json(["access_token": "a", "expires_in": "soon"]),
            API.json(["access_token": "a", "expires_in": [1]]),
            API.json([["access_token": "a"]]),
        ]
        for answer in answers {
            let error = try #require(await Self.run(.signIn, answer))
            #expect(error.code.rawValue == "INVALID_RESPONSE", "\(error)")
        }
    }

    @Test("no answer is a network error naming the route, not the URL; cancellation stays cancellation")
    func network() async throws {
        let spy = SpyHTTPTransport(responses: [
            .failure(UnexpectedCallError("http://user:pw@10.0.0.1/auth/login refused"))
        ])
        do {
            _ = try await API.makeSUT(spy).signInWithPassword(email: API.email, password: Secret(API.password))
            Issue.record("expected a network error")
        } catch let AuthError.network(reason) {
            #expect(reason.hasPrefix("POST auth/login: no answer"))
            #expect(!reason.contains("http") && !reason.contains(API.password))
        }

        let cancelled = Task {
            try await API.makeSUT(SpyHTTPTransport(status: 200)).deleteAccount(idToken: "a", revoking: nil)
        }
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        let waiting = Task {
            try await RESTIdentityBackend(configuration: API.configuration(), transport: NeverAnsweringTransport())
                .deleteAccount(idToken: "a", revoking: nil)
        }
        try await Task.sleep(for: .milliseconds(20))
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }

    /// The transport would answer in an hour: only the timeout can end the call, and the time limit fails the test
    /// if it does not.
    @Test("a transport that does not answer within the configured timeout is a network error", .timeLimit(.minutes(5)))
    func timeout() async throws {
        let backend = RESTIdentityBackend(
            configuration: API.configuration { $0.timeout = 0.05 }, transport: NeverAnsweringTransport())
        do {
            _ = try await backend.signInWithPassword(email: API.email, password: "pw 12345")
            Issue.record("expected a timeout")
        } catch let AuthError.network(reason) {
            #expect(reason.hasPrefix("POST auth/login: no answer"))
        }
    }
}
