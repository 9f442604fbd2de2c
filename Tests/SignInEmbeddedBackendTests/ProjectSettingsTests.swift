import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInJOSE
import SignInTesting
import Testing

/// The sign-in settings a project (or a tenant) keeps, enforced by the identity service itself, and a tenant's
/// backend naming its tenant in what it issues.
@Suite("EmbeddedIdentityService: sign-in settings and tenants")
struct ProjectSettingsTests {
    @Test("each sign-in method that is off is refused by the service with Firebase's code; the others still work")
    func methodsOff() throws {
        let harness = BackendHarness()
        let service = harness.service
        _ = try service.signUp(email: "jane@example.com", password: Secret("correct horse 1"))
        service.updateProjectSettings {
            $0.passwordSignInEnabled = false
            $0.guestSignUpEnabled = false
            $0.emailLinkSignInEnabled = false
        }
        let refusals: [(IdentityBackendError.Code, () throws(IdentityBackendError) -> Void)] = [
            (
                .unsupportedProvider,
                { () throws(IdentityBackendError) in
                    _ = try service.signUp(email: "new@example.com", password: Secret("correct horse 1"))
                }
            ),
            (
                .passwordLoginDisabled,
                { () throws(IdentityBackendError) in
                    _ = try service.signInWithPassword(email: "jane@example.com", password: Secret("correct horse 1"))
                }
            ),
            (
                .passwordLoginDisabled,
                { () throws(IdentityBackendError) in
                    try service.sendPasswordResetEmail(email: "jane@example.com")
                }
            ),
            (.adminOnlyOperation, { () throws(IdentityBackendError) in _ = try service.signUpAnonymously() }),
            (
                .unsupportedProvider,
                { () throws(IdentityBackendError) in
                    try service.sendSignInLink(email: "jane@example.com")
                }
            ),
        ]
        for (code, call) in refusals {
            #expect(errorCode(call) == code)
        }
        #expect(try harness.backend.outbox.messages().isEmpty, "nothing was mailed")
        service.updateProjectSettings { $0.signInEnabled = false }
        #expect(errorCode { () throws(IdentityBackendError) in try service.requireSignInEnabled() } == .projectDisabled)
        service.updateProjectSettings { $0 = EmbeddedProjectSettings() }
        _ = try service.signInWithPassword(email: "jane@example.com", password: Secret("correct horse 1"))
    }

    @Test("a tenant's backend names its tenant in ID and refresh tokens, and takes no token or custom token of another")
    func tenantTokens() throws {
        var configuration = BackendHarness.fastConfiguration
        configuration.tenantID = "tenant-a"
        configuration.acceptsEmulatorCustomTokens = true
        let tenant = BackendHarness(configuration: configuration)
        let session = try tenant.service.signUp(email: "jane@example.com", password: Secret("correct horse 1"))
        let parts = try #require(JWS.parse(session.idToken.value))
        #expect(TokenJSON.sessionClaims(from: parts.payload)?.tenant == "tenant-a")
        #expect(session.refreshToken.value.hasPrefix("r.tenant-a."))
        #expect(try tenant.service.lookupAccount(idToken: session.idToken).uid == session.localId)

        let mismatch = #"{"uid": "u1", "tenant_id": "tenant-b"}"#
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try tenant.service.signInWithCustomToken(Secret(mismatch))
            }
                == .tenantIdMismatch)
        let own = try tenant.service.signInWithCustomToken(Secret(#"{"uid": "u1", "tenant_id": "tenant-a"}"#))
        #expect(own.localId == "u1")

        // The project's backend, with the same keys' kind but its own state, takes none of the tenant's tokens.
        let project = BackendHarness()
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try project.service.lookupAccount(idToken: session.idToken)
            }
                == .invalidIDToken)
    }
}
