import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedIssuers
import SignInEmbeddedStore
import SignInEmulator
import SignInFirebase
import SignInInfrastructure
import SignInPresentation
import SignInTesting
import Testing

/// The same account scenarios against both faces of the embedded backend: in-process, and over real HTTP through
/// `FirebaseIdentityBackend` → `URLSessionTransport` → the package's HTTP server → `EmbeddedHTTPFace` on loopback.
/// What passes on one and fails on the other is a break in the Firebase contract, on the client's side or the
/// server's.
@Suite("One backend, two faces: the account scenarios in-process and over HTTP")
struct BackendContractTests {
    /// A backend with every port: both faces offer them all.
    typealias FullBackend = SessionBackend & PasswordBackend & PasswordResetBackend & PasswordChangeBackend
        & GuestBackend & IdentityProviderBackend & LinkingBackend & AccountDeletionBackend & EmailLinkBackend
        & PhoneBackend & MultiFactorBackend & PhoneSecondFactorBackend

    /// The Data layer's account services over one backend, as the scenarios call them.
    struct Accounts: SignUpService, PasswordResetService, PasswordChangeService, UnlinkService,
        AccountDeletionService
    {
        let backend: any FullBackend
        let clock: any WallClock

        func signUp(email: String, password: Secret) async throws(AuthError) -> UserSession {
            try await BackendSignUpService(backend: backend, clock: clock).signUp(email: email, password: password)
        }
        func sendPasswordReset(email: String) async throws(AuthError) {
            try await BackendPasswordResetService(backend: backend).sendPasswordReset(email: email)
        }
        func confirmPasswordReset(code: Secret, newPassword: Secret) async throws(AuthError) {
            try await BackendPasswordResetService(backend: backend).confirmPasswordReset(
                code: code, newPassword: newPassword)
        }
        func changePassword(_ newPassword: Secret, for session: UserSession) async throws(AuthError) -> UserSession {
            try await BackendPasswordChangeService(backend: backend, clock: clock).changePassword(
                newPassword, for: session)
        }
        func unlink(_ provider: ProviderType, from session: UserSession) async throws(AuthError) -> UserSession {
            try await BackendUnlinkService(backend: backend).unlink(provider, from: session)
        }
        func deleteAccount(_ session: UserSession, revoking revocation: ProviderRevocation?) async throws(AuthError) {
            try await BackendAccountDeletionService(backend: backend).deleteAccount(session, revoking: revocation)
        }
    }

    enum Face: String, CaseIterable, CustomTestStringConvertible {
        case inProcess, overHTTP
        var testDescription: String { rawValue }
    }

    /// The backend behind a face, and what the scenarios need from it.
    final class Rig: Sendable {
        let embedded: EmbeddedBackend
        let clock: TestClock
        let identity: any FullBackend
        let face: Face
        private let server: LoopbackHTTPServer?

        init(_ face: Face) throws {
            self.face = face
            clock = TestClock()
            var configuration = EmbeddedBackendConfiguration()
            configuration.passwordIterations = 1_000
            embedded = EmbeddedBackend.inMemory(
                configuration: configuration, clock: clock, random: SeededRandomBytes(seed: 41))
            switch face {
            case .inProcess:
                server = nil
                identity = embedded.identityService
            case .overHTTP:
                let httpFace = EmbeddedHTTPFace(backend: embedded)
                let server = try LoopbackHTTPServer { httpFace.handle($0) }
                self.server = server
                identity = FirebaseIdentityBackend(
                    configuration: FirebaseConfiguration(
                        apiKey: "contract-test-key", emulatorHost: "127.0.0.1:\(server.port)", timeout: 10),
                    transport: URLSessionTransport())
            }
        }

        deinit { server?.stop() }

        var sessions: SessionManager {
            SessionManager(
                store: InMemorySessionStore(),
                tokenService: BackendSessionTokenService(backend: identity, clock: clock), clock: clock)
        }
        var accounts: Accounts { Accounts(backend: identity, clock: clock) }
        var email: EmailPasswordAuthProvider {
            EmailPasswordAuthProvider(backend: identity, linking: identity, clock: clock)
        }
        var apple: AppleAuthProvider { AppleAuthProvider(backend: identity, linking: identity, clock: clock) }
        var google: GoogleAuthProvider { GoogleAuthProvider(backend: identity, linking: identity, clock: clock) }

