import Foundation
import SignInCrypto
import SignInDomain
import SignInLocking
import SignInTesting
import Testing

@testable import SignInDemoCLI

/// A terminal whose user answers each prompt by looking at what the CLI showed so far, as a person with an
/// authenticator app does: the code is computed from the secret the CLI printed.
final class AuthenticatorConsole: Sendable {
    typealias Answer = @Sendable (_ shown: String) -> String?
    private let answers: Locked<[Answer]>
    private let stdout = Locked("")
    private let stderr = Locked("")
    let isInteractive: Bool

    init(_ answers: [Answer], isInteractive: Bool = true) {
        self.answers = Locked(answers)
        self.isInteractive = isInteractive
    }

    var out: String { stdout.withLock { $0 } }
    var err: String { stderr.withLock { $0 } }

    var console: Console {
        let read: @Sendable () -> String? = {
            let shown = self.out
            return self.answers.withLock { $0.isEmpty ? nil : $0.removeFirst()(shown) }
        }
        return Console(
            out: { text in self.stdout.withLock { $0 += text } },
            err: { text in self.stderr.withLock { $0 += text } },
            readLine: read, readSecret: read, isInteractive: isInteractive)
    }

    /// The Base32 secret the last enrolment showed, from its "type this secret" line (in any language, the line
    /// that ends with four-character groups).
    static func secret(in shown: String) -> [UInt8]? {
        let line = shown.split(separator: "\n").last { $0.contains("otpauth://totp/") }
        guard let line, let query = line.split(separator: "?").last else { return nil }
        let secret = query.split(separator: "&").first { $0.hasPrefix("secret=") }?.dropFirst("secret=".count)
        return secret.flatMap { Base32.decode(String($0)) }
    }

    /// The authenticator app's code for the secret shown, `steps` periods from now.
    static func code(in shown: String, steps: Int = 0) -> String? {
        guard let key = secret(in: shown) else { return nil }
        return OneTimeCodeGenerator.standard.code(
            secret: key, at: Int64(Date().timeIntervalSince1970) + Int64(30 * steps))
    }
}

@MainActor
@Suite("signin-demo mfa and sign-in with a second factor")
struct SecondFactorCLITests {
    let folder = TemporaryFolder(prefix: "signin-demo-mfa")
    let email = "ada@example.com"
    let password = "correct horse battery"

    func run(
        _ arguments: [String], _ console: AuthenticatorConsole = AuthenticatorConsole([], isInteractive: false),
        language: String = "en_US.UTF-8"
    ) async -> (code: ExitCode, out: String, err: String) {
        let code = await DemoCLI(console: console.console, environment: ["LANG": language]).run(
            arguments + ["--data-dir", folder.path])
        return (code, console.out, console.err)
    }

    /// Signs up and enrols on a terminal; returns the secret the CLI showed.
    func enrolled() async throws -> [UInt8] {
        #expect(await run(["sign-up", "--email", email, "--password", password]).code == .success)
        let terminal = AuthenticatorConsole([{ AuthenticatorConsole.code(in: $0) }])
        let enrolment = await run(["mfa", "enroll", "--name", "Phone"], terminal)
        #expect(enrolment.code == .success, "\(enrolment.err)")
        #expect(enrolment.out.contains("Two-step sign-in is on"))
        return try #require(AuthenticatorConsole.secret(in: enrolment.out))
    }

    @Test("the independent TOTP generator gives RFC 6238's SHA-1 codes")
    func independentGenerator() {
        let secret = Array("12345678901234567890".utf8)
        for (time, code) in [(59, "94287082"), (1_111_111_109, "07081804"), (1_234_567_890, "89005924")] {
            #expect(IndependentTOTP.code(secret: secret, time: Int64(time), digits: 8) == code)
        }
    }

