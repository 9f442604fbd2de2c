import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInJOSE
import SignInTesting
import Testing

/// Phone numbers as second factors: enrolment confirmed by a code sent by SMS, a sign-in whose second step sends a
/// code to the factor, and every way a factor's code could stand in for something else.
@Suite("Second factors (phone)")
struct PhoneSecondFactorTests {
    let harness = BackendHarness()
    var service: EmbeddedIdentityService { harness.service }
    let email = "ada@example.com"
    let password: Secret = "correct horse battery"
    let number = "+15555550100"

    /// The code last sent to `number`, with its session info.
    func lastCode(to number: String) throws -> (sessionInfo: Secret, code: Secret) {
        let sent = try #require(try service.pendingSMSCodes().last { $0.phoneNumber == number })
        return (sent.sessionInfo, sent.code)
    }

    /// An email account with a verified email and a confirmed phone factor.
    func enrolled() throws -> (uid: String, session: BackendSessionResponse) {
        let signedUp = try service.signUp(email: email, password: password)
        try service.updateAccount(uid: signedUp.localId, .init(emailVerified: true))
        let sessionInfo = try service.startPhoneEnrollment(idToken: signedUp.idToken, phoneNumber: "+1 555 555 0100")
        let sent = try lastCode(to: number)
        #expect(sent.sessionInfo == sessionInfo)
        let session = try service.finalizePhoneEnrollment(
            idToken: signedUp.idToken, sessionInfo: sessionInfo, code: sent.code, displayName: "Work phone"
        ).session
        return (signedUp.localId, session)
    }

    func challenge() throws -> BackendSecondFactorChallenge {
        var challenge: BackendSecondFactorChallenge?
        do throws(IdentityBackendError) {
            _ = try service.signInWithPassword(email: email, password: password)
        } catch {
            challenge = error.secondFactor
        }
        return try #require(challenge)
    }

    func secondFactorClaim(_ session: BackendSessionResponse) throws -> (String?, String?) {
        let parts = try #require(JWS.parse(session.idToken.value))
        let claims = try #require(TokenJSON.sessionClaims(from: parts.payload))
        return (claims.signInSecondFactor, claims.secondFactorIdentifier)
    }