        /// A fresh Apple credential, as the sheet makes it: a new nonce each time.
        func appleCredential() throws -> AuthCredential {
            let rawNonce = SystemRandomBytes().token()
            let issued = try embedded.appleIssuer.authorize(
                clientID: embedded.configuration.appleClientID, nonceSHA256: SHA256.hexDigest(rawNonce),
                shareEmail: true)
            return AuthCredential(
                provider: .apple, idToken: issued.identityToken, rawNonce: Secret(rawNonce),
                authorizationCode: issued.authorizationCode, fullName: issued.fullName, email: issued.email)
        }

        /// A fresh Google credential for `email`'s account on the simulated device.
        func googleCredential(_ email: String = "jane.appleseed@gmail.com") throws -> AuthCredential {
            let rawNonce = SystemRandomBytes().token()
            let issued = try embedded.googleIssuer.signIn(email: email, nonce: SHA256.hexDigest(rawNonce))
            return AuthCredential(
                provider: .google, idToken: Secret(issued.idToken), accessToken: Secret(issued.accessToken),
                rawNonce: Secret(rawNonce))
        }

        /// The last reset code mailed to `email`: from the outbox in-process, from the emulator's oobCodes endpoint
        /// over HTTP.
        func resetCode(for email: String) async throws -> Secret {
            let link: String
            switch face {
            case .inProcess:
                link = try #require(try embedded.outbox.messages().last { $0.to == email }?.link)
            case .overHTTP:
                let port = try #require(server?.port)
                let url = try #require(
                    URL(string: "http://127.0.0.1:\(port)/emulator/v1/projects/demo-signin/oobCodes"))
                let response = try await URLSessionTransport().send(HTTPRequest(url: url))
                #expect(response.status == 200)
                struct Codes: Decodable {
                    struct Code: Decodable { var email: String; var oobCode: String; var oobLink: String }
                    var oobCodes: [Code]
                }
                let code = try #require(
                    try JSONDecoder().decode(Codes.self, from: response.body).oobCodes.last { $0.email == email })
                #expect(code.oobLink.hasSuffix(code.oobCode))
                link = code.oobLink
            }
            guard case .resetPassword(let code) = try DeepLink.parse(link) else {
                throw UnexpectedCallError("not a reset link: \(link)")
            }
            return code
        }

        /// The code of the last sign-in link mailed to `email`: from the outbox in-process, from the emulator's
        /// oobCodes endpoint over HTTP.
        /// The code of the last SMS to `number`, read from the backend's SMS outbox (both faces share it).
        func smsCode(to number: String) throws -> Secret {
            let link = try #require(try embedded.smsOutbox.messages().last { $0.to == number }?.link)
            return Secret(try #require(URLComponents(string: link)?.queryItems?.first { $0.name == "code" }?.value))
        }

        func signInLinkCode(for email: String) async throws -> Secret {
            switch face {
            case .inProcess:
                let link = try #require(try embedded.outbox.messages().last { $0.to == email }?.link)
                let code = try #require(URLComponents(string: link)?.queryItems?.first { $0.name == "code" }?.value)
                return Secret(code)
            case .overHTTP:
                let port = try #require(server?.port)
                let url = try #require(
                    URL(string: "http://127.0.0.1:\(port)/emulator/v1/projects/demo-signin/oobCodes"))
                let response = try await URLSessionTransport().send(HTTPRequest(url: url))
                struct Codes: Decodable {
                    struct Code: Decodable { var email: String; var oobCode: String; var requestType: String }
                    var oobCodes: [Code]
                }
                let codes = try JSONDecoder().decode(Codes.self, from: response.body).oobCodes
                return Secret(
                    try #require(codes.last { $0.email == email && $0.requestType == "EMAIL_SIGNIN" }).oobCode)
            }
        }
    }

    @Test(
        "a guest links email and password, signs out, and signs in with the email to the same uid",
        arguments: Face.allCases)
    func guestUpgrade(face: Face) async throws {
        let rig = try Rig(face)
        let guest = try await AnonymousAuthProvider(backend: rig.identity, clock: rig.clock)
            .signIn(with: AuthCredential(provider: .anonymous))
        #expect(guest.isAnonymous && guest.providerIds.isEmpty && guest.isNewUser)

        let linked = try await rig.email.link(
            AuthCredential(provider: .emailPassword, email: "jane@example.com", password: "correct horse 1"), to: guest)
        #expect(linked.uid == guest.uid && !linked.isAnonymous && linked.providerIds == [.emailPassword])

        let sessions = rig.sessions
        try await sessions.establish(linked)
        try await sessions.signOut(reason: .userRequested)
        let again = try await rig.email.signIn(
            with: AuthCredential(provider: .emailPassword, email: "jane@example.com", password: "correct horse 1"))
        #expect(again.uid == guest.uid && again.email == "jane@example.com")
    }

    @Test(
        "Apple's first sign-in keeps the name, which later sign-ins (that carry none) do not erase",
        arguments: Face.allCases)
    func appleKeepsName(face: Face) async throws {
        let rig = try Rig(face)
        let first = try rig.appleCredential()
        #expect(first.fullName?.formatted != nil)
        let session = try await rig.apple.signIn(with: first)
        #expect(session.isNewUser && session.displayName == first.fullName?.formatted)
        #expect(session.providerIds == [.apple] && session.signInProvider == .apple)

        var later = try rig.appleCredential()
        later.fullName = nil
        let returning = try await rig.apple.signIn(with: later)
        #expect(returning.uid == session.uid && !returning.isNewUser && returning.displayName == session.displayName)
        // The nonce was used: the same token a second time is refused. In-process the backend says it is a replay;
        // over HTTP it answers as Firebase does (MISSING_OR_INVALID_NONCE, "Duplicate credential received"), which
        // does not tell a replay from a nonce that is not the token's.
        let replay: AuthError =
            face == .overHTTP ? .invalidIdentityToken(.nonceMismatch) : .invalidIdentityToken(.replayed)
        await #expect(throws: replay) { try await rig.apple.signIn(with: later) }
    }

    @Test(
        "a reset by the mailed code: the new password works, the old one and the code do not", arguments: Face.allCases)
    func passwordReset(face: Face) async throws {
        let rig = try Rig(face)
        _ = try await rig.accounts.signUp(email: "sam@example.com", password: "first pass 1")
        try await rig.accounts.sendPasswordReset(email: "sam@example.com")
        try await rig.accounts.sendPasswordReset(email: "nobody@example.com")
        let code = try await rig.resetCode(for: "sam@example.com")
        try await rig.accounts.confirmPasswordReset(code: code, newPassword: "second pass 2")

        await #expect(throws: AuthError.wrongCredentials) {
            try await rig.email.signIn(
                with: AuthCredential(provider: .emailPassword, email: "sam@example.com", password: "first pass 1"))
        }
        _ = try await rig.email.signIn(
            with: AuthCredential(provider: .emailPassword, email: "sam@example.com", password: "second pass 2"))
        await #expect(throws: AuthError.invalidResetCode) {
            try await rig.accounts.confirmPasswordReset(code: code, newPassword: "third pass 3")
        }
    }

    @Test(
        "a sign-in link: made the account at its first use, once only, and only with the email it was mailed to",
        arguments: Face.allCases)
    func emailLink(face: Face) async throws {
        let rig = try Rig(face)
        let service = BackendEmailLinkSignInService(backend: rig.identity, clock: rig.clock)
        try await service.sendSignInLink(email: "sam@example.com")
        let code = try await rig.signInLinkCode(for: "sam@example.com")
        await #expect(throws: AuthError.signInLinkEmailMismatch) {
            _ = try await service.signIn(email: "eve@example.com", code: code)
        }
        let session = try await service.signIn(email: "sam@example.com", code: code)
        #expect(session.email == "sam@example.com" && session.providerIds == [.emailPassword])
        await #expect(throws: AuthError.invalidSignInLink) {
            _ = try await service.signIn(email: "sam@example.com", code: code)
        }
        try await service.sendSignInLink(email: "sam@example.com")
        let late = try await rig.signInLinkCode(for: "sam@example.com")
        rig.clock.advance(by: 3601)
        await #expect(throws: AuthError.signInLinkExpired) {
            _ = try await service.signIn(email: "sam@example.com", code: late)
        }
        try await service.sendSignInLink(email: "sam@example.com")
        let again = try await service.signIn(
            email: "sam@example.com", code: try await rig.signInLinkCode(for: "sam@example.com"))
        #expect(again.uid == session.uid, "the second link signs in to the account the first one made")
    }

    @Test(
        "a phone number: a code signs in once, makes the account, expires, and links only a number nobody else has",
        arguments: Face.allCases)
    func phone(face: Face) async throws {
        let rig = try Rig(face)
        let service = BackendPhoneSignInService(backend: rig.identity, clock: rig.clock)
        await #expect(throws: AuthError.invalidPhoneNumber) { _ = try await service.sendCode(to: "5555550100") }
        let sent = try await service.sendCode(to: "+15555550100")
        #expect(sent.phoneNumber == "+15555550100")
        let code = try rig.smsCode(to: "+15555550100")
        let wrong = Secret(code.value == "000000" ? "111111" : "000000")
        await #expect(throws: AuthError.invalidPhoneCode) { _ = try await service.signIn(sent, code: wrong) }
        let session = try await service.signIn(sent, code: code)
        #expect(session.providerIds == [.phone] && session.isNewUser)
        await #expect(throws: AuthError.phoneCodeExpired) { _ = try await service.signIn(sent, code: code) }

        let late = try await service.sendCode(to: "+15555550100")
        let lateCode = try rig.smsCode(to: "+15555550100")
        rig.clock.advance(by: 301)
        await #expect(throws: AuthError.phoneCodeExpired) { _ = try await service.signIn(late, code: lateCode) }
        let again = try await service.sendCode(to: "+15555550100")
        let back = try await service.signIn(again, code: try rig.smsCode(to: "+15555550100"))
        #expect(back.uid == session.uid && !back.isNewUser, "the number signs in to the account it made")

        let account = try await rig.accounts.signUp(email: "pat@example.com", password: "pat pass 123")
        let taken = try await service.sendCode(to: "+15555550100")
        await #expect(throws: AuthError.phoneNumberAlreadyInUse) {
            _ = try await service.link(taken, code: try rig.smsCode(to: "+15555550100"), to: account)
        }
        let own = try await service.sendCode(to: "+44 7700 900123")
        let linked = try await service.link(own, code: try rig.smsCode(to: "+447700900123"), to: account)
        #expect(linked.uid == account.uid && Set(linked.providerIds) == [.emailPassword, .phone])

        // Unlinked, the number is the account's no more: it signs in to an account of its own.
        let unlinked = try await rig.accounts.unlink(.phone, from: linked)
        #expect(unlinked.providerIds == [.emailPassword])
        let released = try await service.sendCode(to: "+447700900123")
        let alone = try await service.signIn(released, code: try rig.smsCode(to: "+447700900123"))
        #expect(alone.uid != account.uid && alone.isNewUser)
    }

    @Test(
        "a phone second factor: enrolled with a code, then asked for at sign-in, masked, and finished with its code",
        arguments: Face.allCases)
    func phoneSecondFactor(face: Face) async throws {
        let rig = try Rig(face)
        let account = try await rig.accounts.signUp(email: "mo@example.com", password: "mo password 12")
        let factors = BackendPhoneSecondFactorService(backend: rig.identity, clock: rig.clock)
        await #expect(throws: AuthError.secondFactorNeedsVerifiedEmail) {
            _ = try await factors.startEnrollment(phoneNumber: "+15555550100", for: account)
        }
        _ = try rig.embedded.identityService.updateAccount(uid: account.uid, .init(emailVerified: true))
        let sent = try await factors.startEnrollment(phoneNumber: "+15555550100", for: account)
        await #expect(throws: AuthError.invalidPhoneCode) {
            _ = try await factors.finishEnrollment(
                sent, code: Secret(try rig.smsCode(to: "+15555550100").value == "000000" ? "111111" : "000000"),
                displayName: nil, for: account)
        }
        let enrolled = try await factors.finishEnrollment(
            sent, code: try rig.smsCode(to: "+15555550100"), displayName: "Work", for: account)
        #expect(enrolled.session.uid == account.uid)
        await #expect(throws: AuthError.phoneFactorAlreadyEnrolled) {
            _ = try await factors.startEnrollment(phoneNumber: "+15555550100", for: enrolled.session)
        }

        // The password alone no longer signs in: the answer is the challenge, which lists the phone factor.
        var asked: SecondFactorChallenge?
        do {
            _ = try await rig.email.signIn(
                with: AuthCredential(provider: .emailPassword, email: "mo@example.com", password: "mo password 12"))
        } catch {
            if case .secondFactorRequired(let challenge) = error { asked = challenge }
        }
        let challenge = try #require(asked)
        let phone = try #require(challenge.factors.first { $0.kind == .phone })
        #expect(phone.displayName == "Work" && phone.phoneNumber?.hasSuffix("0100") == true)
        #expect(phone.phoneNumber != "+15555550100", "the number is masked before the second step")
        let step = try await factors.sendSignInCode(challenge, factorID: phone.id)
        let signedIn = try await factors.finishSignIn(
            challenge, verification: step, code: try rig.smsCode(to: "+15555550100"))
        #expect(signedIn.uid == account.uid)
        // The code worked once; the pending credential with it.
        await #expect(throws: AuthError.self) {
            _ = try await factors.finishSignIn(challenge, verification: step, code: try rig.smsCode(to: "+15555550100"))
        }
    }

    @Test("a refresh rotates the refresh token; the old one is refused", arguments: Face.allCases)
    func refreshRotates(face: Face) async throws {
        let rig = try Rig(face)
        let session = try await rig.google.signIn(with: try rig.googleCredential())
        rig.clock.advance(by: 3700)
        let refreshed = try await BackendSessionTokenService(backend: rig.identity, clock: rig.clock).refresh(session)
        #expect(refreshed.uid == session.uid && refreshed.providerIds == [.google])
        #expect(refreshed.tokens.refreshToken != session.tokens.refreshToken)
        #expect(refreshed.tokens.idToken != session.tokens.idToken)
        #expect(refreshed.tokens.expiresAt == rig.clock.now() + 3600)
        rig.clock.advance(by: 120)
        await #expect(throws: AuthError.refreshTokenRejected) {
            try await BackendSessionTokenService(backend: rig.identity, clock: rig.clock).refresh(session)
        }
    }

    @Test(
        "deleting needs a recent sign-in; after it, the account's sessions and sign-ins are refused",
        arguments: Face.allCases)
    func deletion(face: Face) async throws {
        let rig = try Rig(face)
        let session = try await rig.accounts.signUp(email: "kim@example.com", password: "kim pass 123")
        rig.clock.advance(by: 3700)
        let refreshed = try await BackendSessionTokenService(backend: rig.identity, clock: rig.clock).refresh(session)
        await #expect(throws: AuthError.recentSignInRequired(.emailPassword)) {
            try await rig.accounts.deleteAccount(refreshed, revoking: nil)
        }
        let renewed = try await rig.email.reauthenticate(
            AuthCredential(provider: .emailPassword, email: "kim@example.com", password: "kim pass 123"),
            session: refreshed)
        #expect(renewed.uid == session.uid)
        try await rig.accounts.deleteAccount(renewed, revoking: nil)

        await #expect(throws: AuthError.wrongCredentials) {
            try await rig.email.signIn(
                with: AuthCredential(provider: .emailPassword, email: "kim@example.com", password: "kim pass 123"))
        }
        await #expect(throws: AuthError.self) {
            try await BackendSessionTokenService(backend: rig.identity, clock: rig.clock).refresh(renewed)
        }
    }

    @Test(
        "deleting an Apple account signs in with Apple again and revokes with that code; a used code deletes nothing",
        arguments: Face.allCases)
    func deletionRevokesApple(face: Face) async throws {
        let rig = try Rig(face)
        let sessions = rig.sessions
        let first = try rig.appleCredential()
        try await sessions.establish(try await rig.apple.signIn(with: first))
        let clientID = rig.embedded.configuration.appleClientID
        let appleUser = try rig.embedded.appleIssuer.user().subject
        let useCase = DeleteAccountUseCase(accounts: rig.accounts, sessions: sessions, authProviders: [rig.apple])

        // A sheet that hands over a code already used (its first sign-in's, revoked once already) is refused.
        var reused = try rig.appleCredential()
        reused.authorizationCode = first.authorizationCode
        let session = try #require(try await sessions.currentSession())
        try rig.embedded.identityService.revokeToken(
            idToken: session.tokens.idToken,
            ProviderRevocation(provider: .apple, authorizationCode: try #require(first.authorizationCode)))
        await #expect(throws: AuthError.providerRevocationFailed(.apple)) {
            try await useCase(uiClients: [.apple: StubSignInUIClient.returning(reused)])
        }
        #expect(try await sessions.currentSession()?.uid == session.uid)
        #expect(try rig.embedded.identityService.snapshot().accounts[session.uid] != nil)

        try await useCase(uiClients: [.apple: StubSignInUIClient.returning(try rig.appleCredential())])
        #expect(try await sessions.currentSession() == nil)
        #expect(try rig.embedded.identityService.snapshot().accounts[session.uid] == nil)
        #expect(try rig.embedded.appleIssuer.credentialState(forUserID: appleUser, clientID: clientID) == .revoked)
    }

    @Test(
        "re-authenticating with another account's credential, or one no account has, creates nothing",
        arguments: Face.allCases)
    func reauthenticationMismatch(face: Face) async throws {
        let rig = try Rig(face)
        let jane = try await rig.accounts.signUp(email: "jane@example.com", password: "jane pass 1")
        _ = try await rig.accounts.signUp(email: "sam@example.com", password: "sam pass 12")
        await #expect(throws: AuthError.userMismatch(.emailPassword)) {
            try await rig.email.reauthenticate(
                AuthCredential(provider: .emailPassword, email: "sam@example.com", password: "sam pass 12"),
                session: jane)
        }
        let accountsBefore = try rig.embedded.identityService.snapshot().accounts.count
        await #expect(throws: AuthError.userMismatch(.google)) {
            try await rig.google.reauthenticate(try rig.googleCredential(), session: jane)
        }
        #expect(try rig.embedded.identityService.snapshot().accounts.count == accountsBefore)
    }

    @Test(
        "linking an identity another account owns gives the credential back to sign in with", arguments: Face.allCases)
    func credentialConflict(face: Face) async throws {
        let rig = try Rig(face)
        let owner = try await rig.google.signIn(with: try rig.googleCredential())
        let guest = try await AnonymousAuthProvider(backend: rig.identity, clock: rig.clock)
            .signIn(with: AuthCredential(provider: .anonymous))
        let credential = try rig.googleCredential()
        var returned: AuthCredential?
        do {
            _ = try await rig.google.link(credential, to: guest)
            Issue.record("the link was not refused")
        } catch {
            // A pattern `catch` here crashes Swift 6.3.1's SIL ownership verifier (typed throws, partial catch).
            guard case .credentialAlreadyInUse(let given) = error else { throw error }
            returned = given
        }
        // The credential comes back with the backend's pending token, which signs in to the owning account once.
        let back = try #require(returned)
        #expect(back.provider == .google && back.idToken == credential.idToken && back.pendingToken != nil)
        #expect(try await rig.google.signIn(with: back).uid == owner.uid)
        // The identity token itself is still unused too.
        #expect(try await rig.google.signIn(with: credential).uid == owner.uid)
    }

    @Test("unlinking keeps the session's tokens and reports the providers left", arguments: Face.allCases)
    func unlink(face: Face) async throws {
        let rig = try Rig(face)
        let session = try await rig.accounts.signUp(email: "lee@example.com", password: "lee pass 12")
        let both = try await rig.google.link(try rig.googleCredential("sam.rivera@gmail.com"), to: session)
        #expect(Set(both.providerIds) == [.emailPassword, .google])
        let one = try await rig.accounts.unlink(.google, from: both)
        #expect(one.providerIds == [.emailPassword] && one.tokens == both.tokens)
        await #expect(throws: AuthError.providerNotLinked(.google)) {
            try await rig.accounts.unlink(.google, from: one)
        }
    }
}
