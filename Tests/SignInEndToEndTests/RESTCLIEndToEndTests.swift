import Foundation
import SignInData
import Testing

/// The FastAPI notes service's contract, just enough of it: `auth/signup`, `auth/login`, `auth/me`, with FastAPI's error shapes. The
/// reference FastAPI server under `Examples/notes-backend` is the real one; `.ci/run` runs the CLI against it.
final class NotesContractServer: @unchecked Sendable {
    // @unchecked Sendable: `users` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var users: [String: (id: Int, password: String)] = [:]

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        lock.lock()
        defer { lock.unlock() }
        let body = (request.body.flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: String]) ?? [:]
        func json(_ status: Int, _ object: [String: Any]) -> HTTPResponse {
            HTTPResponse(
                status: status, headers: ["Content-Type": "application/json"],
                body: (try? JSONSerialization.data(withJSONObject: object)) ?? Data())
        }
        switch (request.method, request.url.path) {
        case ("POST", "/auth/signup"):
            let email = body["email"] ?? ""
            guard users[email] == nil else { return json(409, ["detail": "Email already registered"]) }
            users[email] = (users.count + 1, body["password"] ?? "")
            return json(201, ["id": users.count, "email": email, "created_at": "2024-03-05T19:43:01.123456"])
        case ("POST", "/auth/login"):
            guard let user = users[body["email"] ?? ""], user.password == body["password"] else {
                return json(401, ["detail": "Incorrect email or password"])
            }
            return json(200, ["access_token": "token-\(user.id)", "token_type": "bearer", "expires_in": 3600])
        case ("GET", "/auth/me"):
            let token = request.headers["Authorization"]?.replacingOccurrences(of: "Bearer ", with: "")
            guard let (email, user) = users.first(where: { "token-\($0.value.id)" == token }) else {
                return json(401, ["detail": "Could not validate credentials"])
            }
            return json(200, ["id": user.id, "email": email, "created_at": "2024-03-05T19:43:01.123456"])
        default:
            return json(404, ["detail": "Not Found"])
        }
    }
}

@Suite("signin-demo --backend rest, against a server of the FastAPI notes service's contract", .serialized)
struct RESTCLIEndToEndTests {
    @Test("sign-up, sign-out, sign-in, status and me work; what the backend does not offer exits 1 and says so")
    func flows() throws {
        let contract = NotesContractServer()
        let server = try LoopbackHTTPServer { contract.handle($0) }
        defer { server.stop() }
        let cli = CLIProcess()
        defer { cli.cleanUp() }
        let base = "http://127.0.0.1:\(server.port)"
        func run(_ arguments: [String], language: String = "en_US.UTF-8") throws -> CLIProcess.Result {
            try cli.run(
                ["--backend", "rest", "--base-url", base] + arguments, environment: ["LANG": language],
                timeout: .seconds(60))
        }
        let password = "rest password 1"
        #expect(try run(["sign-up", "--email", "ada@example.com", "--password", password]).status == 0)
        #expect(try run(["sign-out", "--yes"]).status == 0)
        #expect(try run(["sign-in", "email", "--email", "ada@example.com", "--password", "wrong pass 2"]).status == 1)
        let signedIn = try run(["sign-in", "email", "--email", "ada@example.com", "--password", password, "--json"])
        #expect(signedIn.status == 0 && signedIn.stdout.contains(#""uid":"1""#), "\(signedIn.stdout)\(signedIn.stderr)")
        let me = try run(["me"])
        #expect(me.status == 0 && me.stdout.contains("HTTP 200") && me.stdout.contains("ada@example.com"))
        #expect(!me.stdout.contains("token-1"))
        for arguments in [
            ["sign-in", "guest"], ["sign-in", "apple", "--yes"], ["link", "google"], ["check-credential"], [],
        ] {
            let refused = try run(arguments)
            #expect(refused.status == 1, "\(arguments)")
            #expect(refused.stderr.contains("This sign-in service does not offer"), "\(arguments): \(refused.stderr)")
        }
        let turkish = try run(["sign-in", "guest"], language: "tr_TR.UTF-8")
        #expect(turkish.status == 1 && turkish.stderr.contains("Bu oturum açma hizmeti misafir girişi sunmuyor."))
        let taken = try run(["sign-up", "--email", "ada@example.com", "--password", password])
        #expect(taken.status == 1 && taken.stderr.contains("ada@example.com already belongs to an account"))
    }

    @Test("--backend rest needs --base-url, and says so (exit 2)")
    func needsBaseURL() throws {
        let cli = CLIProcess()
        defer { cli.cleanUp() }
        let result = try cli.run(["--backend", "rest", "status"])
        #expect(result.status == 2 && result.stderr.contains("--base-url"))
    }
}
