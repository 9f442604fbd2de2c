/// A ``SessionManager``'s changes as an `AsyncSequence` of ``AuthStateEvent``: ``SessionManager/authStateChanges``.
///
/// Each iterator subscribes at its first `next()` and gets ``AuthStateEvent/initialSession(_:)`` first; it
/// unsubscribes when its task is cancelled or it is dropped.
public struct AuthStateChanges: AsyncSequence, Sendable {
    public typealias Element = AuthStateEvent
    public typealias Failure = Never

    private let manager: SessionManager

    init(manager: SessionManager) {
        self.manager = manager
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(manager: manager)
    }

    /// One subscription to a session manager's changes.
    public struct Iterator: AsyncIteratorProtocol {
        private let manager: SessionManager
        private var subscription: AsyncStream<AuthStateEvent>.Iterator?

        init(manager: SessionManager) {
            self.manager = manager
        }

        /// The next change; the first is the session when the subscription began. `nil` once the task is
        /// cancelled.
        public mutating func next() async -> AuthStateEvent? {
            if subscription == nil {
                guard !Task.isCancelled else { return nil }
                subscription = await manager.subscribe().makeAsyncIterator()
            }
            return await subscription?.next()
        }
    }
}
