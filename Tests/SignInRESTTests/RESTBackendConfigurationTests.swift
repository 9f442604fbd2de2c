import Foundation
import Testing

@testable import SignInREST

@Suite("RESTBackendConfiguration")
struct RESTBackendConfigurationTests {
    @Test(
        "the defaults are the FastAPI notes service's contract, with reset and deletion on and refresh and sign-out off"
    )
    func defaults() throws {
        let configuration = RESTBackendConfiguration(baseURL: try #require(URL(string: "http://127.0.0.1:8000")))
        let paths = configuration.paths
        #expect([paths.signUp, paths.signIn, paths.me] == ["auth/signup", "auth/login", "auth/me"])
        #expect(paths.refresh == nil && paths.signOut == nil)
        #expect(paths.forgotPassword == "auth/forgot-password")
        #expect(paths.resetPassword == "auth/reset-password")
        #expect(paths.deleteAccount == "auth/me")
        let fields = configuration.fields
        #expect(
            [
                fields.email, fields.password, fields.accessToken, fields.tokenType, fields.expiresIn,
                fields.refreshToken,
            ]
                == ["email", "password", "access_token", "token_type", "expires_in", "refresh_token"])
        #expect(
            [fields.userID, fields.userEmail, fields.resetCode, fields.newPassword] == [
                "id", "email", "code", "new_password",
            ])
        #expect(fields.userCreatedAt == "created_at")
        #expect(configuration.detailTexts.emailAlreadyRegistered == ["already registered"])
        #expect(configuration.detailTexts.invalidResetCode == ["Invalid or used reset code"])
        #expect(configuration.detailTexts.expiredResetCode == ["Reset code expired"])
        #expect(configuration.sessionLifetime == 3600 && configuration.timeout == 30)
    }

    @Test("a path joins the base URL's path; a query in the base URL stays at the end")
    func urls() throws {
        let plain = RESTBackendConfiguration(baseURL: try #require(URL(string: "http://127.0.0.1:8000")))
        #expect(plain.url("auth/login").absoluteString == "http://127.0.0.1:8000/auth/login")
        #expect(plain.url("//auth/login").absoluteString == "http://127.0.0.1:8000/auth/login")
        let prefixed = RESTBackendConfiguration(baseURL: try #require(URL(string: "https://h.example/api/v1")))
        #expect(prefixed.url("auth/me").absoluteString == "https://h.example/api/v1/auth/me")
        let query = RESTBackendConfiguration(baseURL: try #require(URL(string: "https://h.example/api/?tenant=a")))
        #expect(query.url("auth/me").absoluteString == "https://h.example/api/auth/me?tenant=a")
    }

    @Test("a timeout that is not a positive number of at most a day is 30 seconds")
    func timeouts() {
        #expect(RESTIdentityBackend.effectiveTimeout(7) == 7)
        for bad in [0, -1, .infinity, .nan, 100_000] as [Double] {
            #expect(RESTIdentityBackend.effectiveTimeout(bad) == 30)
        }
    }
}