    @Test("two authenticators: the code goes to the one chosen (--factor, or at the prompt), else nothing is sent")
    func twoAuthenticators() async throws {
        let phone = try await enrolled()
        let terminal = AuthenticatorConsole([
            { shown in AuthenticatorConsole.secret(in: shown).map(IndependentTOTP.now) }
        ])
        let second = await run(["mfa", "enroll", "--name", "Tablet"], terminal)
        #expect(second.code == .success, "\(second.err)")
        let tablet = try #require(AuthenticatorConsole.secret(in: second.out))
        #expect(tablet != phone)
        let signIn = ["sign-in", "email", "--email", email, "--password", password]
        #expect(await run(["sign-out", "--yes"]).code == .success)

        // Each factor's enrolment took its code for now; a code works once, so each sign-in below uses the next
        // step's (one step of drift is accepted).
        let next: @Sendable ([UInt8]) -> String = { secret in
            IndependentTOTP.code(secret: secret, time: Int64(Date().timeIntervalSince1970) + 30)
        }
        let unchosen = await run(signIn + ["--code", next(tablet), "--json"])
        #expect(unchosen.code == .usage && unchosen.err.contains("--factor"), "\(unchosen.err)")
        #expect(unchosen.err.contains("Phone") && unchosen.err.contains("Tablet"))
        #expect(unchosen.out.contains(#""signedIn":false"#), "\(unchosen.out)")

        // A code from the second, tried as the first's, is wrong (and the second's code stays unused).
        let wrongOne = await run(signIn + ["--code", next(tablet), "--factor", "1"])
        #expect(wrongOne.code == .failure, "\(wrongOne.err)")
        // Its number in mfa list names the second.
        let byNumber = await run(signIn + ["--code", next(tablet), "--factor", "2"])
        #expect(byNumber.code == .success, "\(byNumber.err)")
        #expect(await run(["sign-out", "--yes"]).code == .success)

        // On a terminal, the list is shown and the user picks the one their code is from.
        let picked = AuthenticatorConsole([
            { shown in
                shown.split(separator: "\n").last { $0.contains("Phone") }?.split(separator: ".").first
                    .map { $0.trimmingCharacters(in: .whitespaces) }
            },
            { _ in next(phone) },
        ])
        let prompted = await run(signIn, picked)
        #expect(prompted.code == .success, "\(prompted.err)")
        #expect(prompted.out.contains("Which authenticator is your code from (1-2)?"), "\(prompted.out)")
    }

    @Test("enrolling shows a QR code, the secret and its URI, and takes a first code; a wrong one is asked again")
    func enrol() async throws {
        #expect(await run(["sign-up", "--email", email, "--password", password]).code == .success)
        let terminal = AuthenticatorConsole([
            { shown in AuthenticatorConsole.code(in: shown).map { String((Int($0)! + 1) % 1_000_000).leftPadded6 } },
            { AuthenticatorConsole.code(in: $0) },
        ])
        let result = await run(["mfa", "enroll"], terminal)
        #expect(result.code == .success, "\(result.err)")
        #expect(result.out.contains("Scan this QR code"))
        #expect(result.out.contains("\u{1B}[30;107m"), "drawn black on white on a terminal")
        #expect(result.out.contains("otpauth://totp/signin-demo:ada%40example.com?secret="))
        #expect(result.err.contains("That code is not right"))
        let list = await run(["mfa", "list"])
        #expect(list.code == .success && list.out.contains("Authenticator app"), "\(list.out)")
    }

    @Test("a sign-in of an enrolled account asks for the code, or takes --code; without either off a terminal, exit 2")
    func signIn() async throws {
        let secret = try await enrolled()
        #expect(await run(["sign-out", "--yes"]).code == .success)
        let refused = await run(["sign-in", "email", "--email", email, "--password", password])
        #expect(refused.code == .usage && refused.err.contains("--code"), "\(refused.err)")
        #expect(await run(["status"]).code == .failure, "nobody is signed in")

        let next = OneTimeCodeGenerator.standard.code(secret: secret, at: Int64(Date().timeIntervalSince1970) + 30)
        let signedIn = await run(["sign-in", "email", "--email", email, "--password", password, "--code", next])
        #expect(signedIn.code == .success, "\(signedIn.err)")
        let replayed = await run(["sign-in", "email", "--email", email, "--password", password, "--code", next])
        #expect(replayed.code == .failure && replayed.err.contains("That code is not right"), "\(replayed.err)")
    }

