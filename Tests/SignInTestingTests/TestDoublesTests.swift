import Foundation
import SignInDomain
import SignInLocking
import SignInTesting
import Testing

@Suite("Test doubles")
struct TestDoublesTests {
    final class ReportedIssues: Sendable {
        let messages = Locked<[String]>([])
        var reporter: IssueReporter { { message in self.messages.withLock { $0.append(message) } } }
        var all: [String] { messages.withLock { $0 } }
    }

    @Test("Failing doubles of Domain ports report the call and throw AuthError.unexpected naming it")
    func failing() async {
        let issues = ReportedIssues()
        await #expect(throws: UnexpectedCallError("SignInUIClient.getCredential").authError) {
            try await FailingSignInUIClient(.apple, reportIssue: issues.reporter).getCredential()
        }
        await #expect(throws: UnexpectedCallError("AuthProvider.signIn").authError) {
            try await FailingAuthProvider(.apple, reportIssue: issues.reporter).signIn(with: .fixture())
        }
        await #expect(throws: UnexpectedCallError("AuthProvider.link").authError) {
            try await FailingAuthProvider(.apple, reportIssue: issues.reporter).link(.fixture(), to: .fixture())
        }
        await #expect(throws: UnexpectedCallError("AuthProvider.reauthenticate").authError) {
            try await FailingAuthProvider(.apple, reportIssue: issues.reporter)
                .reauthenticate(.fixture(), session: .fixture())
        }
        await #expect(throws: UnexpectedCallError("SessionStore.save").authError) {
            try await FailingSessionStore(reportIssue: issues.reporter).save(.fixture())
        }
        #expect(issues.all.count == 5)
        #expect(issues.all.contains { $0.contains("reauthenticate") })
    }

    @Test("StubAuthProvider answers sign-in, link and re-authentication alike with its canned result")
    func stubProvider() async throws {
        let session = UserSession.fixture(uid: "stubbed")
        let stub = StubAuthProvider(.apple, result: .success(session))
        #expect(try await stub.signIn(with: .fixture()) == session)
        #expect(try await stub.link(.fixture(), to: .fixture()) == session)
        #expect(try await stub.reauthenticate(.fixture(), session: .fixture()) == session)
        let refusing = StubAuthProvider(.apple, result: .failure(.userMismatch(.apple)))
        await #expect(throws: AuthError.userMismatch(.apple)) {
            try await refusing.reauthenticate(.fixture(), session: .fixture())
        }
    }

    @Test("SpySessionStore records calls and keeps the session when told to fail")
    func spyStore() async throws {
        let store = SpySessionStore(session: .fixture(uid: "a"), saveError: .sessionStorage(reason: "full"))
        await #expect(throws: AuthError.sessionStorage(reason: "full")) { try await store.save(.fixture(uid: "b")) }
        #expect(try await store.load()?.uid == "a")
        #expect(await store.calls == [.save(.fixture(uid: "b")), .load])
    }

    @Test("TestClock moves only when told")
    func clock() {
        let clock = TestClock()
        let start = clock.now()
        #expect(clock.now() == start)
        clock.advance(by: 90)
        #expect(clock.now() == start.addingTimeInterval(90))
    }

    @Test("SeededRandomBytes repeats for the same seed and differs for another")
    func seeded() {
        #expect(SeededRandomBytes(seed: 1).bytes(count: 40) == SeededRandomBytes(seed: 1).bytes(count: 40))
        #expect(SeededRandomBytes(seed: 1).bytes(count: 40) != SeededRandomBytes(seed: 2).bytes(count: 40))
        #expect(ScriptedRandomBytes([1, 2]).bytes(count: 5) == [1, 2, 1, 2, 1])
    }

    @Test("fixtures hold no real-looking tokens and have sensible defaults")
    func fixtures() {
        let session = UserSession.fixture()
        #expect(session.providerIds == [.apple])
        #expect(session.tokens.expiresAt > TestClock().now())
    }
}
