import Foundation

/// The layer a step of a flow runs in, for labelled traces such as the demo's step list.
package enum ArchitectureLayer: String, Hashable, Sendable, CaseIterable {
    /// The screen or the CLI.
    case ui = "UI"
    /// The view model.
    case presentation = "Presentation"
    /// Use cases.
    case domain = "Domain"
    /// UI clients and platform adapters.
    case infrastructure = "Infrastructure"
    /// Auth providers that talk to a backend.
    case data = "Data"
    /// The identity backend itself.
    case backend = "Backend"
}

/// What a step of a flow says, in a form a tracer can translate: a stable key, the English text with `{name}`
/// placeholders, and the values to put in them. Values carry no secrets: build them from redacted values only.
///
/// Components declare their messages next to themselves (`FlowMessage.backendAccountCreated(uid:provider:)`);
/// a tracer that speaks the user's language looks the key up in its own catalogue and falls back to the English
/// text for a key it does not know (a team's own component, say).
package struct FlowMessage: Hashable, Sendable, CustomStringConvertible {
    /// The key translations are looked up by, such as `backend.accountCreated`.
    package var key: String
    /// The English text, with `{name}` placeholders.
    package var english: String
    /// The values of the placeholders.
    package var arguments: [String: String]

    /// Creates a message.
    package init(_ key: String, _ english: String, _ arguments: [String: String] = [:]) {
        self.key = key
        self.english = english
        self.arguments = arguments
    }

    /// `template` with this message's placeholders filled in.
    package func rendered(_ template: String) -> String {
        var text = template
        for (name, value) in arguments { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }

    /// The English text with its values.
    package var description: String { rendered(english) }
}

/// One labelled step of a flow.
package struct FlowStep: Hashable, Sendable {
    /// The layer the step runs in.
    package var layer: ArchitectureLayer
    /// The type and method, as a reader of the code would find them (`SignInUseCase.callAsFunction`).
    package var component: String
    /// What happens, in a short sentence.
    package var message: FlowMessage

    /// Creates a step.
    package init(layer: ArchitectureLayer, component: String, message: FlowMessage) {
        self.layer = layer
        self.component = component
        self.message = message
    }
}

/// Receives the labelled steps of flows: the demo prints them, tests record them, apps usually drop them.
package protocol FlowTracer: Sendable {
    /// Records a step.
    func record(_ step: FlowStep)
}

extension FlowTracer {
    /// Records a step.
    package func record(_ layer: ArchitectureLayer, _ component: String, _ message: FlowMessage) {
        record(FlowStep(layer: layer, component: component, message: message))
    }
}

/// A tracer that drops every step.
package struct SilentFlowTracer: FlowTracer {
    /// Creates the tracer.
    package init() {}
    package func record(_ step: FlowStep) {}
}
