import Foundation
import SignInData
import Testing

@testable import SignInDemoCLI

@Suite("signin-demo serve: who may call it")
struct ServerTests {
    func request(_ headers: [String: String]) -> HTTPRequest {
        HTTPRequest(
            method: "POST", url: URL(fileURLWithPath: "/identitytoolkit.googleapis.com/v1/accounts:signUp"),
            headers: headers)
    }

    @Test(
        "programs on this machine are served, by any loopback name",
        arguments: ["127.0.0.1:9099", "localhost:9099", "LOCALHOST", "[::1]:9099", "127.0.0.1"])
    func loopback(host: String) {
        #expect(Server.refusal(of: request(["Host": host])) == nil)
        #expect(Server.refusal(of: request(["host": host, "Sec-Fetch-Site": "none"])) == nil)
    }

    @Test(
        "a rebound name, no Host, or a request a browser sent for a web page is refused with 403",
        arguments: [
            ["Host": "attacker.example:9099"], ["Host": "127.0.0.1.attacker.example"], [:],
            ["Host": "localhost.evil:9099"], ["Host": "[::1].evil"],
            ["Host": "127.0.0.1:9099", "Origin": "https://attacker.example"],
            ["Host": "127.0.0.1:9099", "Origin": "null"],
            ["Host": "localhost:9099", "Sec-Fetch-Site": "cross-site"],
        ])
    func refused(headers: [String: String]) throws {
        let answer = try #require(Server.refusal(of: request(headers)))
        #expect(answer.status == 403)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("FORBIDDEN_ORIGIN"))
    }
}
