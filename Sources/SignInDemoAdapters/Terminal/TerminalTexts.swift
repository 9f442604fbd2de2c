/// The words of the terminal prompts (the Apple consent step, the Google chooser), so that an
/// app shows them in its user's language. The defaults are English; `{name}` marks a value.
package struct TerminalTexts: Hashable, Sendable {
    /// `{app} wants to use your {provider} account "{name}" ({email}).`
    package var consentIntro: String
    /// The first choice: continue and share the email.
    package var consentShare: String
    /// The second choice: continue and hide the email.
    package var consentHide: String
    /// The last choice of every list: cancel.
    package var cancel: String
    /// `Choose 1, 2 or 3: `.
    package var consentChoose: String
    /// After an unclear answer to the consent.
    package var consentRetry: String
    /// `Choose a Google account to continue to {app}:`.
    package var chooserTitle: String
    /// `Choose 0 to {max}: `.
    package var choose: String
    /// After an unclear answer to a list: `Please answer with a number from 0 to {max}.`
    package var chooseRetry: String
    /// Providers' names in the prompts, by provider id (`apple.com`: `Apple`); a provider without one is named by
    /// its id.
    package var providerNames: [String: String]

    /// English texts, or yours.
    package init(
        consentIntro: String = "{app} wants to use your {provider} account \"{name}\" ({email}).",
        consentShare: String = "Continue and share my email", consentHide: String = "Continue and hide my email",
        cancel: String = "Cancel", consentChoose: String = "Choose 1, 2 or 3: ",
        consentRetry: String = "Please answer 1, 2 or 3.",
        chooserTitle: String = "Choose a Google account to continue to {app}:", choose: String = "Choose 0 to {max}: ",
        chooseRetry: String = "Please answer with a number from 0 to {max}.",
        providerNames: [String: String] = ["apple.com": "Apple", "google.com": "Google"]
    ) {
        self.providerNames = providerNames
        self.consentIntro = consentIntro
        self.consentShare = consentShare
        self.consentHide = consentHide
        self.cancel = cancel
        self.consentChoose = consentChoose
        self.consentRetry = consentRetry
        self.chooserTitle = chooserTitle
        self.choose = choose
        self.chooseRetry = chooseRetry
    }

    /// `template` with `values` in its placeholders.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        values.reduce(template) { text, value in
            text.split(separator: "{\(value.key)}", omittingEmptySubsequences: false).joined(separator: value.value)
        }
    }
}
