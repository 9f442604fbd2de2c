import SignInDemoAdapters
import SignInDomain
import SignInPresentation

extension ProviderType {
    /// `sign-in email-link`: a link mailed to the user signs in. No provider anyone registers; the session it makes is
    /// the email's (`password`), as Firebase's.
    static let emailLink = ProviderType(rawValue: "email-link")
}

extension CommandRunner {
    /// `sign-in email-link --email X`: mails a sign-in link; this data folder remembers the email until the link
    /// signs in. With `--code`, the 6 digits of that mail sign in instead, for the email given.
    func sendSignInLink(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        if let code = invocation.code {
            guard let offer = root.viewModel.features.emailLinks?.signIn else {
                return reportNotOffered(.emailLinkSignIn, invocation)
            }
            await root.screen.send(.emailLink(.open(offer, link: Secret(code), email: invocation.email)))
            // The code was the mail's: a second factor, if the account has one, is asked for on its own.
            var rest = invocation
            rest.code = nil
            if let stopped = await finishSecondFactor(rest, root) { return stopped }
            return await report(root, invocation, cancelled: (.signInCancelled, { $0.session == nil })) { session in
                session.map { SessionFormatter(text: text).describe($0) } ?? ""
            }
        }
        guard let offer = root.viewModel.features.emailLinks?.send else {
            return reportNotOffered(.emailLinkSignIn, invocation)
        }
        guard let email = invocation.email ?? ask(text(.promptEmail)) else { return cancelled(.signInCancelled) }
        await root.screen.send(.emailLink(.send(offer, email: email)))
        return await report(root, invocation) { _ in
            guard let mailbox = root.backend.mailbox else {
                return text(.signInLinkMailedElsewhere, ["email": email]) + "\n"
            }
            let values = ["email": email, "folder": mailbox.location]
            return nextStep(.signInLinkMailed, values, orChoose: .signInLinkMailedMenu, Command(.outbox)) + "\n"
        }
    }

    /// `open-link URL` with a sign-in link: signs in with the email remembered here; else with `--email`, or the one
    /// typed at the prompt. Without any (no terminal to ask), the sign-in says that the email is needed.
    func openSignInLink(_ invocation: Invocation, _ root: CompositionRoot, link: Secret) async -> ExitCode {
        guard let offer = root.viewModel.features.emailLinks?.signIn else {
            return reportNotOffered(.emailLinkSignIn, invocation)
        }
        var email = invocation.email
        if email == nil, await offer.pendingEmail() == nil, invocation.canPrompt(console) {
            guard let typed = ask(text(.promptSignInLinkEmail)) else { return cancelled(.signInCancelled) }
            email = typed
        }
        await root.screen.send(.emailLink(.open(offer, link: link, email: email)))
        if let stopped = await finishSecondFactor(invocation, root) { return stopped }
        return await report(root, invocation, cancelled: (.signInCancelled, { $0.session == nil })) { session in
            session.map { SessionFormatter(text: text).describe($0) } ?? ""
        }
    }
}
