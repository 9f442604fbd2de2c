/// The software authenticator's questions, asked through choice prompts: the demo's stand-in for the device's passkey
/// sheet and its Face ID. On a terminal the user picks "create" or a passkey, or cancels; with `--yes` or input that
/// is not a terminal the automatic prompts answer (a passkey named by `--account`, or the first).
package struct ChoicePasskeyConsent: PasskeyConsent {
    /// The texts the questions use, in the user's language.
    package struct Texts: Sendable {
        /// "Create a passkey for {site} as {account}?"
        package var create: @Sendable (_ site: String, _ account: String) -> String
        /// The one option that creates it.
        package var createOption: String
        /// "Sign in to {site} with the passkey of:"
        package var choose: @Sendable (_ site: String) -> String

        /// Creates the texts.
        package init(
            create: @escaping @Sendable (String, String) -> String, createOption: String,
            choose: @escaping @Sendable (String) -> String
        ) {
            self.create = create
            self.createOption = createOption
            self.choose = choose
        }
    }

    private let confirmation: any ChoicePrompt
    private let chooser: any ChoicePrompt
    private let texts: Texts

    /// Creates the consent.
    /// - Parameters:
    ///   - confirmation: Asks whether to create a passkey (one option, or cancel).
    ///   - chooser: Picks the passkey to sign in with.
    ///   - texts: The questions.
    package init(confirmation: any ChoicePrompt, chooser: any ChoicePrompt, texts: Texts) {
        self.confirmation = confirmation
        self.chooser = chooser
        self.texts = texts
    }

    package func confirmRegistration(relyingPartyID: String, userName: String) async -> Bool {
        await confirmation.choose(texts.create(relyingPartyID, userName), options: [texts.createOption]) == 0
    }

    package func choosePasskey(relyingPartyID: String, userNames: [String]) async -> Int? {
        await chooser.choose(texts.choose(relyingPartyID), options: userNames)
    }
}