    @Test("on a terminal, the sign-in asks for the code after the password")
    func signInAsks() async throws {
        let secret = try await enrolled()
        #expect(await run(["sign-out", "--yes"]).code == .success)
        // The enrolment used this step's code: the authenticator's next one signs in.
        let next = OneTimeCodeGenerator.standard.code(secret: secret, at: Int64(Date().timeIntervalSince1970) + 30)
        let prompted = await run(
            ["sign-in", "email", "--email", email, "--password", password], AuthenticatorConsole([{ _ in next }]))
        #expect(prompted.code == .success, "\(prompted.err)")
        #expect(prompted.out.contains("This account uses two-step sign-in"))
        #expect(prompted.out.contains("Code from the authenticator app (or a recovery code): "))
    }

    @Test("the end of input at the code cancels the sign-in: nobody is signed in")
    func cancelAtCode() async throws {
        _ = try await enrolled()
        #expect(await run(["sign-out", "--yes"]).code == .success)
        let result = await run(
            ["sign-in", "email", "--email", email, "--password", password], AuthenticatorConsole([]))
        #expect(result.code == .cancelled, "\(result.err)")
        #expect(await run(["status"]).code == .failure)
    }

    @Test("removing the last factor needs --yes (or a yes on a terminal); afterwards the password alone signs in")
    func remove() async throws {
        _ = try await enrolled()
        let refused = await run(["mfa", "remove"])
        #expect(refused.code == .usage && refused.err.contains("--yes"), "\(refused.err)")
        let declined = await run(["mfa", "remove"], AuthenticatorConsole([{ _ in "n" }]))
        #expect(declined.code == .cancelled)
        #expect(declined.out.contains("removing it turns two-step sign-in off"))
        let removed = await run(["mfa", "remove"], AuthenticatorConsole([{ _ in "y" }]))
        #expect(removed.code == .success && removed.out.contains("two-step sign-in is off"), "\(removed.err)")
        #expect(await run(["mfa", "list"]).out.contains("two-step sign-in is off"))
        #expect(await run(["sign-in", "email", "--email", email, "--password", password]).code == .success)
    }

    @Test("what mfa takes: an action it knows, a terminal to enrol, a permanent account")
    func usage() async {
        let none = await run(["mfa"])
        #expect(none.code == .usage && none.err.contains("enroll, list, remove"), "\(none.err)")
        let unknown = await run(["mfa", "frobnicate"])
        #expect(unknown.code == .usage && unknown.err.contains("\"frobnicate\""), "\(unknown.err)")
        let extra = await run(["mfa", "list", "extra"])
        #expect(extra.code == .usage)
        #expect(await run(["sign-up", "--email", email, "--password", password]).code == .success)
        let offTerminal = await run(["mfa", "enroll"])
        #expect(offTerminal.code == .usage && offTerminal.err.contains("terminal"), "\(offTerminal.err)")

        #expect(await run(["sign-in", "anonymous", "--yes"]).code == .success)
        let guest = await run(["mfa", "enroll"], AuthenticatorConsole([]))
        #expect(guest.code == .failure && guest.err.contains("A guest account cannot use two-step sign-in"))
    }

