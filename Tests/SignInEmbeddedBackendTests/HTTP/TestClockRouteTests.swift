import Foundation
import SignInData
import SignInEmbeddedBackend
import SignInEmbeddedStore
import Testing

@testable import SignInEmulator

/// `serve --test-clock`: a test suite moves the backend's clock through `/emulator/v1/projects/{id}/clock` in place
/// of its fake timers. Off unless the face is given the clock.
@Suite("EmbeddedHTTPFace: the emulator-only test clock")
struct TestClockRouteTests {
    static let path = "/emulator/v1/projects/demo-signin/clock"

    func request(_ face: EmbeddedHTTPFace, _ method: String, _ path: String = path, _ body: String? = nil) -> Reply {
        guard let url = URL(string: FaceHarness.origin + path) else { return Reply(HTTPResponse(status: -1)) }
        return Reply(
            face.handle(
                HTTPRequest(
                    method: method, url: url, headers: ["Content-Type": "application/json"],
                    body: body.map { Data($0.utf8) })))
    }

    func signUp(_ face: EmbeddedHTTPFace) -> Reply {
        request(
            face, "POST", "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k",
            #"{"email":"clock@example.com","password":"clock password 1","returnSecureToken":true}"#)
    }

    @Test("without a clock every method of the endpoint is 404, and nothing moves")
    func offByDefault() {
        let face = EmbeddedHTTPFace(backend: .inMemory())
        for (method, body) in [("GET", nil), ("PATCH", #"{"advanceMillis":"1000"}"#), ("DELETE", nil)] {
            let reply = request(face, method, Self.path, body)
            #expect(reply.status == 404 && reply.errorCode == "NOT_FOUND", "\(method): \(reply.text)")
        }
    }

    @Test(
        "moving it forward past an hour (and the skew) expires an ID token; putting it back makes the token good again")
    func movesTheBackendsTime() throws {
        let clock = ShiftedClock()
        let face = EmbeddedHTTPFace(
            backend: .inMemory(configuration: .init(projectID: "demo-signin"), clock: clock), testClock: clock)
        let idToken = try #require(signUp(face).string("idToken"))
        let lookup = {
            request(
                face, "POST", "/identitytoolkit.googleapis.com/v1/accounts:lookup?key=k", #"{"idToken":"\#(idToken)"}"#)
        }
        #expect(lookup().status == 200)

        let beforeText = try #require(request(face, "GET").string("nowMillis"))
        let before = try #require(Int64(beforeText))
        let moved = request(face, "PATCH", Self.path, #"{"advanceMillis":"3700000"}"#)
        #expect(moved.status == 200 && moved.string("offsetMillis") == "3700000", "\(moved.text)")
        let afterText = try #require(moved.string("nowMillis"))
        let after = try #require(Int64(afterText))
        #expect(after - before >= 3_700_000)
        #expect(lookup().status == 400, "past the hour and the allowed clock skew the ID token has expired")

        let back = request(face, "DELETE")
        #expect(back.status == 200 && back.string("offsetMillis") == "0", "\(back.text)")
        #expect(lookup().status == 200)
    }

    @Test("it only moves forward, by a whole number of milliseconds up to a year, given as a string")
    func refusesBadSteps() {
        let clock = ShiftedClock()
        let face = EmbeddedHTTPFace(
            backend: .inMemory(configuration: .init(projectID: "demo-signin"), clock: clock), testClock: clock)
        for body in [
            #"{"advanceMillis":"-1"}"#, #"{"advanceMillis":"1.5"}"#, #"{"advanceMillis":"31622400001"}"#,
            #"{"advanceMillis":1000}"#, "{}",
        ] {
            let reply = request(face, "PATCH", Self.path, body)
            #expect(reply.status == 400, "\(body): \(reply.text)")
        }
        #expect(request(face, "GET").string("offsetMillis") == "0")
        #expect(request(face, "POST").status == 405)
    }

    @Test("frozen, it stands still: what the backend writes is the instant the endpoint reads, sign-in times included")
    func frozenClockStandsStill() throws {
        let clock = ShiftedClock(frozen: true)
        let face = EmbeddedHTTPFace(
            backend: .inMemory(configuration: .init(projectID: "demo-signin"), clock: clock), testClock: clock)
        let first = try #require(request(face, "GET").string("nowMillis"))
        let uid = try #require(signUp(face).string("localId"))
        #expect(request(face, "GET").string("nowMillis") == first)
        let account = try #require(try face.backend.identityService.account(uid: uid))
        let millis = { (date: Date?) in date.map { String(Int64(($0.timeIntervalSince1970 * 1000).rounded())) } }
        #expect(millis(account.createdAt) == first && millis(account.lastSignInAt) == first)
        #expect(millis(account.lastRefreshAt) == first && millis(account.passwordUpdatedAt) == first)
        let moved = try #require(request(face, "PATCH", Self.path, #"{"advanceMillis":"4000"}"#).string("nowMillis"))
        #expect(Int64(moved) == (Int64(first) ?? 0) + 4000)
        #expect(request(face, "GET").string("offsetMillis") == "4000")
    }
}
