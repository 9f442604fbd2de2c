import Foundation
import SignInDemoAdapters
import SignInDomain
import SignInFileSystem
import SignInPresentation

extension CommandRunner {
    /// `sign-in phone --phone NUMBER` and `link phone --phone NUMBER`: sends a code by SMS and keeps its verification
    /// in this data folder; then reads the code from the prompt, or from `--code` (now, or in a later run with the
    /// same number). The code signs in, or gives the signed-in account the number.
    func phone(_ invocation: Invocation, _ root: CompositionRoot, linking: Bool) async -> ExitCode {
        guard let features = root.viewModel.features.phone else { return reportNotOffered(.phoneSignIn, invocation) }
        let cancel: CLIText = linking ? .linkCancelled : .signInCancelled
        if linking {
            // Said before a code is sent for nothing, as the link itself would refuse.
            let current = try? await root.sessions.currentSession()
            let refusal: AuthError? =
                if let current { current.providerIds.contains(.phone) ? .providerAlreadyLinked(.phone) : nil } else {
                    .notSignedIn
                }
            if let refusal {
                showError(text.errors.message(for: refusal), error: refusal, verbose: invocation.verbose)
                return .failure
            }
        }
        guard let typed = invocation.phone ?? ask(text(.promptPhone)) else { return cancelled(cancel) }
        // Checked here too, so that a national form says what to type before anything else happens.
        guard let number = PhoneNumber.normalized(typed) else {
            showError(
                text.errors.message(for: .invalidPhoneNumber), error: .invalidPhoneNumber,
                verbose: invocation.verbose)
            return .failure
        }
        let pending = PhoneVerificationFile(path: paths.phoneVerification)
        var verification = invocation.code == nil ? nil : pending.load(for: number)
        if invocation.code != nil, verification == nil {
            return UsageError(.usagePhoneNoCodeSent, ["phone": number]).report(on: console, text: text)
        }
        if verification == nil {
            await root.screen.send(.phone(.sendCode(features.sendCode, phoneNumber: number)))
            guard case .sendPhoneCode(let sent)? = root.viewModel.state.completed else {
                return await report(root, invocation) { _ in "" }
            }
            pending.save(sent)
            verification = sent
            guard invocation.canPrompt(console) else {
                return await report(root, invocation) { _ in
                    let folder = root.backend.mailbox?.smsLocation ?? ""
                    return text(
                        root.backend.mailbox == nil ? .phoneCodeSentElsewhere : .phoneCodeSent,
                        ["phone": number, "folder": folder, "command": linking ? "link phone" : "sign-in phone"]) + "\n"
                }
            }
        }
        guard let verification else { return .failure }
        let code: String
        if let given = invocation.code {
            code = given
        } else {
            console.out(text(.phoneCodeSentAsk, ["phone": number]) + "\n")
            guard let entered = ask(text(.promptPhoneCode)) else { return cancelled(cancel) }
            code = entered
        }
        if linking {
            await root.screen.send(.phone(.link(features.link, verification, code: Secret(code))))
        } else {
            await root.screen.send(.phone(.signIn(features.signIn, verification, code: Secret(code))))
        }
        // Once used (or spent), the verification is of no more use; after a mistyped code it is kept for a retry.
        if root.viewModel.state.error != .invalidPhoneCode { pending.clear() }
        if !linking {
            var rest = invocation
            rest.code = nil
            if let stopped = await finishSecondFactor(rest, root) { return stopped }
            return await report(root, invocation, cancelled: (.signInCancelled, { $0.session == nil })) { session in
                session.map { SessionFormatter(text: text).describe($0) } ?? ""
            }
        }
        return await report(root, invocation) { session in
            guard let session else { return "" }
            return text(.linkedPhone, ["phone": number, "uid": session.uid]) + "\n"
        }
    }
}

/// The verification of the last code sent by SMS from this data folder, kept (0600) until the code is used, so that
/// `--code` in a later run finds it. Only for the number it was sent to.
struct PhoneVerificationFile {
    let path: String

    /// The most bytes read back.
    static let sizeLimit = 4096

    func load(for number: String) -> PhoneVerification? {
        guard let bytes = try? AtomicFile.read(path, limit: Self.sizeLimit),
            let verification = try? JSONDecoder().decode(PhoneVerification.self, from: Data(bytes)),
            verification.phoneNumber == number
        else { return nil }
        return verification
    }

    func save(_ verification: PhoneVerification) {
        guard let data = try? JSONEncoder().encode(verification) else { return }
        try? AtomicFile.makeDirectory((path as NSString).deletingLastPathComponent)
        try? AtomicFile.write(Array(data), to: path, mode: 0o600)
    }

    func clear() {
        try? AtomicFile.remove(path)
    }
}
