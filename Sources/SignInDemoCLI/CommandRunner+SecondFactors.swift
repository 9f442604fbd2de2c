import Foundation
import SignInData
import SignInDemoAdapters
import SignInDomain
import SignInPresentation

/// `mfa enroll|list|remove|recovery-codes` and the second step of a sign-in that asks for a code.
extension CommandRunner {
    /// The issuer an authenticator app shows beside the account.
    static let authenticatorIssuer = "signin-demo"
    /// Codes asked for before giving up, on a terminal.
    static let codeAttempts = 3

    func mfa(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        let action = invocation.command.mfaAction ?? .list
        if let refused = Self.optionNotForAction(invocation, action) { return usageError(refused) }
        return switch action {
        case .enroll: invocation.phone == nil ? await enrollTOTP(invocation, root) : await enrollPhone(invocation, root)
        case .list: await listSecondFactors(invocation, root)
        case .remove: await removeSecondFactor(invocation, root)
        case .recoveryCodes: await newRecoveryCodes(invocation, root)
        }
    }

    /// The options `mfa` takes that `action` has no use for: `list` signs nobody in again and names nothing;
    /// `remove` names no authenticator's name.
    static func optionNotForAction(_ invocation: Invocation, _ action: MFAAction) -> UsageError? {
        var given: [(OptionName, Bool)] = [(.name, invocation.displayName != nil)]
        if action == .list {
            given += [
                (.code, invocation.code != nil), (.factor, invocation.factor != nil), (.yes, invocation.assumeYes),
                (.currentPassword, invocation.currentPassword != nil), (.email, invocation.email != nil),
                (.account, invocation.account != nil), (.hideEmail, invocation.hideEmail),
                (.idTokenFile, invocation.idTokenFile != nil),
            ]
        }
        if action == .enroll { given.removeFirst() } else { given.append((.phone, invocation.phone != nil)) }
        guard let refused = given.first(where: \.1)?.0 else { return nil }
        return UsageError(
            .usageMFAOptionNotForAction, ["option": CommandTable.option(refused).long, "action": action.rawValue])
    }

    /// Starts an enrolment, shows its secret as a QR code, as text and as a URI, and confirms it with a first code.
    private func enrollTOTP(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        // The secret is for the user's eyes: never into a file or a pipe that stands for the terminal.
        if invocation.json {
            return usageError(UsageError(.usageMFASecretsNotInJSON, ["action": MFAAction.enroll.rawValue]))
        }
        guard console.outputIsTerminal else { return usageError(UsageError(.usageMFAEnrollNeedsScreen)) }
        guard let offer = root.viewModel.features.secondFactors?.enrollTOTP else {
            return reportNotOffered(.secondFactors, invocation)
        }
        if let stopped = await sendSensitive(
            root, invocation, { .secondFactor(.startTOTPEnrollment(offer, currentPassword: $0)) })
        {
            return stopped
        }
        guard let enrollment = root.viewModel.state.totpEnrollment else {
            return await report(root, invocation) { _ in "" }
        }
        let session = try? await root.sessions.currentSession()
        // The authenticator's name in its label too, so that an app with two of this account's tells them apart.
        let account = (session?.email ?? session?.uid ?? "") + (invocation.displayName.map { " (\($0))" } ?? "")
        let uri = enrollment.uri(issuer: Self.authenticatorIssuer, accountName: account)
        console.out(text(.mfaScanQR) + "\n")
        if let code = QRCode(text: uri.value, correction: .medium) {
            let style: TerminalQRCode.Style =
                console.isInteractive && environment["NO_COLOR"] == nil ? .colored : .plain
            console.draw(TerminalQRCode.lines(code, style: style).joined(separator: "\n") + "\n")
        }
        console.out(text(.mfaSecretLine, ["secret": Self.grouped(enrollment.secret.value)]) + "\n")
        console.out(text(.mfaURILine, ["uri": uri.value]) + "\n")
        // The first code is always asked for: nobody can know it before the secret above was shown.
        for attempt in 1...Self.codeAttempts {
            guard let code = ask(text(.promptMFAFirstCode)) else {
                await root.screen.send(.secondFactor(.cancelTOTPEnrollment))
                return cancelled(.mfaEnrollCancelled)
            }
            await root.screen.send(
                .secondFactor(.confirmTOTPEnrollment(offer, code: Secret(code), displayName: invocation.displayName)))
            guard root.viewModel.state.error == .invalidSecondFactorCode, attempt < Self.codeAttempts else { break }
            showError(root.viewModel.state.errorMessage ?? "", error: .invalidSecondFactorCode, verbose: false)
        }
        let codes = root.viewModel.state.recoveryCodes
        let outcome = await report(root, invocation) { _ in
            text(.mfaEnrolled) + "\n" + (codes.map { describe(recoveryCodes: $0, .mfaRecoveryCodesFirst) } ?? "")
        }
        if outcome != .success { console.err(text(.usagePrefix, ["message": text(.mfaEnrollCancelled)]) + "\n") }
        return outcome
    }