    @Test("its texts are in Turkish and Traditional Chinese too")
    func languages() async throws {
        _ = try await enrolled()
        let turkish = await run(["mfa", "list"], language: "tr_TR.UTF-8")
        #expect(turkish.out.contains("kimlik"), "\(turkish.out)")
        let chinese = await run(["mfa", "remove"], language: "zh_TW.UTF-8")
        #expect(chinese.err.contains("--yes") && chinese.err.contains("驗證器"), "\(chinese.err)")
    }
}

extension String {
    /// A code of fewer than six digits with its leading zeros.
    fileprivate var leftPadded6: String { String(repeating: "0", count: max(0, 6 - count)) + self }
}

@MainActor
@Suite("signin-demo mfa, what a new user ran into")
struct SecondFactorCLIEdgeTests {
    let folder = TemporaryFolder(prefix: "signin-demo-mfa-edges")

    func run(
        _ arguments: [String], _ console: AuthenticatorConsole = AuthenticatorConsole([], isInteractive: false),
        language: String = "en_US.UTF-8"
    ) async -> (code: ExitCode, out: String, err: String) {
        let code = await DemoCLI(console: console.console, environment: ["LANG": language]).run(
            arguments + ["--data-dir", folder.path])
        return (code, console.out, console.err)
    }

    @Test(
        "a --code that is neither 6 digits nor a recovery code is a usage error, said before any call",
        arguments: ["abc", "12345", "1234567", "１２３４５６", "k7m2px9q4", "k7m2px9q4rr", "o0l1ik7m2p"])
    func badCode(code: String) async {
        let result = await run(["sign-in", "email", "--email", "a@example.com", "--password", "pw", "--code", code])
        #expect(result.code == .usage && result.err.contains("is not a code"), "\(result.err)")
    }

