import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInJOSE
import SignInTesting
import Testing

/// What an administrator does to accounts (Firebase's Admin API), and what a disabled account can no longer do.
@Suite("Accounts an administrator manages")
struct AdminAccountTests {
    let harness = BackendHarness()
    var service: EmbeddedIdentityService { harness.service }

    @Test("a created account signs in with its email and password; it is found by uid and by email")
    func create() throws {
        let account = try service.createAccount(
            .init(email: " Sam@Example.com ", password: "sam password 1", displayName: "Sam"))
        #expect(
            account.email == "sam@example.com" && account.displayName == "Sam" && account.providerIds == ["password"])
        let session = try service.signInWithPassword(email: "sam@example.com", password: "sam password 1")
        #expect(session.localId == account.uid && !session.isNewUser)
        #expect(try service.accounts(uids: [account.uid, "nobody"], emails: []).map(\.uid) == [account.uid])
        #expect(try service.accounts(uids: [], emails: ["SAM@example.com"]).map(\.uid) == [account.uid])
        let chosen = try service.createAccount(.init(uid: "my-own-uid", email: "kim@example.com"))
        #expect(chosen.uid == "my-own-uid" && chosen.identities.isEmpty, "no password: no sign-in method yet")
    }

    @Test("creating is refused for a uid or an email in use, a bad uid, a weak password, a password with no email")
    func createRefusals() throws {
        let first = try service.createAccount(.init(email: "sam@example.com", password: "sam password 1"))
        let before = try service.snapshot()
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.createAccount(.init(uid: first.uid)) }
                == .duplicateLocalID)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.createAccount(.init(email: "SAM@example.com"))
            }
                == .emailExists)
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.createAccount(.init(uid: "")) }
                == .invalidLocalID
        )
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.createAccount(.init(uid: String(repeating: "u", count: 129)))
            } == .invalidLocalID)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.createAccount(.init(email: "kim@example.com", password: "short"))
            } == .weakPassword)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.createAccount(.init(password: "long password 1"))
            }
                == .missingEmail)
        #expect(try service.snapshot() == before, "a refused creation changes nothing")
    }

    @Test("listing pages through every account by uid, each once")
    func list() throws {
        for index in 0..<5 { _ = try service.createAccount(.init(uid: "user-\(index)")) }
        var seen: [String] = []
        var token: String?
        repeat {
            let page = try service.accounts(maximumCount: 2, after: token)
            #expect(page.accounts.count <= 2)
            seen += page.accounts.map(\.uid)
            token = page.nextPageToken
        } while token != nil
        #expect(seen == (0..<5).map { "user-\($0)" })
    }

    @Test("a disabled account cannot sign in, refresh or make a call; enabled again, its refresh token works")
    func disabled() throws {
        let session = try service.signUp(email: "sam@example.com", password: "sam password 1")
        try service.updateAccount(uid: session.localId, .init(disabled: true))
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithPassword(email: "sam@example.com", password: "sam password 1")
            } == .userDisabled)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.refreshSession(refreshToken: session.refreshToken)
            }
                == .userDisabled)
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.lookupAccount(idToken: session.idToken) }
                == .userDisabled)
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.verifySessionToken(session.idToken.value) }
                == .userDisabled)
        try service.sendPasswordResetEmail(email: "sam@example.com")
        let reset = try #require(try service.pendingMailedCodes().first)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                try service.confirmPasswordReset(code: reset.code, newPassword: "new password 2")
            } == .userDisabled)
        try service.updateAccount(uid: session.localId, .init(disabled: false))
        #expect(try service.refreshSession(refreshToken: session.refreshToken).localId == session.localId)
        #expect(
            try service.signInWithPassword(email: "sam@example.com", password: "sam password 1").localId
                == session.localId)
    }

    @Test("a disabled account with an identity provider cannot sign in with it either")
    func disabledIdentityProvider() throws {
        let first = try harness.signIn()
        try service.updateAccount(uid: first.localId, .init(disabled: true))
        let refused = #expect(throws: IdentityBackendError.self) {
            _ = try harness.signIn(rawNonce: "another-raw-nonce-0123456789abcdef")
        }
        #expect(refused?.code == .userDisabled)
    }

    @Test("a new email moves the password sign-in with it; a new password ends every session")
    func emailAndPassword() throws {
        let session = try service.signUp(email: "sam@example.com", password: "sam password 1")
        try service.updateAccount(uid: session.localId, .init(email: "samuel@example.com"))
        #expect(
            try service.signInWithPassword(email: "samuel@example.com", password: "sam password 1").localId
                == session.localId)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithPassword(email: "sam@example.com", password: "sam password 1")
            } == .invalidLoginCredentials)
        harness.clock.advance(by: 2)
        try service.updateAccount(uid: session.localId, .init(password: "brand new password 3"))
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.refreshSession(refreshToken: session.refreshToken)
            }
                == .invalidRefreshToken)
        #expect(
            try service.signInWithPassword(email: "samuel@example.com", password: "brand new password 3").localId
                == session.localId)
        let other = try service.signUp(email: "kim@example.com", password: "kim password 1")
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.updateAccount(uid: other.localId, .init(email: "samuel@example.com"))
            } == .emailExists)
    }

    @Test("validSince refuses every token issued before it, ID and refresh tokens alike")
    func validSince() throws {
        let session = try service.signUp(email: "sam@example.com", password: "sam password 1")
        harness.clock.advance(by: 5)
        let now = Int(harness.clock.now().timeIntervalSince1970)
        try service.updateAccount(uid: session.localId, .init(validSince: now))
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.lookupAccount(idToken: session.idToken) }
                == .tokenExpired)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.refreshSession(refreshToken: session.refreshToken)
            }
                == .invalidRefreshToken)
        // A sign-in after it works.
        #expect(
            try service.signInWithPassword(email: "sam@example.com", password: "sam password 1").localId
                == session.localId)
    }

    @Test("custom claims must be a JSON object of at most 1,000 characters naming no claim of the token's own")
    func customClaims() throws {
        let account = try service.createAccount(.init(uid: "claims"))
        let stored = try service.updateAccount(
            uid: account.uid, .init(customAttributes: #"{ "role": "admin", "level": 3 }"#))
        #expect(stored.customAttributes == #"{"level":3,"role":"admin"}"#)
        for (text, expected) in [
            ("[1, 2]", IdentityBackendError.Code.invalidClaims), ("not json", .invalidClaims),
            (#"{"sub": "someone-else"}"#, .forbiddenClaim), (#"{"firebase": {}}"#, .forbiddenClaim),
            ("{\"a\": \"" + String(repeating: "x", count: 1000) + "\"}", .claimsTooLarge),
        ] {
            #expect(
                errorCode { () throws(IdentityBackendError) in
                    _ = try service.updateAccount(uid: account.uid, .init(customAttributes: text))
                } == expected, "\(text.prefix(20))")
        }
        #expect(try service.account(uid: account.uid)?.customAttributes == #"{"level":3,"role":"admin"}"#)
        #expect(try service.updateAccount(uid: account.uid, .init(customAttributes: "{}")).customAttributes == nil)
    }

    @Test("deleting by uid removes the account and its sessions; an unknown uid is USER_NOT_FOUND")
    func delete() throws {
        let session = try service.signUp(email: "sam@example.com", password: "sam password 1")
        try service.deleteAccount(uid: session.localId)
        #expect(try service.account(uid: session.localId) == nil)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.refreshSession(refreshToken: session.refreshToken)
            }
                == .invalidRefreshToken)
        #expect(
            errorCode { () throws(IdentityBackendError) in try service.deleteAccount(uid: session.localId) }
                == .userNotFound
        )
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.updateAccount(uid: "nobody", .init(disabled: true))
            }
                == .userNotFound)
    }

    @Test("custom claims are in every ID token issued after they are set, beside Firebase's own, and leave with them")
    func customClaimsInTokens() throws {
        let session = try service.signUp(email: "sam@example.com", password: "sam password 1")
        try service.updateAccount(
            uid: session.localId, .init(customAttributes: #"{"role":"admin","level":3,"groups":["a","b"]}"#))
        let refreshed = try service.refreshSession(refreshToken: session.refreshToken)
        let claims = try service.verifySessionToken(refreshed.idToken.value)
        #expect(
            claims.customClaims == [
                "role": .string("admin"), "level": .integer(3), "groups": .array([.string("a"), .string("b")]),
            ])
        #expect(claims.sub == session.localId && claims.signInProvider == "password")
        try service.updateAccount(uid: session.localId, .init(customAttributes: "{}"))
        let plain = try service.signInWithPassword(email: "sam@example.com", password: "sam password 1")
        #expect(try service.verifySessionToken(plain.idToken.value).customClaims.isEmpty)
    }

    @Test("a batch deletes the disabled accounts it names; an enabled one is kept and reported unless forced")
    func batchDelete() throws {
        let guest = try service.signUpAnonymously()
        let sam = try service.signUp(email: "sam@example.com", password: "sam password 1")
        try service.updateAccount(uid: sam.localId, .init(disabled: true))
        let left = try service.deleteAccounts(uids: ["nobody", guest.localId, sam.localId], force: false)
        #expect(left.map(\.index) == [1] && left.map(\.uid) == [guest.localId])
        #expect(try service.account(uid: sam.localId) == nil && service.account(uid: guest.localId) != nil)
        #expect(try service.deleteAccounts(uids: [guest.localId], force: true).isEmpty)
        #expect(try service.account(uid: guest.localId) == nil)
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.deleteAccounts(uids: [], force: true) }
                == .localIdListExceedsLimit)
        let many = (0...EmbeddedIdentityService.maximumBatchDeletion).map { "uid-\($0)" }
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.deleteAccounts(uids: many, force: true) }
                == .localIdListExceedsLimit)
        #expect(try service.deleteAccounts(uids: Array(many.dropLast()), force: true).isEmpty)
    }

    @Test("an administrator sets and removes a phone number, unlinks any provider, and finds accounts by identity")
    func phoneUnlinkAndIdentityLookup() throws {
        let sam = try service.signUp(email: "sam@example.com", password: "sam password 1")
        let other = try service.signUpAnonymously()
        var phone = EmbeddedIdentityService.AccountChanges()
        phone.phoneNumber = "+1 555 555 0100"
        #expect(try service.updateAccount(uid: sam.localId, phone).phoneNumber == "+15555550100")
        #expect(
            try service.accounts(
                uids: [], emails: [], identities: [LinkedIdentity(providerId: "phone", subject: "+15555550100")]
            ).map(\.uid) == [sam.localId])
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.updateAccount(uid: other.localId, phone) }
                == .phoneNumberExists)
        phone.phoneNumber = "555-0100"
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.updateAccount(uid: sam.localId, phone) }
                == .invalidPhoneNumber)
        var unlink = EmbeddedIdentityService.AccountChanges()
        unlink.deleteProviders = ["phone", "password"]
        let unlinked = try service.updateAccount(uid: sam.localId, unlink)
        #expect(unlinked.identities.isEmpty && unlinked.phoneNumber == nil && unlinked.passwordHash == nil)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithPassword(email: "sam@example.com", password: "sam password 1")
            } == .invalidLoginCredentials, "the password no longer signs in")
        #expect(
            try service.accounts(
                uids: [], emails: [], identities: [LinkedIdentity(providerId: "phone", subject: "+15555550100")]
            ).isEmpty)
        phone.phoneNumber = "+15555550100"
        #expect(
            try service.updateAccount(uid: other.localId, phone).phoneNumber == "+15555550100", "the number is free")
    }
}
