import Foundation
import SignInEmbeddedStore
import Testing

@Suite("signin-demo account flows, as separate processes")
final class AccountFlowsEndToEndTests {
    /// A lower PBKDF2 cost keeps these runs quick in a debug build; `defaultCostTour` runs the real one.
    let cli = CLIProcess(environment: ["SIGNIN_DEMO_PBKDF2_ITERATIONS": "1000"])

    deinit { cli.cleanUp() }

    func uid(_ result: CLIProcess.Result) -> String? {
        result.stdout.split(separator: "\n").first { $0.contains("uid:") }?.split(separator: " ").last.map(String.init)
    }

    func status() throws -> [String: Any] {
        let result = try cli.run(["status", "--json"])
        return (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
    }

    @Test("guest → link email → sign out → sign in with email: the same uid across separate runs")
    func guestUpgrade() throws {
        let guest = try cli.run(["sign-in", "guest"])
        #expect(guest.status == 0, "\(guest.stderr)")
        #expect(guest.stdout.contains("guest:         yes"))
        let guestUID = try #require(uid(guest))

        let linked = try cli.run(["link", "email", "--email", "jane@example.com", "--password", "correct horse"])
        #expect(linked.status == 0, "\(linked.stderr)")
        #expect(uid(linked) == guestUID)
        #expect(linked.stdout.contains("the uid was kept"))

        #expect(try cli.run(["sign-out"]).status == 0)
        let email = try cli.run(["sign-in", "email", "--email", "jane@example.com", "--password", "correct horse"])
        #expect(email.status == 0, "\(email.stderr)")
        #expect(uid(email) == guestUID)
        #expect(try status()["uid"] as? String == guestUID)
    }

    @Test(
        "sign-in email-link mails a link that signs in once; elsewhere the email must be typed, and another is refused")
    func emailLink() throws {
        let sent = try cli.run(["sign-in", "email-link", "--email", "ann@example.com"])
        #expect(
            sent.status == 0 && sent.stdout.contains("A sign-in link was mailed to ann@example.com"), "\(sent.stderr)")
        func lastLink() throws -> String {
            let outbox = try cli.run(["outbox"]).stdout
            return String(
                try #require(
                    outbox.split(whereSeparator: \.isWhitespace).last { $0.hasPrefix("signin-demo://sign-in") }))
        }
        let link = try lastLink()
        // Another email than the link's is refused, and signs nobody in.
        let other = try cli.run(["open-link", link, "--email", "eve@example.com", "--json"])
        #expect(other.status == 1 && other.stdout.contains(#""code":"signInLinkEmailMismatch""#), "\(other.stdout)")
        // The folder that asked remembers the email: the link alone signs in, and makes the account.
        let opened = try cli.run(["open-link", link])
        #expect(opened.status == 0 && opened.stdout.contains("providers:     password"), "\(opened.stderr)")
        #expect(
            opened.stdout.contains("email:         ann@example.com") && opened.stdout.contains("new user:      yes"))
        let again = try cli.run(["open-link", link, "--email", "ann@example.com", "--json"])
        #expect(again.status == 1 && again.stdout.contains(#""code":"invalidSignInLink""#), "\(again.stdout)")

        // A link opened where nobody asked for it (the remembered email is gone): without a terminal to ask, the
        // answer says the email is needed, and nothing is sent; with it, the same account signs in.
        #expect(try cli.run(["sign-out"]).status == 0)
        #expect(try cli.run(["sign-in", "email-link", "--email", "ann@example.com"]).status == 0)
        try FileManager.default.removeItem(at: cli.dataDirectory.appendingPathComponent("client/sign-in-link-email"))
        let second = try lastLink()
        let needs = try cli.run(["open-link", second, "--json"])
        #expect(needs.status == 1 && needs.stdout.contains(#""code":"signInLinkNeedsEmail""#), "\(needs.stdout)")
        let typed = try cli.run(["open-link", second, "--email", "ANN@example.com"])
        #expect(typed.status == 0 && typed.stdout.contains("new user:      no"), "\(typed.stderr)")
        #expect(uid(typed) == uid(opened))

        // The same mail's 6 digits, for an app without links: with the email, they sign in.
        #expect(try cli.run(["sign-in", "email-link", "--email", "ann@example.com"]).status == 0)
        let outbox = try cli.run(["outbox", "--json"]).stdout
        let mails = (try JSONSerialization.jsonObject(with: Data(outbox.utf8)) as? [String: Any])?["result"]
        let code = try #require((mails as? [[String: Any]])?.last?["code"] as? String)
        #expect(try cli.run(["outbox"]).stdout.contains("or type the code \(code)"))
        let byCode = try cli.run(["sign-in", "email-link", "--email", "ann@example.com", "--code", code])
        #expect(byCode.status == 0 && uid(byCode) == uid(opened), "\(byCode.stderr)")
    }

    @Test(
        "sign-in phone sends a code by SMS that signs in once; link phone gives an account the number, unlink takes it off"
    )
    func phone() throws {
        let national = try cli.run(["sign-in", "phone", "--phone", "(555) 555-0100", "--json"])
        #expect(national.status == 1 && national.stdout.contains(#""code":"invalidPhoneNumber""#), "\(national.stdout)")
        let early = try cli.run(["sign-in", "phone", "--phone", "+15555550100", "--code", "123456"])
        #expect(early.status == 2 && early.stderr.contains("no code was sent to +15555550100"), "\(early.stderr)")
        func lastCode(to number: String) throws -> String {
            let outbox = try cli.run(["outbox", "--json"]).stdout
            let items = (try JSONSerialization.jsonObject(with: Data(outbox.utf8)) as? [String: Any])?["result"]
            let sms = (items as? [[String: Any]] ?? []).last {
                $0["kind"] as? String == "sms" && $0["to"] as? String == number
            }
            return try #require(sms?["code"] as? String)
        }
        let sent = try cli.run(["sign-in", "phone", "--phone", "+1 555-555-0100"])
        #expect(sent.status == 0 && sent.stdout.contains("A code was sent by SMS to +15555550100"), "\(sent.stderr)")
        let code = try lastCode(to: "+15555550100")
        #expect(try cli.run(["outbox"]).stdout.contains("SMS to +15555550100  code \(code)"))
        let wrong = try cli.run([
            "sign-in", "phone", "--phone", "+15555550100", "--code", code == "000000" ? "111111" : "000000", "--json",
        ])
        #expect(wrong.status == 1 && wrong.stdout.contains(#""code":"invalidPhoneCode""#), "\(wrong.stdout)")
        // A mistyped code keeps the verification: the right one still signs in, and makes the account.
        let signedIn = try cli.run(["sign-in", "phone", "--phone", "+15555550100", "--code", code])
        #expect(signedIn.status == 0 && signedIn.stdout.contains("providers:     phone"), "\(signedIn.stderr)")
        #expect(signedIn.stdout.contains("new user:      yes"))
        let again = try cli.run(["sign-in", "phone", "--phone", "+15555550100", "--code", code])
        #expect(again.status == 2, "a used code is not sent twice: \(again.stderr)")

        // An email account takes a second number, and gives it back.
        #expect(try cli.run(["sign-up", "--email", "pat@example.com", "--password", "pat password 1"]).status == 0)
        #expect(try cli.run(["link", "phone", "--phone", "+447700900123"]).status == 0)
        let linked = try cli.run([
            "link", "phone", "--phone", "+447700900123", "--code", try lastCode(to: "+447700900123"),
        ])
        #expect(linked.status == 0 && linked.stdout.contains("linked +447700900123"), "\(linked.stderr)")
        let taken = try cli.run(["link", "phone", "--phone", "+15555550100", "--json"])
        #expect(taken.status == 1 && taken.stdout.contains(#""code":"providerAlreadyLinked""#), "\(taken.stdout)")
        let unlinked = try cli.run(["unlink", "phone", "--current-password", "pat password 1"])
        #expect(unlinked.status == 0, "\(unlinked.stderr)")
        let status = try cli.run(["status"]).stdout
        #expect(status.contains("providers:     password") && !status.contains("phone"), "\(status)")
    }

    @Test("mfa enroll --phone enrols a number by its SMS code; a sign-in then needs the phone's code, on a terminal")
    func phoneSecondFactor() throws {
        #expect(try cli.run(["sign-up", "--email", "lee@example.com", "--password", "lee password 1"]).status == 0)
        let unverified = try cli.run(["mfa", "enroll", "--phone", "+15555550100", "--json"])
        #expect(
            unverified.status == 1 && unverified.stdout.contains(#""code":"secondFactorNeedsVerifiedEmail""#),
            "\(unverified.stdout)")
        #expect(try cli.run(["verify-email"]).status == 0)
        let outbox = try cli.run(["outbox"]).stdout
        let link = String(
            try #require(
                outbox.split(whereSeparator: \.isWhitespace).last { $0.hasPrefix("signin-demo://verify-email") }))
        #expect(try cli.run(["open-link", link]).status == 0)
        let sent = try cli.run(["mfa", "enroll", "--phone", "+1 555 555 0100"])
        #expect(sent.status == 0 && sent.stdout.contains("mfa enroll --phone +15555550100 --code"), "\(sent.stderr)")
        let sms = try cli.run(["outbox", "--json"]).stdout
        let items = (try JSONSerialization.jsonObject(with: Data(sms.utf8)) as? [String: Any])?["result"]
        let code = try #require(
            (items as? [[String: Any]] ?? []).last { $0["kind"] as? String == "sms" }?["code"] as? String)
        let enrolled = try cli.run(["mfa", "enroll", "--phone", "+15555550100", "--code", code, "--name", "Work"])
        #expect(enrolled.status == 0 && enrolled.stdout.contains("is now a second factor"), "\(enrolled.stderr)")
        let list = try cli.run(["mfa", "list"]).stdout
        #expect(list.contains("Work (+15555550100)"), "\(list)")

        #expect(try cli.run(["sign-out"]).status == 0)
        let password = try cli.run(["sign-in", "email", "--email", "lee@example.com", "--password", "lee password 1"])
        #expect(password.status == 2 && password.stderr.contains("second factor is a phone"), "\(password.stderr)")
        #expect(try cli.run(["status", "--json"]).stdout.contains(#""signedIn":false"#))
    }

    @Test("every command in --help runs as documented")
    func everyCommand() throws {
        let help = try cli.run(["--help"]).stdout
        // The COMMANDS section: one command a line, up to the next blank line.
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: "COMMANDS")) + 1
        let end = lines[start...].firstIndex(of: "") ?? lines.endIndex
        let documented = Set(lines[start..<end].compactMap { $0.split(separator: " ").first.map(String.init) })
        #expect(
            documented == [
                "interactive", "sign-in", "sign-up", "link", "unlink", "status", "sign-out", "reset-password",
                "open-link", "outbox", "check-credential", "apple-revoke", "delete-account", "change-password", "me",
                "serve", "verify-email", "update-profile", "mfa", "passkey",
                "help",
                "version",
            ])

        // Each documented command, in a realistic order, with its documented outcome.
        #expect(try cli.run(["sign-in", "apple"]).status == 0)
        #expect(try cli.run(["check-credential"]).stdout.contains("authorized"))
        #expect(try cli.run(["link", "google", "--account", "jane"]).stdout.contains("apple.com, google.com"))
        #expect(try cli.run(["unlink", "google"]).stdout.contains("Unlinked Google."))
        #expect(try cli.run(["link", "email", "--email", "j@example.com", "--password", "correct horse"]).status == 0)
        #expect(try cli.run(["sign-out"]).status == 0)
        #expect(try cli.run(["sign-in", "google", "--account", "sam"]).stdout.contains("sam.rivera@gmail.com"))
        let signUp = try cli.run(["sign-up", "--email", "new@example.com", "--password", "correct horse"])
        #expect(signUp.stdout.contains("Account created"))
        #expect(try cli.run(["reset-password", "--email", "new@example.com"]).status == 0)
        let outbox = try cli.run(["outbox"])
        let link = try #require(outbox.stdout.split(separator: " ").first { $0.hasPrefix("signin-demo://") })
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try cli.run(["open-link", link, "--password", "brand new pass"]).stdout.contains("Password changed"))
        #expect(
            try cli.run(["sign-in", "email", "--email", "new@example.com", "--password", "brand new pass"]).status == 0)
        #expect(try cli.run(["verify-email"]).stdout.contains("A verification link was mailed to new@example.com"))
        let mails = try cli.run(["outbox"]).stdout
        let verification = try #require(
            mails.split(whereSeparator: \.isWhitespace).last { $0.hasPrefix("signin-demo://verify-email") })
        #expect(try cli.run(["open-link", String(verification)]).stdout.contains("new@example.com is verified."))
        #expect(try cli.run(["update-profile", "--name", "New Person"]).stdout.contains("name:          New Person"))
        #expect(try cli.run(["mfa", "list"]).stdout.contains("two-step sign-in is off"))
        #expect(try cli.run(["passkey", "add", "--name", "Laptop"]).stdout.contains("The passkey was added"))
        #expect(try cli.run(["sign-out"]).status == 0)
        #expect(try cli.run(["sign-in", "passkey"]).stdout.contains("new@example.com"))
        #expect(try cli.run(["passkey", "list"]).stdout.contains("1. Laptop"))
        #expect(
            try cli.run(["sign-in", "email", "--email", "new@example.com", "--password", "brand new pass"]).status == 0)
        #expect(try cli.run(["delete-account", "--yes"]).stdout.contains("Account deleted"))
        #expect(try cli.run(["sign-in", "apple"]).status == 0)
        #expect(try cli.run(["apple-revoke"]).status == 0)
        let revoked = try cli.run(["check-credential"])
        #expect(revoked.status == 1)
        #expect(revoked.stdout.contains("revoked"))
        #expect(try cli.run(["status"]).status == 1)
        // The menu needs a terminal (DemoCLITests runs it on one).
        let menu = try cli.run(["interactive"], input: "3\n10\n0\n")
        #expect(menu.status == 2)
        #expect(menu.stderr.contains("interactive needs a terminal"))
        #expect(try cli.run(["help", "sign-in"]).stdout.contains("signin-demo sign-in email --email"))
        #expect(try cli.run(["version"]).stdout.hasPrefix("signin-demo "))
    }

    @Test(
        "bad input gets a clear message and exit 1, and changes nothing",
        arguments: [
            (
                ["sign-in", "email", "--email", "not-an-email", "--password", "correct horse"],
                "This email address is not valid."
            ),
            (["sign-up", "--email", "a@example.com", "--password", "short"], "at least 8 characters"),
            (["sign-up", "--email", "a@example.com", "--password", "xxxxxxxxxx"], "one character repeated"),
            (
                ["sign-in", "email", "--email", "jane@example.com", "--password", "wrong horse"],
                "Wrong email or password."
            ),
            (
                ["sign-in", "email", "--email", "nobody@example.com", "--password", "wrong horse"],
                "Wrong email or password."
            ),
            (
                ["open-link", "https://evil.example/reset?code=x", "--password", "new password"],
                "This link cannot be opened."
            ),
            (
                ["open-link", "signin-demo://reset-password?code=madeup", "--password", "new password"],
                "not valid or was already used"
            ),
            (["unlink", "email"], "The last way to sign in cannot be removed"),
            (["unlink", "google"], "Google is not linked to this account."),
            (["link", "email", "--email", "jane@example.com", "--password", "correct horse"], "already linked"),
            (["reset-password", "--email", "bad@"], "This email address is not valid."),
        ])
    func badInput(arguments: [String], message: String) throws {
        #expect(try cli.run(["sign-up", "--email", "jane@example.com", "--password", "correct horse"]).status == 0)
        let before = try status()
        let backend = try StoredBackend.state(in: cli.dataDirectory)

        let result = try cli.run(arguments)

        #expect(result.status == 1, "\(arguments): \(result.stdout)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(try status() as NSDictionary == before as NSDictionary)
        if !arguments.contains("reset-password") {
            if arguments.contains("--password"), arguments.contains("sign-in") {
                // A wrong password is counted against its email (guess throttling), and the backend may have looked
                // for expired records; nothing else changes.
                var before = backend
                before.identity.passwordAttempts = [:]
                before.identity.lastPrunedAt = nil
                #expect(try StoredBackend.withoutBookkeeping(in: cli.dataDirectory) == before)
            } else {
                #expect(try StoredBackend.state(in: cli.dataDirectory) == backend)
            }
        }
    }

    @Test("a reset link works once; the second use is refused")
    func resetOnce() throws {
        #expect(try cli.run(["sign-up", "--email", "jane@example.com", "--password", "correct horse"]).status == 0)
        #expect(try cli.run(["reset-password", "--email", "jane@example.com"]).status == 0)
        let link = try #require(
            try cli.run(["outbox"]).stdout.split(whereSeparator: \.isWhitespace).first {
                $0.hasPrefix("signin-demo://")
            })
        #expect(try cli.run(["open-link", String(link), "--password", "new password 1"]).status == 0)
        let again = try cli.run(["open-link", String(link), "--password", "new password 2"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("not valid or was already used"))
    }

    @Test("linking a credential another account owns: the guest stays signed in and intact; --switch-account recovers")
    func ownedCredential() throws {
        #expect(try cli.run(["sign-in", "google", "--account", "sam"]).status == 0)
        let guest = try cli.run(["sign-in", "guest"])
        let guestUID = try #require(uid(guest))
        let refused = try cli.run(["link", "google", "--account", "sam"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("already belongs to another account"))
        #expect(refused.stderr.contains("signin-demo sign-in google"))
        #expect(try status()["uid"] as? String == guestUID)
        #expect(try status()["isAnonymous"] as? Bool == true)

        // Switching leaves the guest account for good: off a terminal it needs --yes, as signing out does.
        let guarded = try cli.run(["link", "google", "--account", "sam", "--switch-account"])
        #expect(guarded.status == 2 && guarded.stderr.contains("--yes"))
        #expect(try status()["uid"] as? String == guestUID)
        let switched = try cli.run(["link", "google", "--account", "sam", "--switch-account", "--yes"])
        #expect(switched.status == 0)
        #expect(switched.stdout.contains("sam.rivera@gmail.com"))
    }

    @Test("deleting while signed out is refused; deleting without --yes off a terminal is a usage error")
    func deleteRefusals() throws {
        let signedOut = try cli.run(["delete-account", "--yes"])
        #expect(signedOut.status == 1)
        #expect(signedOut.stderr.contains("You are not signed in."))
        #expect(try cli.run(["sign-in", "guest"]).status == 0)
        let unconfirmed = try cli.run(["delete-account"])
        #expect(unconfirmed.status == 2)
        #expect(try status()["signedIn"] as? Bool == true)
    }

    @Test(
        "unknown commands, flags and providers, and missing values, are usage errors (exit 2)",
        arguments: [
            ["frobnicate"], ["--frobnicate"], ["sign-in", "myspace"], ["link", "guest"], ["sign-in", "email"],
            ["sign-up", "--email", "a@b.co"], ["open-link"], ["open-link", "signin-demo://reset-password?code=abc"],
            ["--email"],
            ["reset-password"],
        ])
    func usageErrors(arguments: [String]) throws {
        let result = try cli.run(arguments)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stderr.contains("signin-demo"))
        #expect(result.stdout.isEmpty)
    }

    @Test("messages follow the locale: Turkish and Traditional Chinese")
    func locales() throws {
        let turkish = try cli.run(
            ["sign-in", "email", "--email", "x@example.com", "--password", "wrong horse"],
            environment: ["LANG": "tr_TR.UTF-8"])
        #expect(turkish.stderr.contains("E-posta veya parola yanlış."))
        let chinese = try cli.run(
            ["sign-in", "email", "--email", "x@example.com", "--password", "wrong horse"],
            environment: ["LC_ALL": "zh_TW.UTF-8"])
        #expect(chinese.stderr.contains("電子郵件或密碼錯誤。"))
    }

    /// The backend state as JSON with its password-attempt counts left out.
}

@Suite("signin-demo guided tour at the real PBKDF2 cost")
final class DefaultCostTourTests {
    let cli = CLIProcess()

    deinit { cli.cleanUp() }

    @Test("the tour runs every flow with 600,000 PBKDF2 iterations and exits 0, signed in with Apple")
    func defaultCostTour() throws {
        let result = try cli.run([])
        #expect(result.status == 0, "\(result.stderr)")
        for marker in [
            "the guest's own", "the link works once", "credential state: revoked", "deleted; signed out",
            "providers:     apple.com",
        ] {
            #expect(result.stdout.contains(marker), "\(marker)")
        }
        // The tour deletes its password account; one more sign-up leaves a hash made at the default cost.
        #expect(try cli.run(["sign-out"]).status == 0)
        let signUp = try cli.run(["sign-up", "--email", "cost@example.com", "--password", "correct horse battery"])
        #expect(signUp.status == 0, "\(signUp.stderr)")
        let accounts = try StoredBackend.state(in: cli.dataDirectory).identity.accounts.values
        let hashes = accounts.compactMap(\.passwordHash)
        #expect(!hashes.isEmpty && hashes.allSatisfy { $0.iterations >= 600_000 })
    }
}
