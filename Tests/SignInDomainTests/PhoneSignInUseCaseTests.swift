import Foundation
import SignInDomain
import SignInTesting
import Testing

@Suite("Phone sign-in use cases")
struct PhoneSignInUseCaseTests {
    let clock = TestClock()

    func manager(signedIn session: UserSession? = nil) -> (SessionManager, SpySessionStore) {
        let store = SpySessionStore(session: session)
        return (SessionManager(store: store, tokenService: SpySessionTokenService(clock: clock), clock: clock), store)
    }

    func session(uid: String, providers: [ProviderType]) -> UserSession {
        .fixture(
            uid: uid, email: nil, providerIds: providers, tokens: .fixture(expiresAt: clock.now() + 3600),
            signInProvider: providers.first)
    }

    let verification = PhoneVerification(phoneNumber: "+15555550100", id: "spy-verification")

    @Test(
        "sending: a national form, letters, or an unassigned country code is refused before any call",
        arguments: ["(555) 555-0100", "05555550100", "+1 555 CALL NOW", "+999 1234 5678", "", "+"])
    func refusedNumbers(number: String) async {
        let service = SpyPhoneSignInService()
        await #expect(throws: AuthError.invalidPhoneNumber) {
            _ = try await SendPhoneCodeUseCase(service: service)(phoneNumber: number)
        }
        #expect(await service.calls.isEmpty, "nothing is sent for \(number)")
    }

    @Test("sending: the number goes in E.164, and the verification the service answered comes back")
    func send() async throws {
        let service = SpyPhoneSignInService(verificationID: "v-1", failures: [nil, .tooManyPhoneCodes])
        let send = SendPhoneCodeUseCase(service: service)
        let sent = try await send(phoneNumber: " +1 (555) 555-0100 ")
        #expect(sent == PhoneVerification(phoneNumber: "+15555550100", id: "v-1"))
        #expect(await service.calls == [.sendCode(phoneNumber: "+15555550100")])
        await #expect(throws: AuthError.tooManyPhoneCodes) { _ = try await send(phoneNumber: "+905551234567") }
    }

    @Test("signing in: a code that is not 6 digits is refused before any call; a good one stores the session")
    func signIn() async throws {
        let signedIn = session(uid: "p1", providers: [.phone])
        let (sessions, store) = manager()
        let service = SpyPhoneSignInService(session: .success(signedIn), failures: [.invalidPhoneCode])
        let signIn = SignInWithPhoneUseCase(service: service, sessions: sessions)
        for bad: Secret in ["12345", "1234567", "12a456", "١٢٣٤٥٦", ""] {
            await #expect(throws: AuthError.invalidPhoneCode) { _ = try await signIn(verification, code: bad) }
        }
        #expect(await service.calls.isEmpty)
        await #expect(throws: AuthError.invalidPhoneCode) { _ = try await signIn(verification, code: "000000") }
        #expect(await store.calls.allSatisfy { if case .save = $0 { false } else { true } }, "nothing stored")
        #expect(try await signIn(verification, code: " 123456 ") == .signedIn(signedIn))
        #expect(await service.calls.last == .signIn(verification, code: "123456"))
        #expect(await store.calls.contains(.save(signedIn)))
    }

    @Test("signing in to an account with a second factor: the challenge comes back and nothing is stored yet")
    func secondFactor() async throws {
        let (sessions, store) = manager()
        let challenge = SecondFactorChallenge.fixture()
        let service = SpyPhoneSignInService(failures: [.secondFactorRequired(challenge)])
        let signIn = SignInWithPhoneUseCase(service: service, sessions: sessions)
        #expect(try await signIn(verification, code: "123456") == .secondFactorRequired(challenge))
        #expect(await store.calls.allSatisfy { if case .save = $0 { false } else { true } })
    }

    @Test(
        "linking: signed out, or with a number already, nothing is sent; a number in use is refused, and linking keeps the uid"
    )
    func link() async throws {
        let signedOut = LinkPhoneUseCase(service: SpyPhoneSignInService(), sessions: manager().0)
        await #expect(throws: AuthError.notSignedIn) { _ = try await signedOut(verification, code: "123456") }

        let withPhone = session(uid: "u1", providers: [.emailPassword, .phone])
        let hasOne = SpyPhoneSignInService()
        let already = LinkPhoneUseCase(service: hasOne, sessions: manager(signedIn: withPhone).0)
        await #expect(throws: AuthError.providerAlreadyLinked(.phone)) {
            _ = try await already(verification, code: "123456")
        }
        #expect(await hasOne.calls.isEmpty)

        let current = session(uid: "u1", providers: [.emailPassword])
        let linked = session(uid: "u1", providers: [.emailPassword, .phone])
        let (sessions, store) = manager(signedIn: current)
        let service = SpyPhoneSignInService(session: .success(linked), failures: [.phoneNumberAlreadyInUse])
        let link = LinkPhoneUseCase(service: service, sessions: sessions)
        await #expect(throws: AuthError.invalidPhoneCode) { _ = try await link(verification, code: "12 34 56") }
        await #expect(throws: AuthError.phoneNumberAlreadyInUse) { _ = try await link(verification, code: "123456") }
        #expect(try await link(verification, code: "123456") == linked)
        #expect(
            await service.calls == [
                .link(verification, code: "123456", uid: "u1"), .link(verification, code: "123456", uid: "u1"),
            ])
        #expect(await store.calls.contains(.save(linked)))
    }
}
