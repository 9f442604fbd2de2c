import Foundation
import SignInTesting
import Testing

@testable import SignInDemoCLI

/// `serve --project ID` answers as that Firebase project: its ID tokens name it as Firebase's do (`iss`
/// `https://securetoken.google.com/ID`, `aud` ID), so that Firebase's own tools accept them from the emulator.
@MainActor
@Suite("serve --project")
struct ServeProjectTests {
    /// The claims of the ID token the CLI stored after signing in as a guest against a server for `project`.
    func claims(project: String?, environment: [String: String] = [:]) async throws -> [String: Any] {
        let serve = try InProcessServe(environment: environment, project: project)
        defer { serve.stop() }
        let client = TemporaryFolder(prefix: "signin-serve-project-client")
        let result = await runCLI(
            ["sign-in", "guest", "--backend", "firebase"], folder: client, environment: serve.environment)
        #expect(result.code == .success, "\(result.err)")
        let data = client.path
        let files = try FileManager.default.contentsOfDirectory(atPath: data + "/client")
        let file = try #require(files.first { $0.hasPrefix("session-firebase-") })
        let stored = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: data + "/client/" + file)))
        let token = try #require(
            ((stored as? [String: Any])?["session"] as? [String: Any])?["tokens"] as? [String: Any])
        let payload = try #require((token["idToken"] as? String)?.split(separator: ".").dropFirst().first)
        var base64 = payload.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        let json = try #require(Data(base64Encoded: base64))
        return try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    }

    @Test("the ID tokens name the project given, else the environment's, else demo-signin")
    func project() async throws {
        let named = try await claims(project: "demo-x")
        #expect(
            named["aud"] as? String == "demo-x" && named["iss"] as? String == "https://securetoken.google.com/demo-x")
        let fromEnvironment = try await claims(project: nil, environment: ["GCLOUD_PROJECT": "demo-env"])
        #expect(fromEnvironment["aud"] as? String == "demo-env")
        let fallback = try await claims(project: nil)
        #expect(fallback["aud"] as? String == "demo-signin")
        #expect(fallback["user_id"] as? String == fallback["sub"] as? String)
        #expect((fallback["firebase"] as? [String: Any])?["sign_in_provider"] as? String == "anonymous")
    }

    @Test("a client set for another project is told so by the outbox, and how to fix it; set right, it reads it")
    func projectMismatch() async throws {
        let serve = try InProcessServe(project: "demo-x")
        defer { serve.stop() }
        let client = TemporaryFolder(prefix: "signin-serve-project-mismatch")
        let wrong = await runCLI(["outbox", "--backend", "firebase"], folder: client, environment: serve.environment)
        #expect(wrong.code == .failure, "\(wrong.out)")
        #expect(wrong.err.contains("set FIREBASE_PROJECT_ID"), "\(wrong.err)")
        let right = await runCLI(
            ["outbox", "--backend", "firebase"], folder: client,
            environment: serve.environment.merging(["FIREBASE_PROJECT_ID": "demo-x"]) { $1 })
        #expect(right.code == .success, "\(right.err)")
    }
}
