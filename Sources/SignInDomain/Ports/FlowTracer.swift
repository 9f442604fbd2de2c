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

/// One labelled step of a flow. Steps carry no secrets: build messages from redacted values only.
public struct FlowStep: Hashable, Sendable {
    /// The layer the step runs in.
    public var layer: ArchitectureLayer
    /// The type or function, as a reader of the code would look for it (`SignInUseCase.invoke`).
    public var component: String
    /// What happens, in a short sentence.
    public var message: String

    /// Creates a step.
    public init(layer: ArchitectureLayer, component: String, message: String) {
        self.layer = layer
        self.component = component
        self.message = message
    }
}

/// Receives the steps of a flow as they happen: the demo prints them, tests record them, apps may log
/// them. Implementations must be cheap and must not block.
public protocol FlowTracer: Sendable {
    /// Records one step.
    func record(_ step: FlowStep)
}

extension FlowTracer {
    /// Records a step from its parts.
    public func record(_ layer: ArchitectureLayer, _ component: String, _ message: String) {
        record(FlowStep(layer: layer, component: component, message: message))
    }
}

/// A tracer that drops every step: the default.
public struct SilentFlowTracer: FlowTracer {
    /// Creates the tracer.
    public init() {}
    public func record(_ step: FlowStep) {}
}
