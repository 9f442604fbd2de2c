import Foundation
import Testing

@Suite("signin-demo, end to end")
final class SignInDemoEndToEndTests {
    let cli = CLIProcess()

    deinit { cli.cleanUp() }

    @Test("with no arguments it signs in with Apple on the embedded backend and exits 0")
    func demo() throws {
        let result = try cli.run([])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("Signed in."))
        #expect(result.stdout.contains("providers:     apple.com"))
        #expect(result.stdout.contains("email:         jane.appleseed@example.com"))
        #expect(result.stderr.isEmpty)
    }

    @Test("prints no token: no JWT (they start with 'eyJ') and no refresh token ('r.')")
    func noTokens() throws {
        let result = try cli.run(["--yes"])
        #expect(!result.stdout.contains("eyJ"))
        #expect(!result.stdout.contains(" r."))
        #expect(result.stdout.contains("ID token:      (hidden) (expires"), "\(result.stdout)")
    }

    @Test("--help and --version exit 0", arguments: [["--help"], ["--version"], ["-h"]])
    func help(arguments: [String]) throws {
        let result = try cli.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.contains("signin-demo"))
    }

    @Test("an unknown option exits 2 with the message on standard error", arguments: [["--bogus"], ["bogus"]])
    func usageError(arguments: [String]) throws {
        let result = try cli.run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("signin-demo --help"))
    }

    @Test("--hide-email signs in with a private relay address")
    func hideEmail() throws {
        let result = try cli.run(["--hide-email"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("@privaterelay.appleid.com"))
    }
}