    /// `mfa recovery-codes`: a new set, shown on the terminal only, as an enrolment's secret is.
    private func newRecoveryCodes(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        guard let offer = root.viewModel.features.secondFactors?.newRecoveryCodes,
            let list = root.viewModel.features.secondFactors?.list
        else { return reportNotOffered(.secondFactors, invocation) }
        guard choice.hasRecoveryCodes else { return reportNotOffered(.recoveryCodes, invocation) }
        // Why it cannot be done comes before where the codes would go: nobody signed in, a guest, no authenticator.
        if (try? await root.sessions.currentSession())?.isAnonymous == true {
            let error = AuthError.secondFactorNeedsPermanentAccount
            showError(text.errors.message(for: error), error: error, verbose: invocation.verbose)
            return .failure
        }
        await root.screen.send(.secondFactor(.list(list)))
        guard case .listSecondFactors(let factors)? = root.viewModel.state.completed else {
            return await report(root, invocation) { _ in "" }
        }
        guard !factors.isEmpty else {
            let error = AuthError.recoveryCodesNeedSecondFactor
            showError(text.errors.message(for: error), error: error, verbose: invocation.verbose)
            return .failure
        }
        if invocation.json {
            return usageError(UsageError(.usageMFASecretsNotInJSON, ["action": MFAAction.recoveryCodes.rawValue]))
        }
        guard console.outputIsTerminal else { return usageError(UsageError(.usageMFARecoveryCodesNeedsScreen)) }
        if let stopped = await sendSensitive(
            root, invocation, { .secondFactor(.newRecoveryCodes(offer, currentPassword: $0)) })
        {
            return stopped
        }
        return await report(root, invocation) { _ in
            guard case .newRecoveryCodes(let codes)? = root.viewModel.state.completed else { return "" }
            return describe(recoveryCodes: codes, .mfaRecoveryCodesNew)
        }
    }

    /// The heading, then one code a line, in two groups of five as they are easiest to copy by hand.
    private func describe(recoveryCodes: [Secret], _ heading: CLIText) -> String {
        text(heading) + "\n" + recoveryCodes.map { "  " + RecoveryCodeInput.grouped($0) + "\n" }.joined()
    }

    private func listSecondFactors(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        guard let offer = root.viewModel.features.secondFactors?.list else {
            return reportNotOffered(.secondFactors, invocation)
        }
        await root.screen.send(.secondFactor(.list(offer)))
        if case .listSecondFactors(let factors)? = root.viewModel.state.completed {
            console.report?.record(
                result: .array(
                    factors.map { factor in
                        .object([
                            "id": .string(factor.id), "kind": .string(factor.kind.rawValue),
                            "name": .optional(factor.displayName), "phoneNumber": .optional(factor.phoneNumber),
                            "enrolledAt": .string(factor.enrolledAt.formatted(.iso8601)),
                        ])
                    }))
        }
        return await report(root, invocation) { _ in
            guard case .listSecondFactors(let factors)? = root.viewModel.state.completed else { return "" }
            return describe(factors)
        }
    }

    /// One line a factor, numbered, or the line that says there are none.
    private func describe(_ factors: [SecondFactor]) -> String {
        guard !factors.isEmpty else { return text(.mfaNone) + "\n" }
        return factors.enumerated().map { index, factor in
            text(
                .mfaFactorLine,
                [
                    // A name is the user's own text; the output boundary escapes what a terminal would obey in it.
                    "number": String(index + 1), "name": Self.factorName(factor, text),
                    "id": factor.id,
                    "date": factor.enrolledAt.formatted(.iso8601),
                ])
        }.joined(separator: "\n") + "\n"
    }

    /// A factor's name: the user's own (escaped), else what it is, a phone with its number as the backend shows it.
    static func factorName(_ factor: SecondFactor, _ text: CLIMessages) -> String {
        if let name = factor.displayName {
            return InputText.echo(name) + (factor.phoneNumber.map { " (\(InputText.echo($0)))" } ?? "")
        }
        return factor.phoneNumber.map { text(.mfaPhoneFactor, ["phone": InputText.echo($0)]) } ?? text(.mfaUnnamed)
    }

