import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInJOSE
import SignInTesting
import Testing

/// Phone sign-in at the embedded backend: a 6-digit SMS code signs its number in, once, for five minutes.
@Suite("Phone sign-in at the embedded backend")
struct PhoneSignInTests {
    let harness = BackendHarness()
    var service: EmbeddedIdentityService { harness.service }

    func sentCode(_ sessionInfo: Secret) throws -> Secret {
        try #require(try service.pendingSMSCodes().first { $0.sessionInfo == sessionInfo }).code
    }

    @Test("a code makes the account on first use, once; the SMS outbox has it; the ID token names the number")
    func newAccount() throws {
        let session = try service.sendPhoneCode(phoneNumber: "+1 (555) 555-0100")
        let sms = try #require(try harness.backend.smsOutbox.messages().last)
        #expect(sms.to == "+15555550100")
        let code = try sentCode(session)
        #expect(code.value.count == 6 && code.value.allSatisfy(\.isNumber) && sms.body.contains(code.value))
        let first = try service.signInWithPhoneNumber(sessionInfo: session, code: code, idToken: nil)
        #expect(first.isNewUser && first.phoneNumber == "+15555550100")
        let claims = try service.verifySessionToken(first.session.idToken.value)
        #expect(claims.phoneNumber == "+15555550100" && claims.signInProvider == "phone")
        #expect(claims.identities["phone"] == ["+15555550100"])
        #expect(try service.pendingSMSCodes().isEmpty, "a used code is no longer pending")
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithPhoneNumber(sessionInfo: session, code: code, idToken: nil)
            } == .invalidSessionInfo)

        #expect(
            try service.accounts(uids: [], emails: [], phoneNumbers: ["+1 555 555 0100"]).map(\.uid)
                == [first.session.localId], "an administrator finds the account by its number")
        let again = try service.sendPhoneCode(phoneNumber: "+15555550100")
        let second = try service.signInWithPhoneNumber(sessionInfo: again, code: try sentCode(again), idToken: nil)
        #expect(!second.isNewUser && second.session.localId == first.session.localId)
    }

    @Test("attack: a wrong code, five wrong codes, a late code, a made-up session, a national number: refused")
    func refusals() throws {
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.sendPhoneCode(phoneNumber: "5555550100") }
                == .invalidPhoneNumber)
        let session = try service.sendPhoneCode(phoneNumber: "+15555550100")
        let code = try sentCode(session)
        let wrong = Secret(code.value == "000000" ? "111111" : "000000")
        for _ in 0..<4 {
            #expect(
                errorCode { () throws(IdentityBackendError) in
                    _ = try service.signInWithPhoneNumber(sessionInfo: session, code: wrong, idToken: nil)
                } == .invalidCode)
        }
        #expect(try service.pendingSMSCodes().count == 1, "four wrong codes leave the session open")
        _ = errorCode { () throws(IdentityBackendError) in
            _ = try service.signInWithPhoneNumber(sessionInfo: session, code: wrong, idToken: nil)
        }
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithPhoneNumber(sessionInfo: session, code: code, idToken: nil)
            } == .invalidSessionInfo, "the fifth wrong code ends the session: the right one no longer works")
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithPhoneNumber(sessionInfo: Secret("made-up"), code: code, idToken: nil)
            } == .invalidSessionInfo)

        let late = try service.sendPhoneCode(phoneNumber: "+15555550101")
        let lateCode = try sentCode(late)
        harness.clock.advance(by: 301)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithPhoneNumber(sessionInfo: late, code: lateCode, idToken: nil)
            } == .sessionExpired)
    }

    @Test("a session info is no reset code: it resets no password, verifies no email, signs no email in")
    func notAnOOBCode() throws {
        let account = try service.signUp(email: "sam@example.com", password: "sam password 1")
        let session = try service.sendPhoneCode(phoneNumber: "+15555550100")
        #expect(
            errorCode { () throws(IdentityBackendError) in
                try service.confirmPasswordReset(code: session, newPassword: "taken over 1")
            } == .invalidOOBCode)
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.applyEmailVerification(code: session) }
                == .invalidOOBCode)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithEmailLink(email: "sam@example.com", code: session, idToken: nil)
            } == .invalidOOBCode)
        _ = try service.signInWithPassword(email: "sam@example.com", password: "sam password 1")
        #expect(try service.account(uid: account.localId)?.phoneNumber == nil)
    }

    @Test("with an ID token the account takes the number; a number another account has is PHONE_NUMBER_EXISTS")
    func link() throws {
        let guest = try service.signUpAnonymously()
        let session = try service.sendPhoneCode(phoneNumber: "+15555550100")
        let linked = try service.signInWithPhoneNumber(
            sessionInfo: session, code: try sentCode(session), idToken: guest.idToken)
        #expect(linked.session.localId == guest.localId && !linked.isNewUser)
        let account = try #require(try service.account(uid: guest.localId))
        #expect(account.phoneNumber == "+15555550100" && !account.isAnonymous)

        let other = try service.signUp(email: "other@example.com", password: "other password 1")
        let taken = try service.sendPhoneCode(phoneNumber: "+15555550100")
        let takenCode = try sentCode(taken)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithPhoneNumber(sessionInfo: taken, code: takenCode, idToken: other.idToken)
            } == .phoneNumberExists)
        #expect(try service.account(uid: other.localId)?.phoneNumber == nil)
    }

    @Test("the user's unlink of the phone takes the number off the account, and frees it for another")
    func unlink() throws {
        let account = try service.signUp(email: "pat@example.com", password: "pat password 1")
        let sent = try service.sendPhoneCode(phoneNumber: "+15555550100")
        let linked = try service.signInWithPhoneNumber(
            sessionInfo: sent, code: try sentCode(sent), idToken: account.idToken)
        _ = try service.unlink(idToken: linked.session.idToken, providerId: "phone")
        let after = try #require(try service.account(uid: account.localId))
        #expect(after.phoneNumber == nil && !after.identities.contains { $0.providerId == "phone" })
        let other = try service.signUp(email: "sam@example.com", password: "sam password 1")
        let again = try service.sendPhoneCode(phoneNumber: "+15555550100")
        let taken = try service.signInWithPhoneNumber(
            sessionInfo: again, code: try sentCode(again), idToken: other.idToken)
        #expect(taken.session.localId == other.localId)
    }

    /// A backend with these SMS limits and region policy, on the tests' fast configuration.
    static func limited(_ limits: SMSLimits, regions: SMSRegionPolicy = .allowAll) -> BackendHarness {
        var configuration = BackendHarness.fastConfiguration
        configuration.smsLimits = limits
        configuration.projectSettings.smsRegions = regions
        return BackendHarness(configuration: configuration)
    }

    @Test("attack: pumping one number range stops at its hourly limit, sends nothing more, and spares other ranges")
    func numberRange() throws {
        let harness = Self.limited(SMSLimits(perNumberRangePerHour: 3, rangeDigits: 3, perProjectPerDay: 1000))
        for last in ["100", "101", "102"] { _ = try harness.service.sendPhoneCode(phoneNumber: "+15555550" + last) }
        let sent = try harness.backend.smsOutbox.messages().count
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try harness.service.sendPhoneCode(phoneNumber: "+15555550999")
            } == .tooManyAttempts)
        #expect(try harness.backend.smsOutbox.messages().count == sent, "an SMS went past the limit")
        // Another range (it differs before the last three digits) still gets its codes; the next hour, this one too.
        _ = try harness.service.sendPhoneCode(phoneNumber: "+15555551100")
        harness.clock.advance(by: 3600)
        _ = try harness.service.sendPhoneCode(phoneNumber: "+15555550103")
        // The emulator's reset between a test suite's cases starts the counts again, as it removes pending codes.
        for last in ["104", "105"] { _ = try harness.service.sendPhoneCode(phoneNumber: "+15555550" + last) }
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try harness.service.sendPhoneCode(phoneNumber: "+15555550106")
            } == .tooManyAttempts)
        try harness.service.deleteAllAccounts()
        _ = try harness.service.sendPhoneCode(phoneNumber: "+15555550106")
    }

    @Test("attack: the project's daily SMS cap holds across numbers and ranges, and through a restart of the backend")
    func dailyCap() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sms-cap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = BackendHarness.fastConfiguration
        configuration.smsLimits = SMSLimits(perNumberRangePerHour: 100, rangeDigits: 3, perProjectPerDay: 4)
        func open(_ clock: TestClock) -> BackendHarness {
            BackendHarness(
                storage: SQLiteBackendStateStorage(
                    folder: folder.path, makeInitialState: { .fresh(random: SeededRandomBytes(seed: 1)) }),
                clock: clock, configuration: configuration)
        }
        let clock = TestClock()
        let first = open(clock)
        for number in ["+15555550100", "+447700900123"] { _ = try first.service.sendPhoneCode(phoneNumber: number) }
        // A restarted backend reads the count it left.
        let second = open(clock)
        for number in ["+886912345678", "+905551234567"] { _ = try second.service.sendPhoneCode(phoneNumber: number) }
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try second.service.sendPhoneCode(phoneNumber: "+33612345678")
            } == .quotaExceeded)
        clock.advance(by: 86_400)
        _ = try second.service.sendPhoneCode(phoneNumber: "+33612345678")
    }

    @Test("a region the policy leaves out gets no SMS, in words that name the region; the others get theirs")
    func regions() throws {
        let denying = Self.limited(SMSLimits(), regions: .deny(["1"]))
        let refused = refusal { () throws(IdentityBackendError) in
            _ = try denying.service.sendPhoneCode(phoneNumber: "+15555550100")
        }
        #expect(refused?.code == .unsupportedProvider && refused?.message.contains("region") == true)
        #expect(try denying.backend.smsOutbox.messages().isEmpty)
        _ = try denying.service.sendPhoneCode(phoneNumber: "+447700900123")
        let allowing = Self.limited(SMSLimits(), regions: .allowOnly(["886"]))
        _ = try allowing.service.sendPhoneCode(phoneNumber: "+886912345678")
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try allowing.service.sendPhoneCode(phoneNumber: "+447700900123")
            } == .unsupportedProvider)
        // A shared code (+1) is one region here: the policy names calling codes, which the number says.
        #expect(SMSRegionPolicy.deny(["1"]).allows("+18765550100") == false)
        #expect(SMSRegionPolicy.allowOnly(["44"]).allows("not a number") == false)
    }

    @Test("a number may have five codes pending; the sixth is refused and sends nothing")
    func pendingLimit() throws {
        for _ in 0..<5 { _ = try service.sendPhoneCode(phoneNumber: "+15555550100") }
        let sent = try harness.backend.smsOutbox.messages().count
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.sendPhoneCode(phoneNumber: "+15555550100") }
                == .tooManyAttempts)
        #expect(try harness.backend.smsOutbox.messages().count == sent)
        _ = try service.sendPhoneCode(phoneNumber: "+15555550101")
    }

    /// The error `body` throws, if any.
    func refusal(_ body: () throws(IdentityBackendError) -> Void) -> IdentityBackendError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    @Test("a refused link gives a temporary proof of the number: it signs in to the number's account once, no more")
    func temporaryProof() throws {
        let first = try service.sendPhoneCode(phoneNumber: "+15555550100")
        _ = try service.signInWithPhoneNumber(sessionInfo: first, code: try sentCode(first), idToken: nil)
        let numberOwner = try #require(try service.accounts(uids: [], emails: [], phoneNumbers: ["+15555550100"]).first)
        let other = try service.signUp(email: "other@example.com", password: "other password 1")
        let session = try service.sendPhoneCode(phoneNumber: "+15555550100")
        let code = try sentCode(session)
        let refused = refusal { () throws(IdentityBackendError) in
            _ = try service.signInWithPhoneNumber(sessionInfo: session, code: code, idToken: other.idToken)
        }
        #expect(refused?.code == .phoneNumberExists && refused?.phoneNumber == "+15555550100")
        let proof = try #require(refused?.pendingToken)

        // With the ID token again: still the number of another account, and no new proof.
        let again = refusal { () throws(IdentityBackendError) in
            _ = try service.signInWithPhoneNumber(
                temporaryProof: proof, phoneNumber: "+15555550100", idToken: other.idToken)
        }
        #expect(again?.code == .phoneNumberExists && again?.pendingToken == nil)
        // For another number, or made up: refused.
        for (token, number) in [(proof, "+15555550101"), (Secret("not.a.proof"), "+15555550100")] {
            #expect(
                errorCode { () throws(IdentityBackendError) in
                    _ = try service.signInWithPhoneNumber(temporaryProof: token, phoneNumber: number, idToken: nil)
                } == .invalidTemporaryProof)
        }
        // Without the ID token: the number's account signs in, once.
        let signedIn = try service.signInWithPhoneNumber(
            temporaryProof: proof, phoneNumber: "+1 555-555-0100", idToken: nil)
        #expect(signedIn.session.localId == numberOwner.uid && !signedIn.isNewUser)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithPhoneNumber(temporaryProof: proof, phoneNumber: "+15555550100", idToken: nil)
            } == .invalidTemporaryProof)
    }
}