    @Test("mfa enroll refuses to print the secret when standard output is not the terminal")
    func secretOnlyOnScreen() async {
        #expect(
            await run(["sign-up", "--email", "a@example.com", "--password", "correct horse battery"]).code == .success)
        let console = AuthenticatorConsole([{ AuthenticatorConsole.code(in: $0) }])
        let redirected = Console(
            out: console.console.out, err: console.console.err, readLine: console.console.readLine,
            readSecret: console.console.readSecret, isInteractive: true, outputIsTerminal: false)
        let code = await DemoCLI(console: redirected, environment: ["LANG": "en_US.UTF-8"]).run(
            ["mfa", "enroll", "--data-dir", folder.path])
        #expect(code == .usage && console.err.contains("not redirected"), "\(console.err)")
        #expect(!console.out.contains("otpauth://"))
    }

    @Test("mfa list takes no sign-in options; remove takes the number list shows; names are shown without escapes")
    func options() async throws {
        #expect(
            await run(["sign-up", "--email", "a@example.com", "--password", "correct horse battery"]).code == .success)
        let listed = await run(["mfa", "list", "--code", "123456"])
        #expect(listed.code == .usage && listed.err.contains("--code does not apply to 'mfa list'"), "\(listed.err)")
        #expect(await run(["mfa", "remove", "--name", "x"]).code == .usage)
        let enrolled = await run(
            ["mfa", "enroll", "--name", "Evil\u{1B}[31mRED\u{07}"],
            AuthenticatorConsole([{ AuthenticatorConsole.code(in: $0) }]))
        #expect(enrolled.code == .success, "\(enrolled.err)")
        let list = await run(["mfa", "list"])
        #expect(
            !list.out.contains("\u{1B}") && !list.out.contains("\u{07}")
                && list.out.contains(#"Evil\u001B[31mRED\u0007"#),
            "\(list.out)")
        let removed = await run(["mfa", "remove", "1", "--yes"])
        #expect(removed.code == .success, "\(removed.err)")
    }

    @Test("three wrong first codes end the enrolment and say that no authenticator was added")
    func threeWrongCodes() async {
        #expect(
            await run(["sign-up", "--email", "a@example.com", "--password", "correct horse battery"]).code == .success)
        let wrong: AuthenticatorConsole.Answer = { shown in
            AuthenticatorConsole.code(in: shown).map { String(format: "%06d", (Int($0)! + 1) % 1_000_000) }
        }
        let result = await run(["mfa", "enroll"], AuthenticatorConsole([wrong, wrong, wrong]))
        #expect(
            result.code == .failure && result.err.hasSuffix("signin-demo: No authenticator was added.\n"),
            "\(result.err)")
        #expect(await run(["mfa", "list"]).out.contains("two-step sign-in is off"))
    }

    @Test("with --json, a sign-in that needs a code says so by its code")
    func json() async throws {
        #expect(
            await run(["sign-up", "--email", "a@example.com", "--password", "correct horse battery"]).code == .success)
        _ = await run(["mfa", "enroll"], AuthenticatorConsole([{ AuthenticatorConsole.code(in: $0) }]))
        let result = await run([
            "sign-in", "email", "--email", "a@example.com", "--password", "correct horse battery", "--json",
        ])
        #expect(result.code == .usage)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect((object["error"] as? [String: Any])?["code"] as? String == "secondFactorRequired", "\(result.out)")
    }

    /// The recovery codes an output shows: the lines of two groups of five letters and digits.
    static func recoveryCodes(in shown: String) -> [String] {
        shown.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { line in
            line.count == 11 && line.dropFirst(5).first == "-"
                && line.replacingOccurrences(of: "-", with: "").allSatisfy { RecoveryCodeInput.alphabet.contains($0) }
        }
    }

    @Test("a lost authenticator: the enrolment's recovery codes sign in once each, say how many are left, and renew")
    func recoveryCodes() async throws {
        let email = "ada@example.com"
        let password = "correct horse battery"
        #expect(await run(["sign-up", "--email", email, "--password", password]).code == .success)
        let enrolment = await run(["mfa", "enroll"], AuthenticatorConsole([{ AuthenticatorConsole.code(in: $0) }]))
        #expect(enrolment.code == .success, "\(enrolment.err)")
        let codes = Self.recoveryCodes(in: enrolment.out)
        #expect(codes.count == 10 && Set(codes).count == 10, "\(enrolment.out)")
        #expect(enrolment.out.contains("shown only now"))
        let signIn = ["sign-in", "email", "--email", email, "--password", password]
        #expect(await run(["sign-out", "--yes"]).code == .success)

        // Off a terminal, --code takes a recovery code, as typed from paper (upper case, a space for the hyphen).
        let first = await run(signIn + ["--code", codes[0].uppercased().replacingOccurrences(of: "-", with: " ")])
        #expect(first.code == .success, "\(first.err)")
        #expect(first.out.contains("Recovery codes left: 9"), "\(first.out)")
        #expect(await run(["sign-out", "--yes"]).code == .success)

        // Used once, it is refused, and nobody is signed in.
        let again = await run(signIn + ["--code", codes[0], "--json"])
        #expect(again.code == .failure, "\(again.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(again.out.utf8)) as? [String: Any])
        #expect((object["error"] as? [String: Any])?["code"] as? String == "invalidRecoveryCode", "\(again.out)")
        #expect(object["signedIn"] as? Bool == false)

        // On a terminal, the code prompt takes one too; --json reports how many are left.
        let prompted = await run(signIn + ["--json"], AuthenticatorConsole([{ _ in codes[1] }]))
        #expect(prompted.code == .success, "\(prompted.err)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(prompted.out.utf8)) as? [String: Any])
        #expect((report["result"] as? [String: Any])?["recoveryCodesLeft"] as? Int == 8, "\(prompted.out)")

        // A new set, on the terminal only; the old codes work no more.
        let pipe = AuthenticatorConsole([])
        let redirected = await DemoCLI(
            console: Console(
                out: pipe.console.out, err: pipe.console.err, readLine: pipe.console.readLine,
                readSecret: pipe.console.readSecret, isInteractive: false, outputIsTerminal: false),
            environment: ["LANG": "en_US.UTF-8"]
        ).run(["mfa", "recovery-codes", "--data-dir", folder.path])
        #expect(redirected == .usage && pipe.err.contains("not redirected"), "\(pipe.err)")
        #expect(Self.recoveryCodes(in: pipe.out).isEmpty)
        let renewed = await run(["mfa", "recovery-codes"], AuthenticatorConsole([]))
        #expect(renewed.code == .success, "\(renewed.err)")
        let new = Self.recoveryCodes(in: renewed.out)
        #expect(new.count == 10 && Set(new).isDisjoint(with: codes), "\(renewed.out)")
        #expect(await run(["sign-out", "--yes"]).code == .success)
        #expect(await run(signIn + ["--code", codes[2]]).code == .failure)
        let withNew = await run(signIn + ["--code", new[0]], language: "tr_TR.UTF-8")
        #expect(withNew.code == .success && withNew.out.contains("Kalan kurtarma kodu: 9"), "\(withNew.out)")
    }

    @Test("mfa recovery-codes says why it cannot before where the codes would go; --json never carries them")
    func recoveryCodesRefusals() async throws {
        let nobody = await run(["mfa", "recovery-codes", "--json"])
        #expect(nobody.code == .failure, "\(nobody.err)")
        #expect(nobody.out.contains(#""code":"notSignedIn""#), "\(nobody.out)")
        #expect(await run(["sign-in", "guest"]).code == .success)
        let guest = await run(["mfa", "recovery-codes"])
        #expect(guest.code == .failure && guest.err.contains("guest account"), "\(guest.err)")
        #expect(await run(["sign-out", "--yes"]).code == .success)
        #expect(
            await run(["sign-up", "--email", "b@example.com", "--password", "correct horse battery"]).code == .success)
        let none = await run(["mfa", "recovery-codes"], language: "zh_TW.UTF-8")
        #expect(none.code == .failure && none.err.contains("此帳號沒有驗證器，因此也沒有復原碼"), "\(none.err)")

        _ = await run(["mfa", "enroll"], AuthenticatorConsole([{ AuthenticatorConsole.code(in: $0) }]))
        let json = await run(["mfa", "recovery-codes", "--json"], AuthenticatorConsole([]))
        #expect(json.code == .usage && json.err.contains("without --json"), "\(json.err)")
        #expect(Self.recoveryCodes(in: json.out + json.err).isEmpty)
    }

    @Test("two authenticators: the question which one also takes a recovery code, and asks again on a bad answer")
    func recoveryCodeAtTheFactorQuestion() async throws {
        let email = "ada@example.com"
        let password = "correct horse battery"
        #expect(await run(["sign-up", "--email", email, "--password", password]).code == .success)
        let first = await run(["mfa", "enroll"], AuthenticatorConsole([{ AuthenticatorConsole.code(in: $0) }]))
        #expect(!first.out.contains("(or a recovery code)"), "no recovery code exists before the first enrolment")
        let codes = Self.recoveryCodes(in: first.out)
        let second = await run(
            ["mfa", "enroll", "--name", "Tablet"],
            AuthenticatorConsole([{ shown in AuthenticatorConsole.secret(in: shown).map(IndependentTOTP.now) }]))
        #expect(second.code == .success, "\(second.err)")
        #expect(await run(["sign-out", "--yes"]).code == .success)

        let terminal = AuthenticatorConsole([{ _ in "7" }, { _ in codes[4] }])
        let signIn = await run(["sign-in", "email", "--email", email, "--password", password], terminal)
        #expect(signIn.code == .success, "\(signIn.err)")
        #expect(signIn.out.contains("Or type a recovery code"), "\(signIn.out)")
        #expect(signIn.err.contains("Answer with a number from 1 to 2."), "\(signIn.err)")
        #expect(signIn.out.contains("Recovery codes left: 9"), "\(signIn.out)")
    }
}
