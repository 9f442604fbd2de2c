import Foundation
import SignInCrypto
import SignInData
import SignInDemoAdapters
import SignInDemoTrace
import SignInDomain
import SignInEmbeddedBackend
import SignInEmulator
import SignInFirebase
import SignInPresentation

/// The no-argument demo: every flow of the apps it mirrors, each step labelled with its layer. Sign in with Apple;
/// what makes a session last (restore, refresh with rotation, an authorized call); Google; a guest upgraded by
/// linking email and password, keeping its uid; a password reset through the outbox link; a sign-in link by mail; a
/// phone number linked and signed in with by SMS; two-step sign-in with an authenticator app's codes; a passkey; Apple
/// revocation;
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
        func root() -> CompositionRoot {
            var options = invocation
            options.assumeYes = true
            return runner.root(options, tracer: tracer, clock: clock)
        }
        let probe = root()
        guard probe.backend.apple != nil, probe.backend.google != nil, let mailbox = probe.backend.mailbox,
            let api = probe.backend.api
        else {
            console.err(text(.usagePrefix, ["message": text(.usageTourNeedsSimulation)]) + "\n")
            return .usage
        }
        switch runner.choice {
        case .embedded:
            console.out(text(.tourIntro, ["folder": runner.paths.root]) + "\n")
        case .firebase(let configuration):
            let host = configuration.emulatorHost ?? "identitytoolkit.googleapis.com"
            console.out(text(.tourIntroFirebase, ["host": host, "folder": runner.paths.root]) + "\n")
        case .rest:
            // Refused before the tour starts: a team's own API offers no Apple sign-in.
            return .usage
        }

        // 1–5: the KMP app's Apple flow, and what makes a session last.
        section(.tourStep1)
        let first = probe
        switch try? await first.restoreSession() {
        case .restored(let session)?, .refreshed(let session)?:
            note(.tourFoundSession, ["uid": session.uid])
        case .discarded(let movedTo, _)?:
            note(.tourDiscardedSession, ["path": movedTo])
        default:
            note(.tourNoSession)
        }

        section(.tourStep2)
        tracer.record(.ui, "GuidedTour.run", .demoUserTapsApple)
        guard let signedIn = await signIn(.clickProvider(.apple), first) else { return .failure }
        console.out("\n" + SessionFormatter(text: text).describe(signedIn))

        section(.tourStep3, ["path": runner.sessionFile])
        guard case .restored(let restored)? = try? await root().restoreSession(), restored.uid == signedIn.uid else {
            return fail("RestoreSessionUseCase")
        }
        note(.tourRestored, ["uid": restored.uid])

        section(.tourStep4)
        clock.advance(by: 3700)
        let later = root()
        guard case .refreshed(let refreshed)? = try? await later.restoreSession() else {
            return fail("SessionManager.validSession")
        }
        note(.tourNewToken, ["date": refreshed.tokens.expiresAt.formatted(.iso8601)])
        do {
            _ = try await later.backend.capabilities.sessions.refreshSession(refreshToken: signedIn.tokens.refreshToken)
            return fail("SessionBackend.refreshSession")
        } catch let error as IdentityBackendError {
            note(.tourOldRefreshRefused, ["code": error.code.rawValue])
        } catch {
            return fail("SessionBackend.refreshSession: \(CommandRunner.domainError(error, provider: .apple))")
        }

        section(.tourStep5)
        do {
            let response = try await later.apiClient.send(HTTPRequest(url: api.me))
            note(.tourHTTP, ["status": "\(response.status)", "body": String(decoding: response.body, as: UTF8.self)])
        } catch {
            return fail("AuthorizedAPIClient.send")
        }
        // Back to the present: nothing made from here on (the stored session, the mail) carries the moved clock.
        await later.screen.send(.clickSignOut)
        clock.reset()

        section(.tourStep6)
        // From here on one object graph serves every step: what the user types travels in the actions.
        let app = root()
        let features = app.viewModel.features
        guard let link = features.account?.link, let requestReset = features.passwords?.requestReset,
            let confirmReset = features.passwords?.confirmReset, let check = features.account?.checkAppleCredential,
            let delete = features.account?.delete
        else { return fail("SignInViewModel.features") }
        guard let google = await signIn(.clickProvider(.google), app) else { return .failure }
        note(.tourSignedInAs, ["email": google.email ?? "?", "providers": providerList(google)])

        // 7: Firebase's anonymous accounts, a guest upgraded by linking, keeping its uid.
        section(.tourStep7)
        guard let guest = await signIn(.clickProvider(.anonymous), app) else { return .failure }
        note(.tourGuest, ["uid": guest.uid])
        await app.screen.send(.account(.linkEmail(link, email: email, password: Secret(firstPassword))))
        guard let linked = app.viewModel.state.session, linked.uid == guest.uid else {
            return fail(app.viewModel.state.errorMessage ?? "LinkProviderUseCase")
        }
        note(.tourLinked, ["email": email, "uid": linked.uid, "providers": providerList(linked)])
        await app.screen.send(.clickSignOut)
        note(.tourSignedOut)
        guard let again = await signIn(.signInWithEmail(email: email, password: Secret(firstPassword)), app) else {
            return .failure
        }
        guard again.uid == guest.uid else { return fail("EmailPasswordAuthProvider.signIn") }
        note(.tourSameUID, ["uid": again.uid])

        // 8: the Go todo service's password reset by a mailed deep link.
        section(.tourStep8)
        await app.screen.send(.account(.requestPasswordReset(requestReset, email: email)))
        if let message = app.viewModel.state.errorMessage { return fail(message) }
        let mail: ResetMail
        do {
            guard let found = try await mailbox.resetMails().last(where: { $0.to == email }) else {
                return fail("PasswordResetBackend.sendPasswordResetEmail")
            }
            mail = found
        } catch {
            // The outbox could not be read: say why, and what to do (an emulator of another project, say).
            let domain = CommandRunner.domainError(error, provider: .emailPassword)
            return fail(
                ([text.errors.message(for: domain)] + [runner.hint(for: domain)].compactMap { $0 }).joined(
                    separator: " "))
        }
        note(.tourMailSent, ["to": mail.to, "folder": mailbox.location])
        note(.tourItsLink, ["link": DeepLink.redacted(mail.link)])
        await app.screen.send(
            .account(.openResetLink(confirmReset, Secret(mail.link), newPassword: Secret(newPassword))))
        // The reset ended every session of the account, this device's included: the screen shows it.
        guard app.viewModel.state.error == nil, app.viewModel.state.session == nil else {
            return fail(app.viewModel.state.errorMessage ?? "ConfirmPasswordResetUseCase")
        }
        note(.tourLinkOpened)
        await app.screen.send(.signInWithEmail(email: email, password: Secret(firstPassword)))
        note(.tourOldPasswordRefused, ["message": app.viewModel.state.errorMessage ?? text(.tourAccepted)])
        await app.screen.send(
            .account(.openResetLink(confirmReset, Secret(mail.link), newPassword: Secret("another pass 7"))))
        note(.tourLinkOnce, ["message": app.viewModel.state.errorMessage ?? text(.tourAccepted)])
        guard await signIn(.signInWithEmail(email: email, password: Secret(newPassword)), app) != nil else {
            return .failure
        }
        note(.tourNewPasswordWorks)

        // 9: Firebase's email-link sign-in, with the outbox standing in for the inbox.
        section(.tourStepEmailLink)
        if let failure = await emailLinkSignIn(app, email: email, mailbox: mailbox) { return failure }

        // 10: Firebase's phone sign-in, with the SMS outbox standing in for the phone.
        section(.tourStepPhone)
        if let failure = await phoneSignIn(app, mailbox: mailbox, suffix: suffix) { return failure }

        // 11: two-step sign-in, with the tour standing in for the phone's authenticator app.
        section(.tourStepMFA)
        if let failure = await twoStepSignIn(app, email: email, password: Secret(newPassword), clock: clock) {
            return failure
        }

        // 12: a passkey, with the demo's software authenticator standing in for the device.
        section(.tourStepPasskey)
        if let failure = await passkeySignIn(app, password: Secret(newPassword)) { return failure }

        // 13: the KMP app's Apple credential state.
        section(.tourStep9)
        guard await signIn(.clickProvider(.apple), app) != nil else { return .failure }
        do {
            _ = try await app.backend.apple?.revoke()
        } catch {
            return fail("SimulatedAppleID.revoke")
        }
        note(.tourStopUsing)
        await app.screen.send(.account(.checkAppleCredential(check, .userAsked)))
        guard case .checkAppleCredential(let credentialState)? = app.viewModel.state.completed,
            credentialState == .revoked, app.viewModel.state.session == nil
        else { return fail("CheckAppleCredentialUseCase") }
        note(
            .tourCredentialState,
            [
                "state": runner.text(CommandRunner.stateText(credentialState)),
                "message": app.viewModel.state.errorMessage ?? "",
            ])

        // 14: App Store Review Guideline 5.1.1(v).
        section(.tourStep10)
        guard let deleting = await signIn(.signInWithEmail(email: email, password: Secret(newPassword)), app) else {
            return .failure
        }
        await app.screen.send(.account(.deleteAccount(delete, currentPassword: Secret(newPassword))))
        guard app.viewModel.state.error == nil, app.viewModel.state.completed == .deleteAccount else {
            return fail(app.viewModel.state.errorMessage ?? "DeleteAccountUseCase")
        }
        // The user also removes the deleted account's passkey from their device, as they would from a password
        // manager: left there, it would offer a sign-in no account answers ('sign-in passkey' after the tour).
        let device = FilePasskeyStore(path: runner.paths.devicePasskeys)
        if let kept = try? device.load() {
            let handle = Base64URL.encode(Array(deleting.uid.utf8))
            let others = kept.filter { $0.userHandle != handle }
            if others.count != kept.count { try? device.save(others) }
        }
        note(.tourDeleted)
        await app.screen.send(.signInWithEmail(email: email, password: Secret(newPassword)))
        note(.tourSignInAgain, ["message": app.viewModel.state.errorMessage ?? text(.tourAccepted)])

        section(.tourStep11)
        await app.screen.send(.clickProvider(.apple))
        guard let final = app.viewModel.state.session else {
            return fail(app.viewModel.state.errorMessage ?? "SignInUseCase")
        }
        console.out("\n" + SessionFormatter(text: text).describe(final))
        console.out(text(runner.choice == .embedded ? .tourDone : .tourDoneFirebase) + "\n")
        return .success
    }

    /// Signs out, mails a sign-in link to `email`, and opens it from the mailbox: the device that asked remembers the
    /// email, so the link alone signs in to the same account; opened again, it is refused. `nil` when it went as it
    /// should (or the backend has no sign-in links), the tour's failure otherwise.
    private func emailLinkSignIn(_ app: CompositionRoot, email: String, mailbox: any ResetMailbox) async -> ExitCode? {
        guard let send = app.viewModel.features.emailLinks?.send, let open = app.viewModel.features.emailLinks?.signIn
        else {
            note(.tourEmailLinkSkipped)
            return nil
        }
        let before = app.viewModel.state.session?.uid
        await app.screen.send(.clickSignOut)
        await app.screen.send(.emailLink(.send(send, email: email)))
        if let message = app.viewModel.state.errorMessage { return fail(message) }
        let found: ResetMail?
        do {
            found = try await mailbox.resetMails().last {
                guard $0.to == email, case .emailSignIn? = try? DeepLink.parse($0.link) else { return false }
                return true
            }
        } catch {
            return fail("EmailLinkBackend.sendSignInLink")
        }
        guard let mail = found else { return fail("EmailLinkBackend.sendSignInLink") }
        note(.tourSignInLinkSent, ["to": mail.to, "folder": mailbox.location])
        note(.tourItsLink, ["link": DeepLink.redacted(mail.link)])
        await app.screen.send(.emailLink(.open(open, link: Secret(mail.link))))
        guard app.viewModel.state.error == nil, let after = app.viewModel.state.session?.uid, after == before else {
            return fail(app.viewModel.state.errorMessage ?? "SignInWithEmailLinkUseCase")
        }
        note(.tourSignInLinkOpened, ["uid": after])
        await app.screen.send(.emailLink(.open(open, link: Secret(mail.link), email: email)))
        note(.tourSignInLinkOnce, ["message": app.viewModel.state.errorMessage ?? text(.tourAccepted)])
        return nil
    }

    /// Links a phone number to the signed-in account with a code sent to it, signs out, and signs in again with a new
    /// code alone. The number is the run's own (from `suffix`), so that runs in one folder do not share it. `nil` when
    /// it went as it should (or the backend has no phone sign-in), the tour's failure otherwise.
    private func phoneSignIn(_ app: CompositionRoot, mailbox: any ResetMailbox, suffix: String) async -> ExitCode? {
        guard let phone = app.viewModel.features.phone else {
            note(.tourPhoneSkipped)
            return nil
        }
        let digits = suffix.unicodeScalars.map { String($0.value % 10) }.joined()
        let number = "+1555" + String(digits.prefix(7)).padding(toLength: 7, withPad: "0", startingAt: 0)
        let before = app.viewModel.state.session?.uid
        /// Sends a code to the number and reads it from the SMS outbox.
        func code() async -> (PhoneVerification, Secret)? {
            await app.screen.send(.phone(.sendCode(phone.sendCode, phoneNumber: number)))
            guard case .sendPhoneCode(let sent)? = app.viewModel.state.completed,
                let message = try? await mailbox.textMessages().last(where: { $0.to == number })
            else { return nil }
            return (sent, Secret(message.code))
        }
        guard let (linking, linkCode) = await code() else {
            return fail(app.viewModel.state.errorMessage ?? "PhoneBackend.sendPhoneCode")
        }
        await app.screen.send(.phone(.link(phone.link, linking, code: linkCode)))
        guard app.viewModel.state.error == nil, let linked = app.viewModel.state.session?.uid, linked == before else {
            return fail(app.viewModel.state.errorMessage ?? "LinkPhoneUseCase")
        }
        note(.tourPhoneLinked, ["phone": number, "folder": mailbox.smsLocation, "uid": linked])
        await app.screen.send(.clickSignOut)
        guard let (signingIn, signInCode) = await code() else {
            return fail(app.viewModel.state.errorMessage ?? "PhoneBackend.sendPhoneCode")
        }
        await app.screen.send(.phone(.signIn(phone.signIn, signingIn, code: signInCode)))
        guard app.viewModel.state.error == nil, let after = app.viewModel.state.session?.uid, after == before else {
            return fail(app.viewModel.state.errorMessage ?? "SignInWithPhoneUseCase")
        }
        note(.tourPhoneSignedIn, ["uid": after])
        return nil
    }

    /// Registers a passkey on the signed-in email account, signs out and in again with it alone. `nil` when it went as
    /// it should (or the backend has no passkeys), the tour's failure otherwise.
    private func passkeySignIn(_ app: CompositionRoot, password: Secret) async -> ExitCode? {
        guard let register = app.viewModel.features.passkeys?.register,
            let signIn = app.viewModel.features.passkeys?.signIn
        else {
            note(.tourPasskeySkipped)
            return nil
        }
        let before = app.viewModel.state.session?.uid
        await app.screen.send(.passkey(.register(register, name: "Tour", currentPassword: password)))
        guard app.viewModel.state.error == nil, app.viewModel.state.completed == .registerPasskey else {
            return fail(app.viewModel.state.errorMessage ?? "RegisterPasskeyUseCase")
        }
        note(.tourPasskeyAdded)
        await app.screen.send(.clickSignOut)
        await app.screen.send(.passkey(.signIn(signIn)))
        guard app.viewModel.state.error == nil, let after = app.viewModel.state.session?.uid, after == before else {
            return fail(app.viewModel.state.errorMessage ?? "SignInWithPasskeyUseCase")
        }
        note(.tourPasskeySignedIn)
        return nil
    }

    /// Enrols an authenticator on the signed-in email account, signs out and in again with a code, and removes the
    /// authenticator; the codes are computed from the enrolment's secret, as the app on a phone would. `nil` when it
    /// went as it should (or the backend has no second factors), the tour's failure otherwise.
    private func twoStepSignIn(_ app: CompositionRoot, email: String, password: Secret, clock: ShiftedClock) async
        -> ExitCode?
    {
        guard let factors = app.viewModel.features.secondFactors else {
            note(.tourMFASkipped)
            return nil
        }
        await app.screen.send(.secondFactor(.startTOTPEnrollment(factors.enrollTOTP, currentPassword: password)))
        guard let enrollment = app.viewModel.state.totpEnrollment, let key = Base32.decode(enrollment.secret.value)
        else { return fail(app.viewModel.state.errorMessage ?? "EnrollTOTPUseCase.start") }
        let uri = enrollment.uri(issuer: CommandRunner.authenticatorIssuer, accountName: email).value
        note(.tourMFAScanned, ["uri": uri.replacingOccurrences(of: enrollment.secret.value, with: Secret.redactedText)])
        func code(stepsAhead: Int) -> Secret {
            let now = Int64(clock.now().timeIntervalSince1970) + Int64(stepsAhead * enrollment.period)
            return Secret(OneTimeCodeGenerator.standard.code(secret: key, at: now))
        }
        await app.screen.send(.secondFactor(.confirmTOTPEnrollment(factors.enrollTOTP, code: code(stepsAhead: 0))))
        guard app.viewModel.state.error == nil, case .enrollTOTP? = app.viewModel.state.completed else {
            return fail(app.viewModel.state.errorMessage ?? "EnrollTOTPUseCase.finish")
        }
        note(.tourMFAOn)
        await app.screen.send(.clickSignOut)
        await app.screen.send(.signInWithEmail(email: email, password: password))
        guard let challenge = app.viewModel.state.secondFactorChallenge, app.viewModel.state.session == nil else {
            return fail(app.viewModel.state.errorMessage ?? "SignInUseCase: no second factor asked")
        }
        note(.tourMFAAsked)
        // The enrolment used this step's code, and a code works once: the app's next one.
        guard
            let session = await signIn(.secondFactor(.submitCode(factors.finishSignIn, code: code(stepsAhead: 1))), app)
        else {
            return .failure
        }
        note(.tourMFASignedIn, ["uid": session.uid])
        let factor = challenge.factors.first?.id ?? ""
        await app.screen.send(
            .secondFactor(.remove(factors.remove, id: factor, confirmingLast: true, currentPassword: password)))
        guard app.viewModel.state.error == nil, app.viewModel.state.completed == .removeSecondFactor else {
            return fail(app.viewModel.state.errorMessage ?? "RemoveSecondFactorUseCase")
        }
        note(.tourMFAOff)
        return nil
    }

    private func signIn(_ action: SignInAction, _ root: CompositionRoot) async -> UserSession? {
        await root.screen.send(action)
        if let session = root.viewModel.state.session { return session }
        _ = fail(root.viewModel.state.errorMessage ?? text(.cancelled))
        return nil
    }

    private var text: CLIMessages { runner.text }

    private func providerList(_ session: UserSession) -> String {
        session.providerIds.isEmpty ? text(.statusNone) : session.providerIds.map(\.rawValue).joined(separator: ", ")
    }

    private func section(_ key: CLIText, _ arguments: [String: String] = [:]) {
        console.out("\n== \(text(key, arguments))\n")
    }

    private func note(_ key: CLIText, _ arguments: [String: String] = [:]) {
        console.out("   \(text(key, arguments))\n")
    }

    private func fail(_ reason: String) -> ExitCode {
        console.err(text(.tourFailed, ["reason": reason]) + "\n")
        return .failure
    }
}