    private func removeSecondFactor(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        guard let offer = root.viewModel.features.secondFactors?.remove,
            let list = root.viewModel.features.secondFactors?.list
        else { return reportNotOffered(.secondFactors, invocation) }
        await root.screen.send(.secondFactor(.list(list)))
        guard case .listSecondFactors(let factors)? = root.viewModel.state.completed else {
            return await report(root, invocation) { _ in "" }
        }
        guard !factors.isEmpty else {
            console.err(text(.usagePrefix, ["message": text(.mfaNone)]) + "\n")
            return .failure
        }
        let id: String
        switch chooseFactor(
            factors, named: invocation.command.factorID, invocation, question: .promptMFAFactor,
            missing: UsageError(.usageNeedsFactorID, ["ids": factors.map(\.id).joined(separator: ", ")]),
            cancel: .mfaRemoveCancelled)
        {
        case .factor(let chosen): id = chosen
        // Not offered at this question: a recovery code signs in, it names no authenticator to remove.
        case .recoveryCode: return cancelled(.mfaRemoveCancelled)
        case .stop(let code): return code
        }
        var confirmingLast = invocation.assumeYes
        if factors.count == 1, factors[0].id == id, !confirmingLast {
            guard invocation.canPrompt(console) else { return usageError(UsageError(.usageNeedsYesToRemoveLast)) }
            let warning = text.errors.message(for: .lastSecondFactor)
            guard isYes(ask(warning + " " + text(.promptConfirmYesNo))) else { return cancelled(.mfaRemoveCancelled) }
            confirmingLast = true
        }
        if let stopped = await sendSensitive(
            root, invocation,
            { .secondFactor(.remove(offer, id: id, confirmingLast: confirmingLast, currentPassword: $0)) })
        {
            return stopped
        }
        return await report(root, invocation) { _ in
            text(factors.count == 1 ? .mfaRemovedLast : .mfaRemoved) + "\n"
        }
    }

    /// What ``chooseFactor(_:named:_:question:missing:cancel:)`` decided: a factor's id, or the exit code of a
    /// command that stops.
    enum FactorChoice {
        case factor(String)
        /// A recovery code typed at the question, which stands in for any factor.
        case recoveryCode(Secret)
        case stop(ExitCode)
    }

    /// The factor the user means: the one `named` names (its id, or the number `mfa list` shows beside it; an id
    /// that is none of them is passed on, for the backend to refuse), else the only one, else the one picked from
    /// the list on a terminal; with none of these, the usage error `missing`.
    ///
    /// On a terminal an answer that is none of the numbers (or ids) is asked again, up to ``codeAttempts`` answers;
    /// with `acceptsRecoveryCode`, a recovery code is an answer too.
    func chooseFactor(
        _ factors: [SecondFactor], named: String?, _ invocation: Invocation, question: CLIText, missing: UsageError,
        cancel: CLIText, acceptsRecoveryCode: Bool = false
    ) -> FactorChoice {
        if let named {
            guard !factors.contains(where: { $0.id == named }), let number = Int(named),
                factors.indices.contains(number - 1)
            else { return .factor(named) }
            return .factor(factors[number - 1].id)
        }
        if factors.count == 1 { return .factor(factors[0].id) }
        guard invocation.canPrompt(console) else { return .stop(usageError(missing)) }
        console.out(describe(factors))
        let range = ["max": String(factors.count)]
        for _ in 1...Self.codeAttempts {
            guard let typed = ask(text(question, range)) else { return .stop(cancelled(cancel)) }
            let answer = typed.trimmingCharacters(in: .whitespaces)
            if let number = Int(answer), factors.indices.contains(number - 1) { return .factor(factors[number - 1].id) }
            if factors.contains(where: { $0.id == answer }) { return .factor(answer) }
            if acceptsRecoveryCode, let code = try? RecoveryCodeInput.validate(Secret(answer)) {
                return .recoveryCode(code)
            }
            console.err(text(.promptNumberInRange, range) + "\n")
        }
        return .stop(cancelled(cancel))
    }

