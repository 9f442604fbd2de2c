import Foundation
import Testing

/// Output that cannot be written: a closed standard output, a full disk, a reader that went away. Never a crash.
@Suite("signin-demo with standard output closed, full or cut off")
final class OutputFailureEndToEndTests {
    let cli = CLIProcess(environment: ["SIGNIN_DEMO_PBKDF2_ITERATIONS": "1000"])

    deinit { cli.cleanUp() }

    func shell(_ script: String) throws -> CLIProcess.Result {
        try cli.runThroughShell(script)
    }

    @Test(
        "a closed or full standard output is one line on standard error and exit 1",
        arguments: [
            #""$0" status >&-"#, #""$0" --help >/dev/full"#, #""$0" status --json >/dev/full"#,
            #""$0" sign-in apple >&-"#,
            // serve would listen where nobody can learn (a port picked with --port 0): it stops at once. The
            // timeout kills a regression, which would otherwise serve until it is stopped (exit 137, not 1).
            #"timeout -s KILL 20 "$0" serve --port 0 >&-"#,
        ])
    func failedWrites(script: String) throws {
        #expect(try cli.run(["sign-in", "apple"]).status == 0)
        let result = try shell(script)
        #expect(result.status == 1, "\(script)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(script): \(result.stderr)")
        #expect(result.stderr.contains("standard output"))
    }

    @Test(
        "a command that fails keeps its own exit code when standard output is closed, and says it could not write",
        arguments: [(#""$0" mfa bogus </dev/null >&-"#, Int32(2))])
    func failedCommandKeepsItsCode(script: String, status: Int32) throws {
        #expect(try cli.run(["sign-in", "apple"]).status == 0)
        let result = try shell(script)
        #expect(result.status == status, "\(script): \(result.stderr)")
        #expect(result.stderr.contains("standard output"), "\(result.stderr)")
    }

    @Test("a reader that stops early ends the command quietly: no crash, nothing on standard error")
    func closedPipe() throws {
        let result = try shell(#""$0" --help | head -c 10 >/dev/null"#)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let tour = try shell(#""$0" | head -n 3 >/dev/null"#)
        #expect(!tour.stderr.contains("Fatal error"), "\(tour.stderr)")
        #expect(tour.stderr.isEmpty, "\(tour.stderr)")
    }

    @Test("with standard output closed, the session file is never written to it, and the state stays whole")
    func closedOutputKeepsFiles() throws {
        let result = try shell(#""$0" sign-in guest >&-"#)
        #expect(result.status == 1)
        let status = try cli.run(["status"])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.contains("guest:         yes"))
    }
}
