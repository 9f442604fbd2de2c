import SignInDemoTrace
import SignInDomain
import SignInInfrastructure

/// The steps the terminal stand-ins trace: Apple's consent sheet and Google's account chooser.
extension FlowMessage {
    static var infrastructureAppleConsentShown: FlowMessage {
        FlowMessage("infrastructure.appleConsentShown", "the Apple sheet (a terminal stand-in) asks for consent")
    }

    static func infrastructureAppleConsent(_ choice: ConsentChoice) -> FlowMessage {
        switch choice {
        case .shareEmail: FlowMessage("infrastructure.appleConsentShareEmail", "the user agrees and shares the email")
        case .hideEmail: FlowMessage("infrastructure.appleConsentHideEmail", "the user agrees and hides the email")
        case .cancel: FlowMessage("infrastructure.appleConsentCancelled", "the user cancels")
        }
    }

    static var infrastructureAppleAuthorized: FlowMessage {
        FlowMessage("infrastructure.appleAuthorized", "Apple returned an ID token and an authorization code")
    }

    static var infrastructureGoogleChooserShown: FlowMessage {
        FlowMessage("infrastructure.googleChooserShown", "Google's account chooser opens in the terminal")
    }

    static func infrastructureGoogleAccountChosen(email: String) -> FlowMessage {
        FlowMessage("infrastructure.googleAccountChosen", "the user chose {email}", ["email": email])
    }
}
