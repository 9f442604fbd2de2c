import Synchronization

/// A continuation resumed by the first of several callers; the others are ignored. The system may report one
/// outcome more than once (a failed start both by `start()` and through the handler), and a timeout races the answer.
final class ResumeOnce<Value: Sendable>: Sendable {
    private let continuation: CheckedContinuation<Value, any Error>
    private let resumed = Atomic<Bool>(false)

    init(_ continuation: CheckedContinuation<Value, any Error>) {
        self.continuation = continuation
    }

    /// - Returns: Whether this call resumed it.
    @discardableResult
    func resume(_ result: Result<Value, any Error>) -> Bool {
        guard !resumed.exchange(true, ordering: .acquiringAndReleasing) else { return false }
        continuation.resume(with: result)
        return true
    }
}
