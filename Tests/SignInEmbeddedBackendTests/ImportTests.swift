import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInTesting
import Testing

/// Importing accounts in bulk (Firebase's `accounts:batchCreate`): what goes in signs in as it did elsewhere, and a
/// bad entry, or one that would take another account's email, number or identity, is reported and changes nothing.
@Suite("EmbeddedIdentityService: importing accounts")
struct ImportTests {
    let harness = BackendHarness()
    var service: EmbeddedIdentityService { harness.service }

    @Test("imported accounts keep their uid; a password signs in, a number signs in, claims reach the token")
    func imported() throws {
        var withPassword = EmbeddedIdentityService.ImportedAccount(
            uid: "old-1", email: "Sam@Example.com", password: Secret("sam password 1"))
        withPassword.displayName = "Sam"
        var withPhone = EmbeddedIdentityService.ImportedAccount(uid: "old-2")
        withPhone.phoneNumber = "+1 555 555 0100"
        withPhone.customAttributes = #"{"role":"admin"}"#
        withPhone.identities = [.init(providerId: "google.com", rawId: "g-42", email: "sam@gmail.com")]
        #expect(try service.importAccounts([withPassword, withPhone]).isEmpty)

        let session = try service.signInWithPassword(email: "sam@example.com", password: Secret("sam password 1"))
        #expect(session.localId == "old-1" && session.email == "sam@example.com", "kept in lower case")
        let phone = try #require(try service.account(uid: "old-2"))
        #expect(phone.phoneNumber == "+15555550100")
        #expect(phone.identities.map(\.key).sorted() == ["google.com|g-42", "phone|+15555550100"])
        #expect(
            try service.accounts(
                uids: [], emails: [], identities: [LinkedIdentity(providerId: "google.com", subject: "g-42")]
            )
            .map(\.uid) == ["old-2"])
        #expect(phone.customAttributes == #"{"role":"admin"}"#)
    }

    @Test("attack: an import cannot take another account's uid, email, number or identity, unless it overwrites")
    func conflicts() throws {
        let existing = try service.signUp(email: "jane@example.com", password: Secret("correct horse 1"))
        var phone = EmbeddedIdentityService.ImportedAccount(uid: "p")
        phone.phoneNumber = "+15555550100"
        #expect(try service.importAccounts([phone]).isEmpty)
        let before = try service.snapshot()

        var number = EmbeddedIdentityService.ImportedAccount(uid: "n2")
        number.phoneNumber = "+15555550100"
        let failures = try service.importAccounts([
            .init(uid: existing.localId), .init(uid: "e2", email: "JANE@example.com"), number,
        ])
        #expect(
            failures.map(\.message) == [
                "localId belongs to an existing account - can not overwrite.",
                "email exists in other account in database", "phone number exists in other account in database",
            ])
        #expect(try service.snapshot() == before, "nothing was imported, nothing changed")

        // With allowOverwrite the entry replaces the account whole: the old password no longer signs in.
        #expect(try service.importAccounts([.init(uid: existing.localId)], allowOverwrite: true).isEmpty)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithPassword(email: "jane@example.com", password: Secret("correct horse 1"))
            } == .invalidLoginCredentials)
        #expect(try service.importAccounts([.init(uid: "e3", email: "jane@example.com")]).isEmpty, "the email is free")
    }

    @Test("a request with none, or entries that share a uid (or under sanityCheck an email or identity), is refused")
    func requestRefusals() {
        let cases: [([EmbeddedIdentityService.ImportedAccount], Bool, IdentityBackendError.Code)] = [
            ([], false, .missingUserAccount),
            ([.init(uid: "a"), .init(uid: "a")], false, .duplicateLocalID),
            (
                [.init(uid: "a", email: "x@example.com"), .init(uid: "b", email: "X@example.com")], true,
                .duplicateEmail
            ),
        ]
        for (entries, sanity, code) in cases {
            #expect(
                errorCode { () throws(IdentityBackendError) in
                    _ = try service.importAccounts(entries, sanityCheck: sanity)
                } == code)
        }
        var first = EmbeddedIdentityService.ImportedAccount(uid: "a")
        first.identities = [.init(providerId: "google.com", rawId: "dup")]
        var second = EmbeddedIdentityService.ImportedAccount(uid: "b")
        second.identities = first.identities
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.importAccounts([first, second], sanityCheck: true)
            } == .duplicateRawID)
    }

    @Test("each bad entry is reported by its index in Firebase's words, and the good ones still go in")
    func entryRefusals() throws {
        var entries: [EmbeddedIdentityService.ImportedAccount] = [
            .init(email: "no-uid@example.com"), .init(uid: "ok"), .init(uid: "e", email: "not an email"),
            .init(uid: "weak", email: "w@example.com", password: Secret("short")),
        ]
        var claims = EmbeddedIdentityService.ImportedAccount(uid: "c")
        claims.customAttributes = #"{"sub": "x"}"#
        var identity = EmbeddedIdentityService.ImportedAccount(uid: "i")
        identity.identities = [.init(providerId: "google.com")]
        var factor = EmbeddedIdentityService.ImportedAccount(uid: "f", email: "f@example.com")
        factor.secondFactors = [.init(phoneNumber: "+15555550100")]
        entries += [claims, identity, factor]
        let failures = try service.importAccounts(entries)
        #expect(failures.map(\.index) == [0, 2, 3, 4, 5, 6])
        #expect(failures.first?.message == "localId is missing")
        #expect(failures.first { $0.index == 4 }?.message == "Custom claims provided include a reserved claim.")
        #expect(failures.last?.message == "Second factor account requires email to be verified.")
        #expect(try service.account(uid: "ok") != nil && service.account(uid: "weak") == nil)
    }

    @Test("a tenant's import refuses an entry that names another tenant")
    func tenantMismatch() throws {
        var configuration = BackendHarness.fastConfiguration
        configuration.tenantID = "tenant-a"
        let tenant = BackendHarness(configuration: configuration)
        var entry = EmbeddedIdentityService.ImportedAccount(uid: "x")
        entry.tenantID = "tenant-b"
        #expect(
            try tenant.service.importAccounts([entry]).map(\.message) == [
                "Tenant id in userInfo does not match the tenant id in request."
            ])
        entry.tenantID = "tenant-a"
        #expect(try tenant.service.importAccounts([entry]).isEmpty)
    }
}