    /// When a sign-in stopped for a second factor: the factor the code is from (``chooseFactor``, with `--factor`),
    /// and the code from `--code`, or asked for on a terminal (a wrong one is asked again, up to ``codeAttempts`` in
    /// all). Without them, nobody is signed in and the command says how to give them. A code is only ever checked
    /// against the factor chosen. `nil` when the sign-in did not stop, or once the code was sent (its outcome is the
    /// view model's state).
    func finishSecondFactor(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode? {
        guard let challenge = root.viewModel.state.secondFactorChallenge,
            let offer = root.viewModel.features.secondFactors?.finishSignIn
        else { return nil }
        var given = invocation.code
        // A recovery code stands in for any factor: nothing to choose.
        if let recovery = given.flatMap({ try? RecoveryCodeInput.validate(Secret($0)) }) {
            await submitRecoveryCode(recovery, root)
            return nil
        }
        let phonesOnly = challenge.factors.allSatisfy { $0.kind == .phone }
        if given == nil {
            guard invocation.canPrompt(console) else {
                await root.screen.send(.secondFactor(.cancelChallenge))
                if phonesOnly { return usageError(UsageError(.usagePhoneFactorNeedsTerminal)) }
                // With --json, a script tells this apart from other usage errors by its code.
                console.report?.fail(
                    code: errorCode(.secondFactorRequired(placeholderChallenge)), message: text(.usageNeedsCode))
                return usageError(UsageError(.usageNeedsCode))
            }
            // A phone's code is announced when it is sent, below.
            if !phonesOnly { console.out(text.errors.message(for: .secondFactorRequired(placeholderChallenge)) + "\n") }
        }
        let factors = challenge.factors.enumerated().map { index, factor in
            "\(index + 1). \(Self.factorName(factor, text)) (\(factor.id))"
        }
        let factorID: String
        let recovery = choice.hasRecoveryCodes
        switch chooseFactor(
            challenge.factors, named: invocation.factor, invocation,
            question: recovery ? .promptMFACodeFactorOrRecovery : .promptMFACodeFactor,
            missing: UsageError(.usageNeedsFactor, ["factors": factors.joined(separator: ", ")]),
            cancel: .signInCancelled, acceptsRecoveryCode: recovery)
        {
        case .factor(let chosen): factorID = chosen
        case .recoveryCode(let code):
            await submitRecoveryCode(code, root)
            return nil
        case .stop(let code):
            await root.screen.send(.secondFactor(.cancelChallenge))
            return code
        }
        if challenge.factors.first(where: { $0.id == factorID })?.kind == .phone {
            return await finishWithPhoneFactor(factorID, invocation, root)
        }
        for attempt in 1...Self.codeAttempts {
            guard let code = given ?? ask(text(recovery ? .promptMFACode : .promptMFAFirstCode)) else {
                await root.screen.send(.secondFactor(.cancelChallenge))
                return cancelled(.signInCancelled)
            }
            given = nil
            if let recovery = try? RecoveryCodeInput.validate(Secret(code)) {
                await submitRecoveryCode(recovery, root)
            } else {
                await root.screen.send(.secondFactor(.submitCode(offer, code: Secret(code), factorID: factorID)))
            }
            let error = root.viewModel.state.error
            guard error == .invalidSecondFactorCode || error == .invalidRecoveryCode, attempt < Self.codeAttempts,
                invocation.canPrompt(console), root.viewModel.state.secondFactorChallenge != nil, let error
            else { return nil }
            showError(root.viewModel.state.errorMessage ?? "", error: error, verbose: false)
        }
        return nil
    }

    /// The second step with a phone factor: a code goes by SMS to it, then the terminal asks for it (nobody can
    /// know it before, so a phone factor needs a terminal). `nil` once the code was sent, or the code request failed
    /// (its outcome is the view model's state).
    private func finishWithPhoneFactor(_ factorID: String, _ invocation: Invocation, _ root: CompositionRoot) async
        -> ExitCode?
    {
        guard let phone = root.viewModel.features.secondFactors?.phoneSignIn else {
            await root.screen.send(.secondFactor(.cancelChallenge))
            return reportNotOffered(.secondFactors, invocation)
        }
        guard invocation.canPrompt(console) else {
            await root.screen.send(.secondFactor(.cancelChallenge))
            return usageError(UsageError(.usagePhoneFactorNeedsTerminal))
        }
        await root.screen.send(.secondFactor(.sendPhoneCode(phone, factorID: factorID)))
        guard case .sendSecondFactorCode(let verification)? = root.viewModel.state.completed else { return nil }
        console.out(text(.phoneCodeSentAsk, ["phone": verification.phoneNumber]) + "\n")
        for attempt in 1...Self.codeAttempts {
            guard let code = ask(text(.promptPhoneCode)) else {
                await root.screen.send(.secondFactor(.cancelChallenge))
                return cancelled(.signInCancelled)
            }
            await root.screen.send(.secondFactor(.submitPhoneCode(phone, verification, code: Secret(code))))
            guard root.viewModel.state.error == .invalidPhoneCode, attempt < Self.codeAttempts else { return nil }
            showError(root.viewModel.state.errorMessage ?? "", error: .invalidPhoneCode, verbose: false)
        }
        return nil
    }

    /// `mfa enroll --phone NUMBER`: a code goes by SMS to the number (its verification kept in the data folder), then
    /// the terminal asks for it, or `--code` gives it in a later run.
    private func enrollPhone(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        guard let offer = root.viewModel.features.secondFactors?.enrollPhone else {
            return reportNotOffered(.secondFactors, invocation)
        }
        guard let number = PhoneNumber.normalized(invocation.phone ?? "") else {
            showError(
                text.errors.message(for: .invalidPhoneNumber), error: .invalidPhoneNumber, verbose: invocation.verbose)
            return .failure
        }
        let pending = PhoneVerificationFile(path: paths.phoneVerification)
        var verification = invocation.code == nil ? nil : pending.load(for: number)
        if invocation.code != nil, verification == nil {
            return usageError(UsageError(.usagePhoneNoCodeSent, ["phone": number]))
        }
        if verification == nil {
            if let stopped = await sendSensitive(
                root, invocation,
                { .secondFactor(.startPhoneEnrollment(offer, phoneNumber: number, currentPassword: $0)) })
            {
                return stopped
            }
            guard case .startPhoneEnrollment(let sent)? = root.viewModel.state.completed else {
                return await report(root, invocation) { _ in "" }
            }
            pending.save(sent)
            verification = sent
            guard invocation.canPrompt(console) else {
                return await report(root, invocation) { _ in
                    let values = [
                        "phone": number, "folder": root.backend.mailbox?.smsLocation ?? "", "command": "mfa enroll",
                    ]
                    return text(root.backend.mailbox == nil ? .phoneCodeSentElsewhere : .phoneCodeSent, values) + "\n"
                }
            }
        }
        guard let verification else { return .failure }
        var given = invocation.code
        if given == nil { console.out(text(.phoneCodeSentAsk, ["phone": number]) + "\n") }
        for attempt in 1...Self.codeAttempts {
            guard let code = given ?? ask(text(.promptPhoneCode)) else { return cancelled(.mfaEnrollCancelled) }
            given = nil
            await root.screen.send(
                .secondFactor(
                    .confirmPhoneEnrollment(
                        offer, verification, code: Secret(code), displayName: invocation.displayName)))
            guard root.viewModel.state.error == .invalidPhoneCode, attempt < Self.codeAttempts,
                invocation.canPrompt(console)
            else { break }
            showError(root.viewModel.state.errorMessage ?? "", error: .invalidPhoneCode, verbose: false)
        }
        if root.viewModel.state.error != .invalidPhoneCode { pending.clear() }
        let codes = root.viewModel.state.recoveryCodes
        return await report(root, invocation) { _ in
            text(.mfaPhoneEnrolled, ["phone": number]) + "\n"
                + (codes.map { describe(recoveryCodes: $0, .mfaRecoveryCodesFirst) } ?? "")
        }
    }

    /// Finishes the waiting sign-in with a recovery code and, once signed in, says how many codes are left (and,
    /// with none left, how to make new ones).
    private func submitRecoveryCode(_ code: Secret, _ root: CompositionRoot) async {
        guard let offer = root.viewModel.features.secondFactors?.finishSignIn else { return }
        await root.screen.send(.secondFactor(.submitRecoveryCode(offer, code: code)))
        guard let left = root.viewModel.state.recoveryCodesLeft else { return }
        console.report?.record(result: .object(["recoveryCodesLeft": .integer(left)]))
        console.out(text(.mfaRecoveryCodeUsed, ["left": String(left)]) + "\n")
        if left == 0 { console.out(text(.mfaRecoveryCodesUsedUp) + "\n") }
    }

    /// The message of ``SignInDomain/AuthError/secondFactorRequired(_:)`` does not depend on its challenge.
    private var placeholderChallenge: SecondFactorChallenge {
        SecondFactorChallenge(pendingCredential: Secret(""), factors: [], provider: .emailPassword)
    }

    /// A Base32 secret in groups of four, as authenticator apps show it for typing.
    static func grouped(_ secret: String) -> String {
        stride(from: 0, to: secret.count, by: 4).map { start in
            let from = secret.index(secret.startIndex, offsetBy: start)
            return String(secret[from..<secret.index(from, offsetBy: min(4, secret.count - start))])
        }.joined(separator: " ")
    }
}
