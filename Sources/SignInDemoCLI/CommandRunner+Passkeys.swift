import Foundation
import SignInData
import SignInDemoAdapters
import SignInDomain
import SignInPresentation

/// `passkey add|list|remove` and `sign-in passkey`. The device is the demo's software authenticator, whose passkeys
/// live in the data folder's `device/passkeys.json`.
extension CommandRunner {
    func passkey(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        let action = invocation.command.passkeyAction ?? .list
        if action != .add, invocation.displayName != nil {
            return usageError(
                UsageError(
                    .usageOptionNotForCommand,
                    ["option": CommandTable.option(.name).long, "command": "passkey \(action.rawValue)"]))
        }
        return switch action {
        case .add: await addPasskey(invocation, root)
        case .list: await listPasskeys(invocation, root)
        case .remove: await removePasskey(invocation, root)
        }
    }

    /// `sign-in passkey`: the device offers its passkeys for the relying party; no user name or password is asked.
    func signInWithPasskey(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        guard let offer = root.viewModel.features.passkeys?.signIn else {
            return reportNotOffered(.passkeys, invocation)
        }
        await root.screen.send(.passkey(.signIn(offer)))
        return await report(root, invocation, cancelled: (.signInCancelled, { $0.session == nil })) { session in
            session.map { SessionFormatter(text: text).describe($0) } ?? ""
        }
    }

    private func addPasskey(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        guard let offer = root.viewModel.features.passkeys?.register else {
            return reportNotOffered(.passkeys, invocation)
        }
        let name = invocation.displayName ?? ""
        if let stopped = await sendSensitive(
            root, invocation, { .passkey(.register(offer, name: name, currentPassword: $0)) })
        {
            return stopped
        }
        return await report(
            root, invocation, cancelled: (.passkeyAddCancelled, { $0.completed != .registerPasskey })
        ) { _ in text(.passkeyAdded) + "\n" }
    }

    private func listPasskeys(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        guard let offer = root.viewModel.features.passkeys?.list else { return reportNotOffered(.passkeys, invocation) }
        await root.screen.send(.passkey(.list(offer)))
        if case .listPasskeys(let passkeys)? = root.viewModel.state.completed {
            console.report?.record(
                result: .array(passkeys.map { .object(["id": .string($0.id), "name": .string($0.name)]) }))
        }
        return await report(root, invocation) { _ in
            guard case .listPasskeys(let passkeys)? = root.viewModel.state.completed else { return "" }
            return describe(passkeys)
        }
    }

    /// One line a passkey, numbered, or the line that says there are none.
    private func describe(_ passkeys: [Passkey]) -> String {
        guard !passkeys.isEmpty else { return text(.passkeyNone) + "\n" }
        return passkeys.enumerated().map { index, passkey in
            // A name is the user's own text, an id the backend's: both shown whole (the output boundary escapes what a
            // terminal would obey).
            text(
                .passkeyLine,
                [
                    "number": String(index + 1),
                    "name": passkey.name.isEmpty
                        ? text(.passkeyUnnamed, ["number": String(index + 1)]) : passkey.name,
                    "id": passkey.id,
                ])
        }.joined(separator: "\n") + "\n"
    }

    private func removePasskey(_ invocation: Invocation, _ root: CompositionRoot) async -> ExitCode {
        guard let offer = root.viewModel.features.passkeys?.remove, let list = root.viewModel.features.passkeys?.list
        else {
            return reportNotOffered(.passkeys, invocation)
        }
        await root.screen.send(.passkey(.list(list)))
        guard case .listPasskeys(let passkeys)? = root.viewModel.state.completed else {
            return await report(root, invocation) { _ in "" }
        }
        guard !passkeys.isEmpty else {
            console.err(text(.usagePrefix, ["message": text(.passkeyNone)]) + "\n")
            return .failure
        }
        let id: String
        if let named = invocation.command.factorID {
            // An id, or the number `passkey list` shows beside it.
            if passkeys.contains(where: { $0.id == named }) {
                id = named
            } else if let number = Int(named), passkeys.indices.contains(number - 1) {
                id = passkeys[number - 1].id
            } else {
                return usageError(
                    UsageError(
                        .usageUnknownPasskeyID,
                        [
                            "id": InputText.echo(named),
                            "ids": passkeys.map { $0.id }.joined(separator: ", "),
                        ]))
            }
        } else if passkeys.count == 1 {
            id = passkeys[0].id
        } else if invocation.canPrompt(console) {
            console.out(describe(passkeys))
            guard let answer = ask(text(.promptPasskeyToRemove, ["max": String(passkeys.count)])),
                let number = Int(answer), passkeys.indices.contains(number - 1)
            else { return cancelled(.passkeyRemoveCancelled) }
            id = passkeys[number - 1].id
        } else {
            return usageError(
                UsageError(
                    .usageNeedsPasskeyID, ["ids": passkeys.map { $0.id }.joined(separator: ", ")]))
        }
        if let stopped = await sendSensitive(
            root, invocation, { .passkey(.remove(offer, id: id, currentPassword: $0)) })
        {
            return stopped
        }
        // Only the embedded backend is known to end the account's other sessions when a passkey goes.
        let removed: CLIText = root.backend.choice == .embedded ? .passkeyRemoved : .passkeyRemovedHere
        return await report(root, invocation) { _ in text(removed) + "\n" }
    }
}
