import Foundation
import SignInData
import SignInInfrastructure
import SignInTesting
import Testing

@testable import SignInDemoCLI

/// `serve --accept-unsigned-provider-tokens`: the unsigned identity tokens of tests written against Google's
/// emulator, only when asked for, and only for serve.
@MainActor
@Suite("serve's lenient mode for unsigned provider tokens")
struct ServeLenientModeTests {
    let folder = TemporaryFolder(prefix: "signin-lenient")

    func signInWithIdp(_ token: String, at serve: InProcessServe) async throws -> HTTPResponse {
        let url = try #require(
            URL(string: "http://127.0.0.1:\(serve.port)/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=k")
        )
        let postBody =
            "providerId=google.com&id_token="
            + (token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        let body = try JSONSerialization.data(withJSONObject: [
            "postBody": postBody, "requestUri": "http://localhost", "returnSecureToken": true,
        ])
        return try await URLSessionTransport().send(
            HTTPRequest(method: "POST", url: url, headers: ["Content-Type": "application/json"], body: body))
    }

    @Test("off by default: refused; on: a JSON object of claims signs in over HTTP")
    func lenientMode() async throws {
        let token = #"{"sub":"emulator-user","email":"emu@example.com"}"#
        let strict = try InProcessServe()
        let refused = try await signInWithIdp(token, at: strict)
        strict.stop()
        #expect(refused.status == 400, "\(String(decoding: refused.body, as: UTF8.self))")

        let lenient = try InProcessServe(acceptsUnsignedProviderTokens: true)
        defer { lenient.stop() }
        let accepted = try await signInWithIdp(token, at: lenient)
        #expect(accepted.status == 200, "\(String(decoding: accepted.body, as: UTF8.self))")
        let answer = try JSONSerialization.jsonObject(with: accepted.body) as? [String: Any]
        #expect(answer?["email"] as? String == "emu@example.com" && answer?["idToken"] is String)
    }

    @Test("the flag is serve's: another command refuses it; serve's help lists it in each language")
    func flagIsServes() async throws {
        let other = await runCLI(["status", "--accept-unsigned-provider-tokens"], folder: folder)
        #expect(other.code == .usage, "\(other.err)")
        let help = await runCLI(["serve", "--help"], folder: folder)
        #expect(help.out.contains("--accept-unsigned-provider-tokens"), "\(help.out)")
        let turkish = await runCLI(["serve", "--help"], folder: folder, language: "tr_TR.UTF-8")
        #expect(turkish.out.contains("imzasız kimlik belirteçlerini"), "\(turkish.out)")
    }

    /// The header of the ID token a password sign-up at `serve` answers.
    func signUpTokenHeader(at serve: InProcessServe) async throws -> [String: Any] {
        let url = try #require(
            URL(string: "http://127.0.0.1:\(serve.port)/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k"))
        let body = try JSONSerialization.data(withJSONObject: [
            "email": "sam@example.com", "password": "sam password 1", "returnSecureToken": true,
        ])
        let answer = try await URLSessionTransport().send(
            HTTPRequest(method: "POST", url: url, headers: ["Content-Type": "application/json"], body: body))
        let object = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
        let token = try #require(object?["idToken"] as? String)
        let header = try #require(Base64URLText.decode(token.prefix { $0 != "." }))
        return try #require(try JSONSerialization.jsonObject(with: header) as? [String: Any])
    }

    @Test("unsigned session tokens only when asked for: RS256 by default, alg none with --unsigned-session-tokens")
    func unsignedSessionTokens() async throws {
        let signing = try InProcessServe()
        let signed = try await signUpTokenHeader(at: signing)
        signing.stop()
        #expect(signed["alg"] as? String == "RS256", "\(signed)")
        let unsigned = try InProcessServe(unsignedSessionTokens: true)
        defer { unsigned.stop() }
        #expect(try await signUpTokenHeader(at: unsigned)["alg"] as? String == "none")

        let other = await runCLI(["status", "--unsigned-session-tokens"], folder: folder)
        #expect(other.code == .usage, "\(other.err)")
        for language in ["en_US.UTF-8", "tr_TR.UTF-8", "zh_TW.UTF-8"] {
            let help = await runCLI(["serve", "--help"], folder: folder, language: language)
            #expect(help.out.contains("--unsigned-session-tokens") && help.out.contains("alg none"), "\(help.out)")
        }
    }
}
