import SignInLocking

/// Keeps every step it is given, in order.
public final class RecordingFlowTracer: FlowTracer {
    private let storage = Locked<[FlowStep]>([])

    /// Creates an empty tracer.
    public init() {}

    public func record(_ step: FlowStep) {
        storage.withLock { $0.append(step) }
    }

    /// The steps so far.
    public var steps: [FlowStep] { storage.withLock { $0 } }
}