    @Test("enrolled by a code sent to it, the factor is asked for at sign-in, and its code ends the sign-in once")
    func signIn() throws {
        let (uid, enrolment) = try enrolled()
        let factor = try #require(try service.account(uid: uid)?.secondFactors?.first)
        #expect(factor.phoneNumber == number && factor.displayName == "Work phone" && factor.sealedSecret.isEmpty)
        #expect(try secondFactorClaim(enrolment) == ("phone", factor.id))

        let challenge = try challenge()
        // Before the second step, the number is masked but for its last four digits, in-process as over HTTP.
        #expect(challenge.factors.map(\.phoneNumber) == ["+*******0100"])
        #expect(challenge.factors.first?.domain.kind == .phone)
        let sessionInfo = try service.startPhoneSecondFactorSignIn(
            pendingCredential: challenge.pendingCredential, enrollmentID: factor.id)
        let sent = try lastCode(to: number)
        #expect(sent.sessionInfo == sessionInfo)
        let session = try service.finalizePhoneSecondFactorSignIn(
            pendingCredential: challenge.pendingCredential, sessionInfo: sessionInfo, code: sent.code)
        #expect(session.localId == uid)
        #expect(try secondFactorClaim(session) == ("phone", factor.id))

        // The pending credential and the code worked once.
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.startPhoneSecondFactorSignIn(
                    pendingCredential: challenge.pendingCredential, enrollmentID: factor.id)
            } == .invalidMFAPendingCredential)
        let again = try self.challenge()
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.finalizePhoneSecondFactorSignIn(
                    pendingCredential: again.pendingCredential, sessionInfo: sessionInfo, code: sent.code)
            } == .invalidSessionInfo)
    }

    @Test("attack: a factor's code proves that factor only: not a phone sign-in, not a TOTP step, not another account")
    func codesStayBound() throws {
        let (_, _) = try enrolled()
        let factorID = try #require(try service.account(uid: try challengeUID())?.secondFactors?.first?.id)
        let challenge = try challenge()
        let sessionInfo = try service.startPhoneSecondFactorSignIn(
            pendingCredential: challenge.pendingCredential, enrollmentID: factorID)
        let sent = try lastCode(to: number)
        // Not a phone sign-in of the number (which would make an account of it, or sign its owner in).
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithPhoneNumber(sessionInfo: sessionInfo, code: sent.code, idToken: nil)
            } == .invalidSessionInfo)
        // Not another account's sign-in.
        let other = try service.signUp(email: "eve@example.com", password: password)
        try service.updateAccount(uid: other.localId, .init(emailVerified: true))
        _ = try service.startPhoneEnrollment(idToken: other.idToken, phoneNumber: "+15555550199")
        let eveCode = try lastCode(to: "+15555550199")
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.finalizePhoneSecondFactorSignIn(
                    pendingCredential: challenge.pendingCredential, sessionInfo: eveCode.sessionInfo,
                    code: eveCode.code)
            } == .invalidSessionInfo)
        // Not an enrolment of another account either.
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.finalizePhoneEnrollment(
                    idToken: other.idToken, sessionInfo: sessionInfo, code: sent.code, displayName: nil)
            } == .invalidSessionInfo)
        // A phone factor takes no TOTP code.
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.finalizeSecondFactorSignIn(
                    pendingCredential: challenge.pendingCredential, enrollmentID: factorID, code: "123456")
            } == .invalidCode)
        // Five wrong codes end the step; the right one then does nothing.
        for _ in 0..<EmbeddedIdentityService.maximumSMSCodeAttempts {
            #expect(
                errorCode { () throws(IdentityBackendError) in
                    _ = try service.finalizePhoneSecondFactorSignIn(
                        pendingCredential: challenge.pendingCredential, sessionInfo: sessionInfo, code: "000000")
                } == (sent.code.value == "000000" ? nil : .invalidCode))
        }
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.finalizePhoneSecondFactorSignIn(
                    pendingCredential: challenge.pendingCredential, sessionInfo: sessionInfo, code: sent.code)
            } == .invalidSessionInfo)
    }

    func challengeUID() throws -> String {
        try #require(try service.accounts(uids: [], emails: [email]).first?.uid)
    }

    @Test("enrolment needs a verified email, a first factor other than the phone, and a number not yet a factor")
    func enrolmentRules() throws {
        let signedUp = try service.signUp(email: email, password: password)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.startPhoneEnrollment(idToken: signedUp.idToken, phoneNumber: number)
            } == .unverifiedEmail)
        try service.updateAccount(uid: signedUp.localId, .init(emailVerified: true))
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.startPhoneEnrollment(idToken: signedUp.idToken, phoneNumber: "555 0100")
            } == .invalidPhoneNumber)
        let byPhone = try service.sendPhoneCode(phoneNumber: "+15555550142")
        let phoneSession = try service.signInWithPhoneNumber(
            sessionInfo: byPhone, code: try lastCode(to: "+15555550142").code, idToken: nil)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.startPhoneEnrollment(idToken: phoneSession.session.idToken, phoneNumber: number)
            } == .unsupportedFirstFactor)

        let sessionInfo = try service.startPhoneEnrollment(idToken: signedUp.idToken, phoneNumber: number)
        _ = try service.finalizePhoneEnrollment(
            idToken: signedUp.idToken, sessionInfo: sessionInfo, code: try lastCode(to: number).code, displayName: nil)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.startPhoneEnrollment(idToken: signedUp.idToken, phoneNumber: number)
            } == .secondFactorExists)
        // The number of an account with a phone factor signs nothing in, and no code is sent to it.
        try service.updateAccount(uid: signedUp.localId, .init(phoneNumber: "+15555550177"))
        let before = try service.pendingSMSCodes().count
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.sendPhoneCode(phoneNumber: "+15555550177") }
                == .unsupportedFirstFactor)
        #expect(try service.pendingSMSCodes().count == before)
    }

    @Test("an administrator's list replaces the phone factors: numbers checked, ids unique, a repeated number dropped")
    func administratorList() throws {
        let signedUp = try service.signUp(email: email, password: password)
        typealias Entry = EmbeddedIdentityService.SecondFactorEntry
        let listed = try service.updateAccount(
            uid: signedUp.localId,
            .init(
                secondFactors: [
                    Entry(enrollmentID: "a", phoneNumber: number, displayName: "Cell"),
                    Entry(enrollmentID: "b", phoneNumber: number),
                    Entry(enrollmentID: "c", phoneNumber: "+15555550101"),
                ]))
        #expect(listed.secondFactors?.map(\.id) == ["a", "c"])
        let cases: [([Entry], IdentityBackendError.Code)] = [
            ([Entry(enrollmentID: "a", phoneNumber: "not a number")], .invalidMFAPhoneNumber),
            ([Entry(enrollmentID: "x")], .invalidMFAPhoneNumber),
            (
                [Entry(enrollmentID: "d", phoneNumber: number), Entry(enrollmentID: "d", phoneNumber: "+15555550101")],
                .duplicateMFAEnrollmentID
            ),
        ]
        for (entries, code) in cases {
            #expect(
                errorCode { () throws(IdentityBackendError) in
                    try service.updateAccount(uid: signedUp.localId, .init(secondFactors: entries))
                } == code)
        }
        #expect(try service.account(uid: signedUp.localId)?.secondFactors?.map(\.id) == ["a", "c"], "unchanged")
        #expect(try service.updateAccount(uid: signedUp.localId, .init(secondFactors: [])).secondFactors == nil)
    }
}
