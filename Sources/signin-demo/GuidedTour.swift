import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInPresentation

/// The no-argument demo: every flow of the seeds, each step labelled with its layer. Seed 001's Apple flow;
/// what makes a session last (restore, refresh with rotation, an authorized call); Google; a guest upgraded by
/// linking email and password, keeping its uid; a password reset through the outbox link; Apple revocation;
/// account deletion. It ends signed in with Apple.
@MainActor
struct GuidedTour {
    let runner: CommandRunner
    let invocation: Invocation

    private var console: Console { runner.console }

    func run() async -> ExitCode {
        let clock = ShiftedClock()
        let tracer = ConsoleFlowTracer(
            table: TraceTexts.table(forLanguage: CompositionRoot.language(runner.environment)), write: console.out)
        let suffix = String(UUID().uuidString.prefix(6)).lowercased()
        let email = "guest-\(suffix)@example.com"
        let firstPassword = "correct horse battery"
        let newPassword = "staple gun 42"
        func root(email: String? = nil, password: String? = nil) -> CompositionRoot {
            var options = invocation
            options.assumeYes = true
            options.email = email
            options.password = password
            return runner.root(options, tracer: tracer, clock: clock)
        }
        console.out("signin-demo: the embedded backend runs in-process; data folder \(runner.paths.root)\n")

        // 1–5: seed 001's Apple flow, and what makes a session last.
        section("1. Launch: restore the stored session (RestoreSessionUseCase)")
        let first = root()
        switch try? await first.restoreSession() {
        case .restored(let session)?, .refreshed(let session)?:
            note("found the session of \(session.uid) from an earlier run; signing in again anyway")
        case .discarded(let movedTo, _)?:
            note("the stored session was unreadable and was kept as \(movedTo)")
        default:
            note("no stored session: signed out")
        }

        section("2. Sign in with Apple (seed 001's flow)")
        tracer.record(.ui, "GuidedTour.run", .demoUserTapsApple)
        guard let signedIn = await signIn(.clickApple, first) else { return .failure }
        console.out("\n" + SessionFormatter.describe(signedIn))

        section("3. Relaunch: a new process restores the session from \(runner.paths.sessionFile)")
        guard case .restored(let restored)? = try? await root().restoreSession(), restored.uid == signedIn.uid else {
            return fail("the session was not restored after a relaunch")
        }
        note("restored \(restored.uid): the same user, no sign-in needed")

        section("4. An hour later: the ID token has expired, so restore refreshes it")
        clock.advance(by: 3700)
        let later = root()
        guard case .refreshed(let refreshed)? = try? await later.restoreSession() else {
            return fail("the expired session was not refreshed")
        }
        note("new ID token, expires \(refreshed.tokens.expiresAt.formatted(.iso8601))")
        do {
            _ = try later.backend.identityService.refreshSession(refreshToken: signedIn.tokens.refreshToken)
            return fail("the old refresh token still works; rotation failed")
        } catch {
            note(
                "the previous refresh token is refused now (\(error.code.rawValue)): tokens rotate; "
                    + "used again later, it would revoke its whole chain as stolen")
        }

        section("5. Call the app's API as the signed-in user (AuthorizedAPIClient, GET /v1/me)")
        do {
            let response = try await later.apiClient.send(
                HTTPRequest(url: URL(string: "https://api.signin-demo.invalid/v1/me")!))
            note("HTTP \(response.status): \(String(decoding: response.body, as: UTF8.self))")
        } catch {
            return fail("the API call failed: \(error)")
        }

        section("6. Sign in with Google (the account chooser picks the first account)")
        guard let google = await signIn(.clickGoogle, root()) else { return .failure }
        note("signed in as \(google.email ?? "?") with \(providerList(google))")

        // 7: seed 003, a guest upgraded by linking, keeping its uid.
        section("7. A guest links email and password, signs out, and signs in with email: the same uid")
        guard let guest = await signIn(.clickAnonymous, root()) else { return .failure }
        note("guest \(guest.uid), providers: none")
        let linking = root(email: email, password: firstPassword)
        await linking.viewModel.dispatch(.clickLink(.emailPassword))?.value
        guard let linked = linking.viewModel.state.session, linked.uid == guest.uid else {
            return fail("linking failed: \(linking.viewModel.state.errorMessage ?? "no session")")
        }
        note("linked \(email): uid \(linked.uid) kept, providers: \(providerList(linked))")
        await root().viewModel.dispatch(.clickSignOut)?.value
        note("signed out")
        guard let again = await signIn(.clickEmail, root(email: email, password: firstPassword)) else {
            return .failure
        }
        guard again.uid == guest.uid else { return fail("email sign-in found another uid") }
        note("signed in with email: uid \(again.uid), the guest's own")

        // 8: seed 004, password reset by a mailed deep link.
        section("8. Password reset: the mail goes to the outbox, its link sets a new password")
        let resetting = root()
        await resetting.viewModel.dispatch(.requestPasswordReset(email: email))?.value
        guard resetting.viewModel.state.error == nil,
            let mail = try? resetting.backend.outbox.messages().last(where: { $0.to == email })
        else { return fail("no reset mail arrived") }
        note("mail to \(mail.to) in \(runner.paths.backendFolder)/outbox: \"\(mail.subject)\"")
        note("its link: \(DeepLink.redacted(mail.link)) (the code is secret; 'signin-demo outbox' shows it)")
        let opening = root()
        await opening.viewModel.dispatch(.openResetLink(Secret(mail.link), newPassword: Secret(newPassword)))?.value
        guard opening.viewModel.state.error == nil else {
            return fail("the reset link did not work: \(opening.viewModel.state.errorMessage ?? "")")
        }
        note("the link opened the reset screen; new password set")
        let oldAttempt = root(email: email, password: firstPassword)
        await oldAttempt.viewModel.dispatch(.clickEmail)?.value
        note("the old password is refused: \(oldAttempt.viewModel.state.errorMessage ?? "accepted?!")")
        let reused = root()
        await reused.viewModel.dispatch(.openResetLink(Secret(mail.link), newPassword: Secret("another pass 7")))?.value
        note("the link works once: \(reused.viewModel.state.errorMessage ?? "accepted twice?!")")
        guard await signIn(.clickEmail, root(email: email, password: newPassword)) != nil else { return .failure }
        note("the new password signs in")

        // 9: seed 001, the Apple credential state.
        section("9. Apple revocation: the user stops using Sign in with Apple, and the app signs out")
        guard await signIn(.clickApple, root()) != nil else { return .failure }
        let revoking = root()
        do {
            try revoking.backend.appleIssuer.revokeAuthorization(clientID: revoking.backend.configuration.appleClientID)
        } catch {
            return fail("could not revoke: \(error)")
        }
        note("Settings > Apple ID > Sign in with Apple > signin-demo > Stop using")
        let checking = root()
        await checking.viewModel.dispatch(.checkAppleCredential)?.value
        guard case .checkAppleCredential(let credentialState)? = checking.viewModel.state.completed,
            credentialState == .revoked, checking.viewModel.state.session == nil
        else { return fail("the revocation was not noticed") }
        note("credential state: \(credentialState.rawValue); \(checking.viewModel.state.errorMessage ?? "")")

        // 10: App Store Review Guideline 5.1.1(v).
        section("10. Delete the account (the guest-turned-email account)")
        guard await signIn(.clickEmail, root(email: email, password: newPassword)) != nil else { return .failure }
        let deleting = root()
        await deleting.viewModel.dispatch(.clickDeleteAccount)?.value
        guard deleting.viewModel.state.error == nil, deleting.viewModel.state.completed == .deleteAccount else {
            return fail("deletion failed: \(deleting.viewModel.state.errorMessage ?? "")")
        }
        note("deleted; signed out")
        let gone = root(email: email, password: newPassword)
        await gone.viewModel.dispatch(.clickEmail)?.value
        note("signing in to it again: \(gone.viewModel.state.errorMessage ?? "accepted?!")")

        section("11. Sign in with Apple again: after the revocation Apple sends the name once more")
        let last = root()
        await last.viewModel.dispatch(.clickApple)?.value
        guard let final = last.viewModel.state.session else { return fail("the last sign-in failed") }
        console.out("\n" + SessionFormatter.describe(final))
        console.out(
            "Done: every flow ran on the embedded backend. Try 'signin-demo status', 'signin-demo interactive' and "
                + "'signin-demo --help'; they share this data folder.\n")
        return .success
    }

    private func signIn(_ action: SignInAction, _ root: CompositionRoot) async -> UserSession? {
        await root.viewModel.dispatch(action)?.value
        if let session = root.viewModel.state.session { return session }
        _ = fail("\(action) failed: \(root.viewModel.state.errorMessage ?? "cancelled")")
        return nil
    }

    private func providerList(_ session: UserSession) -> String {
        session.providerIds.isEmpty ? "none" : session.providerIds.map(\.rawValue).joined(separator: ", ")
    }

    private func section(_ title: String) {
        console.out("\n== \(title)\n")
    }

    private func note(_ text: String) {
        console.out("   \(text)\n")
    }

    private func fail(_ message: String) -> ExitCode {
        console.err("signin-demo: \(message)\n")
        return .failure
    }
}
