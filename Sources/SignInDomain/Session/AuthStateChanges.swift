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

    /// An event and the number of its announcement.
    struct Change: Sendable {
        let revision: UInt64
        let event: AuthStateEvent
    }

    /// One subscription to a session manager's changes.
    public struct Iterator: AsyncIteratorProtocol {
        private let manager: SessionManager
        private var subscription: AsyncStream<Change>.Iterator?
        /// The `SessionManager/revision` of the last event `next()` returned: once it reaches the manager's, this
        /// iterator has returned every change made so far.
        public private(set) var revision: UInt64 = 0

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
            guard let change = await subscription?.next() else { return nil }
            revision = change.revision
            return change.event
        }
    }
}
