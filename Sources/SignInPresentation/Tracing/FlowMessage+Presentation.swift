import SignInDomain

/// The steps the Presentation layer traces: the actions the view model receives and what the screen then shows.
/// Actions appear by their ``SignInAction/name`` only, never with their values (a reset link, a password).
extension FlowMessage {
    static func presentationActionSent(_ action: SignInAction) -> FlowMessage {
        FlowMessage("presentation.actionSent", "the screen sends {action}", ["action": action.name])
    }

    static func presentationResultReceived(_ action: SignInAction) -> FlowMessage {
        FlowMessage("presentation.resultReceived", "the view model receives {action}", ["action": action.name])
    }

    static func presentationErrorShown(_ key: MessageKey) -> FlowMessage {
        FlowMessage("presentation.errorShown", "the screen shows the error {error}", ["error": key.rawValue])
    }

    static func presentationSignedIn(uid: String) -> FlowMessage {
        FlowMessage("presentation.signedIn", "signed in as {uid}; the home screen opens", ["uid": uid])
    }

    static var presentationNothingChanged: FlowMessage {
        FlowMessage("presentation.nothingChanged", "no change (cancelled)")
    }
}
