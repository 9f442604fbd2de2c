import Foundation
import SignInData
import SignInDataTesting
import SignInDomain
import SignInTesting
import Testing

@testable import SignInREST

/// What the API does not offer is not a port: the type does not conform to it, its capabilities leave it out, and the
/// account services and providers an app builds from those capabilities have none of it.
@Suite("RESTIdentityBackend: what the API does not offer")
struct RESTUnsupportedTests {
    @Test("guests, identity providers, linking and password change are ports the REST backend does not have")
    func absentPorts() {
        let sut = API.makeSUT(SpyHTTPTransport(status: 500))
        let backend: Any = sut
        #expect(!(backend is any GuestBackend))
        #expect(!(backend is any IdentityProviderBackend))
        #expect(!(backend is any LinkingBackend))
        #expect(!(backend is any PasswordChangeBackend))
        let capabilities = sut.capabilities
        #expect(capabilities.guests == nil && capabilities.identityProviders == nil)
        #expect(capabilities.linking == nil && capabilities.passwordChange == nil)
        #expect(capabilities.passwords != nil && capabilities.passwordReset != nil)
        let features = capabilities.features(sessions: .fixture(reportIssue: { _ in }), authProviders: [])
        #expect(features.passwords?.resetService != nil && features.account?.deletionService != nil)
        #expect(features.account?.unlinkService == nil && features.passwords?.changeService == nil)
        #expect(features.account?.link == nil && features.profile == nil && features.secondFactors == nil)
    }

    @Test("an email provider built on it cannot link, and says so with a typed error")
    func noLinking() async {
        let sut = API.makeSUT(SpyHTTPTransport(status: 500))
        let provider = EmailPasswordAuthProvider(backend: sut, linking: sut.capabilities.linking)
        await #expect(throws: AuthError.linkNotSupported(.emailPassword)) {
            try await provider.link(
                AuthCredential(provider: .emailPassword, email: API.email, password: "pw 123456"),
                to: .fixture(providerIds: [.anonymous]))
        }
    }

    @Test("a deletion that would revoke an identity provider is refused as that provider's sign-in, with no request")
    func revocation() async throws {
        let spy = SpyHTTPTransport(status: 500)
        let service = BackendAccountDeletionService(backend: API.makeSUT(spy))
        await #expect(throws: AuthError.notSupportedByBackend(.signIn(.apple))) {
            try await service.deleteAccount(
                .fixture(providerIds: [.apple]), revoking: ProviderRevocation(provider: .apple, authorizationCode: "c"))
        }
        #expect(await spy.requests.isEmpty)
        #expect(
            AuthError.notSupportedByBackend(.linking).description == "The identity backend does not offer linking.")
    }
}
