public import SignInDomain

/// A working in-memory store that records every call and can be told to fail reads or writes.
public actor SpySessionStore: SessionStore {
    /// A call the store received.
    public enum Call: Hashable, Sendable {
        case load
        case save(UserSession)
        case clear
    }

    /// The stored session.
    public private(set) var session: UserSession?
    /// The calls received, in order.
    public private(set) var calls: [Call] = []
    private var loadError: AuthError?
    private var saveError: AuthError?

    /// Creates a store.
    /// - Parameters:
    ///   - session: The session stored at the start.
    ///   - loadError: Thrown by every ``load()``.
    ///   - saveError: Thrown by every ``save(_:)`` and ``clear()``; the stored session then stays.
    public init(session: UserSession? = nil, loadError: AuthError? = nil, saveError: AuthError? = nil) {
        self.session = session
        self.loadError = loadError
        self.saveError = saveError
    }

    public func load() async throws(AuthError) -> UserSession? {
        calls.append(.load)
        if let loadError { throw loadError }
        return session
    }

    public func save(_ session: UserSession) async throws(AuthError) {
        calls.append(.save(session))
        if let saveError { throw saveError }
        self.session = session
    }

    public func clear() async throws(AuthError) {
        calls.append(.clear)
        if let saveError { throw saveError }
        session = nil
    }
}

/// A session store that must not be touched.
public struct FailingSessionStore: SessionStore {
    private let reportIssue: IssueReporter

    /// Creates the double.
    public init(reportIssue: @escaping IssueReporter) {
        self.reportIssue = reportIssue
    }

    public func load() async throws(AuthError) -> UserSession? {
        reportIssue("FailingSessionStore.load() was called")
        throw UnexpectedCallError("SessionStore.load").authError
    }

    public func save(_ session: UserSession) async throws(AuthError) {
        reportIssue("FailingSessionStore.save(_:) was called")
        throw UnexpectedCallError("SessionStore.save").authError
    }

    public func clear() async throws(AuthError) {
        reportIssue("FailingSessionStore.clear() was called")
        throw UnexpectedCallError("SessionStore.clear").authError
    }
}
