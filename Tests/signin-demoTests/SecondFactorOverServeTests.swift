import Foundation
import SignInCrypto
import SignInTesting
import Testing

@testable import SignInDemoCLI

/// Two-step sign-in through the Firebase client against `serve`: Identity Platform's v2 endpoints, the
/// `mfaPendingCredential` answer of a sign-in, and `mfaInfo` in lookups.
@MainActor
@Suite("Two-step sign-in against serve")
struct SecondFactorOverServeTests {
    let folder = TemporaryFolder(prefix: "signin-mfa-serve")
    let email = "ada@example.com"
    let password = "correct horse battery"

    func run(
        _ arguments: [String], _ serve: InProcessServe,
        _ console: AuthenticatorConsole = AuthenticatorConsole([], isInteractive: false)
    ) async -> (code: ExitCode, out: String, err: String) {
        let environment = ["LANG": "en_US.UTF-8", "SIGNIN_DEMO_PBKDF2_ITERATIONS": "1000"].merging(
            serve.environment
        ) { $1 }
        let code = await DemoCLI(console: console.console, environment: environment).run(
            arguments + ["--backend", "firebase", "--data-dir", folder.path])
        return (code, console.out, console.err)
    }

    @Test("enrol, sign in with the authenticator's code, list and remove, over HTTP")
    func overHTTP() async throws {
        let serve = try InProcessServe()
        defer { serve.stop() }
        #expect(await run(["sign-up", "--email", email, "--password", password], serve).code == .success)
        let enrolment = await run(
            ["mfa", "enroll", "--name", "Phone"], serve, AuthenticatorConsole([{ AuthenticatorConsole.code(in: $0) }]))
        #expect(enrolment.code == .success, "\(enrolment.err)")
        #expect(
            enrolment.out.contains("algorithm=SHA1&digits=6&period=30"),
            "Identity Platform's HMAC_SHA1, as apps name it")
        let secret = try #require(AuthenticatorConsole.secret(in: enrolment.out))
        #expect(await run(["mfa", "list"], serve).out.contains("Phone"))

        #expect(await run(["sign-out", "--yes"], serve).code == .success)
        let refused = await run(["sign-in", "email", "--email", email, "--password", password], serve)
        #expect(refused.code == .usage && refused.err.contains("--code"), "\(refused.err)")
        let next = OneTimeCodeGenerator.standard.code(secret: secret, at: Int64(Date().timeIntervalSince1970) + 30)
        let wrong = String(format: "%06d", (Int(next)! + 1) % 1_000_000)
        let wrongCode = await run(
            ["sign-in", "email", "--email", email, "--password", password, "--code", wrong], serve)
        #expect(wrongCode.code == .failure && wrongCode.err.contains("That code is not right"), "\(wrongCode.err)")
        let signedIn = await run(["sign-in", "email", "--email", email, "--password", password, "--code", next], serve)
        #expect(signedIn.code == .success, "\(signedIn.err)")

        let removed = await run(["mfa", "remove", "--yes"], serve)
        #expect(removed.code == .success, "\(removed.err)")
        #expect(await run(["mfa", "list"], serve).out.contains("two-step sign-in is off"))
        for route in [
            "mfaEnrollment:start", "mfaEnrollment:finalize", "mfaSignIn:finalize", "mfaEnrollment:withdraw",
        ] {
            #expect(serve.log.err.contains(route), "\(route) went through serve")
        }
    }
}
