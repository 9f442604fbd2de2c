import SignInLocking

/// Keeps every step it is given, in order.
package final class RecordingFlowTracer: FlowTracer {
    private let storage = Locked<[FlowStep]>([])

    /// Creates an empty tracer.
    package init() {}

    package func record(_ step: FlowStep) {
        storage.withLock { $0.append(step) }
    }

    /// The steps so far.
    package var steps: [FlowStep] { storage.withLock { $0 } }
}
