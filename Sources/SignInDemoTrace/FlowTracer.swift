import Foundation

/// The layer a step of a flow runs in, for labelled traces such as the demo's step list.
public enum ArchitectureLayer: String, Hashable, Sendable, CaseIterable {
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
public struct FlowMessage: Hashable, Sendable, CustomStringConvertible {
    /// The key translations are looked up by, such as `backend.accountCreated`.
    public var key: String
    /// The English text, with `{name}` placeholders.
    public var english: String
    /// The values of the placeholders.
    public var arguments: [String: String]

    /// Creates a message.
    public init(_ key: String, _ english: String, _ arguments: [String: String] = [:]) {
        self.key = key
        self.english = english
        self.arguments = arguments
    }

    /// `template` with this message's placeholders filled in.
    public func rendered(_ template: String) -> String {
        var text = template
        for (name, value) in arguments { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }

    /// The English text with its values.
    public var description: String { rendered(english) }
}

/// One labelled step of a flow.
public struct FlowStep: Hashable, Sendable {
    /// The layer the step runs in.
    public var layer: ArchitectureLayer
    /// The type and method, as a reader of the code would find them (`SignInUseCase.callAsFunction`).
    public var component: String
    /// What happens, in a short sentence.
    public var message: FlowMessage

    /// Creates a step.
    public init(layer: ArchitectureLayer, component: String, message: FlowMessage) {
        self.layer = layer
        self.component = component
        self.message = message
    }
}

/// Receives the labelled steps of flows: the demo prints them, tests record them, apps usually drop them.
public protocol FlowTracer: Sendable {
    /// Records a step.
    func record(_ step: FlowStep)
}

extension FlowTracer {
    /// Records a step.
    public func record(_ layer: ArchitectureLayer, _ component: String, _ message: FlowMessage) {
        record(FlowStep(layer: layer, component: component, message: message))
    }
}

/// A tracer that drops every step.
public struct SilentFlowTracer: FlowTracer {
    /// Creates the tracer.
    public init() {}
    public func record(_ step: FlowStep) {}
}
