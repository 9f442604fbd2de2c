import Foundation
import SignInData
import SignInDomain
import SignInDataTesting
import SignInTesting
import Testing

@testable import SignInREST

/// What the API does not offer fails at once with the typed error that names it, with no request, and reaches
/// the app as ``AuthError/notSupportedByBackend(_:)``.
@Suite("RESTIdentityBackend: operations the API does not offer")
struct RESTUnsupportedTests {
    static let google = IdPSignInRequest(providerId: "google.com", idToken: "g", rawNonce: "n")
    static let apple = IdPSignInRequest(providerId: "apple.com", idToken: "a", rawNonce: "n")

    /// Each operation the API does not offer, with the name its error carries.
    static let operations: [(String, @Sendable (RESTIdentityBackend) async throws -> Void)] = [
        ("guest sign-in", { _ = try await $0.signUpAnonymously() }),
        ("Sign in with apple.com", { _ = try await $0.signInWithIdP(apple) }),
        ("Sign in with google.com", { _ = try await $0.signInWithIdP(google) }),
        (
            "Sign in with github.com",
            {
                _ = try await $0.signInWithIdP(IdPSignInRequest(providerId: "github.com", idToken: "t"))
            }
        ),
        ("linking", { _ = try await $0.linkWithIdP(idToken: "access-1", google) }),
        ("linking", { _ = try await $0.linkWithPassword(idToken: "access-1", email: API.email, password: "pw 12345") }),
        ("unlinking", { _ = try await $0.unlink(idToken: "access-1", providerId: "password") }),
        ("password change", { _ = try await $0.changePassword(idToken: "access-1", newPassword: "new pass 99") }),
        (
            "Sign in with apple.com",
            { _ = try await $0.reauthenticate(idToken: "access-1", with: .identityProvider(apple)) }
        ),
    ]

    @Test("each fails with NOT_SUPPORTED_BY_BACKEND naming the operation, and sends nothing")
    func typedError() async throws {
        for (name, operation) in Self.operations {
            let spy = SpyHTTPTransport(status: 500)
            let error = await API.backendError { try await operation(API.makeSUT(spy)) }
            #expect(error == IdentityBackendError(.notSupportedByBackend, message: name))
            #expect(error?.code.rawValue == "NOT_SUPPORTED_BY_BACKEND")
            #expect(error?.toDomain(provider: .google) == .notSupportedByBackend(name))
            #expect(await spy.requests.isEmpty, "\(name)")
        }
    }

    @Test("through the Data layer's providers the app gets AuthError.notSupportedByBackend")
    func throughProviders() async throws {
        let sut = API.makeSUT(SpyHTTPTransport(status: 500))
        await #expect(throws: AuthError.notSupportedByBackend("guest sign-in")) {
            try await AnonymousAuthProvider(backend: sut).signIn(with: AuthCredential(provider: .anonymous))
        }
        await #expect(throws: AuthError.notSupportedByBackend("Sign in with apple.com")) {
            try await AppleAuthProvider(backend: sut).signIn(with: .fixture())
        }
        await #expect(throws: AuthError.notSupportedByBackend("linking")) {
            try await GoogleAuthProvider(backend: sut).link(
                .fixture(provider: .google), to: .fixture(providerIds: [.emailPassword]))
        }
        #expect(
            AuthError.notSupportedByBackend("linking").description == "The identity backend does not offer linking.")
    }
}
