import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedIssuers
import SignInEmbeddedStore
import SignInTesting
import Testing

/// Firebase's `allowDuplicateEmails`: one account per email by default; on, an identity provider's email may also be
/// another account's, while an account's own email stays one account's.
@Suite("Duplicate emails at the embedded backend")
struct DuplicateEmailTests {
    let harness = BackendHarness()
    var service: EmbeddedIdentityService { harness.service }

    /// A Google sign-in for the chooser's account at `index`, whose email is `email` at Google.
    func google(_ index: Int = 0) throws -> (request: IdPSignInRequest, email: String) {
        let account = try harness.backend.googleIssuer.accounts()[index]
        return (try harness.googleRequest(account.email), account.email)
    }

    @Test("off (the default): an identity whose email another account has gets no account of its own")
    func oneAccountPerEmail() throws {
        let (request, email) = try google()
        let password = try service.signUp(email: email, password: "correct horse battery")
        // Google vouches for the email: it signs in to the account that has it.
        #expect(try service.signInWithIdP(request).localId == password.localId)
        #expect(try service.snapshot().accounts.count == 1)
    }

    @Test("on: the identity makes an account of its own, which does not take the provider's email as its own")
    func duplicates() throws {
        service.updateProjectSettings { $0.allowsDuplicateEmails = true }
        let (request, email) = try google()
        let password = try service.signUp(email: email, password: "correct horse battery")
        let idp = try service.signInWithIdP(request)
        #expect(idp.localId != password.localId && idp.isNewUser)
        let account = try #require(try service.account(uid: idp.localId))
        #expect(account.email == nil && account.identities.first?.email == email)
        // The account's own email is still one account's: a password names one account, and a second sign-up with
        // the email is refused.
        #expect(
            try service.signInWithPassword(email: email, password: "correct horse battery").localId == password.localId)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signUp(email: email, password: "another horse battery")
            } == .emailExists)
    }

    @Test("on: an identity links to any account, whatever account has its email; off, it does not")
    func linking() throws {
        let (request, email) = try google()
        _ = try service.signUp(email: email, password: "correct horse battery")
        let guest = try service.signUpAnonymously()
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.linkWithIdP(idToken: guest.idToken, request)
            }
                == .emailExists)
        service.updateProjectSettings { $0.allowsDuplicateEmails = true }
        let (again, _) = try google()
        let linked = try service.linkWithIdP(idToken: guest.idToken, again)
        #expect(linked.localId == guest.localId)
        #expect(try service.account(uid: guest.localId)?.email == nil, "the provider's email is not copied")
    }

    @Test(
        "sign-in methods: a provider's email finds its account; with duplicate emails only a password or link is told")
    func signInMethods() throws {
        service.updateProjectSettings { $0.emailEnumerationProtection = false }
        let (request, providerEmail) = try google()
        let session = try service.signInWithIdP(request)
        // The account takes another email, with a password.
        let linked = try service.linkWithPassword(
            idToken: session.idToken, email: "own@example.com", password: "correct horse battery")
        #expect(linked.localId == session.localId)
        for email in ["own@example.com", providerEmail] {
            #expect(
                try service.signInMethods(email: email)
                    == .registered(providers: ["password", "google.com"], methods: ["password", "google.com"]),
                "\(email)")
        }
        service.updateProjectSettings { $0.allowsDuplicateEmails = true }
        for email in ["own@example.com", providerEmail] {
            #expect(
                try service.signInMethods(email: email) == .registered(providers: ["password"], methods: ["password"]),
                "\(email)")
        }
        #expect(try service.signInMethods(email: "nobody@example.com") == .unregistered)
    }

    @Test("a returning identity's email is its provider's latest word; the account's own email stays as it was")
    func identityEmailFollowsProvider() throws {
        var lenient = BackendHarness.fastConfiguration
        lenient.acceptsUnsignedProviderTokens = true
        let other = BackendHarness(configuration: lenient)
        other.service.updateProjectSettings { $0.emailEnumerationProtection = false }
        let first = try other.service.signInWithIdP(
            IdPSignInRequest(providerId: "google.com", idToken: Secret(#"{"sub":"g-1","email":"old@example.com"}"#)))
        let again = try other.service.signInWithIdP(
            IdPSignInRequest(providerId: "google.com", idToken: Secret(#"{"sub":"g-1","email":"new@example.com"}"#)))
        #expect(again.localId == first.localId)
        let account = try #require(try other.service.account(uid: first.localId))
        #expect(account.email == "old@example.com" && account.identities.first?.email == "new@example.com")
        #expect(
            try other.service.signInMethods(email: "new@example.com")
                == .registered(providers: ["google.com"], methods: ["google.com"]))
    }
}
