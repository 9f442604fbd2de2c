public import Foundation

/// Owns the current session: loads it once, stores every change before anyone hears of it, refreshes it
/// with one request however many callers ask at once, and reports every change on ``authStateChanges``.
///
/// Rules it keeps:
/// - **Save, then tell.** A new or refreshed session is written to the ``SessionStore`` before it becomes
///   ``currentSession()``'s answer and before an event is sent.
/// - **Single flight.** Concurrent callers of ``validSession(forceRefresh:)`` share one refresh.
/// - **No write-back after a sign-out or a switch of user.** Each sign-in and sign-out starts a new
///   generation; a refresh that finishes in an older generation is dropped, never stored.
/// - **Across processes**, the refresh runs under the store's exclusive access and first looks whether
///   another process has already refreshed the stored session, and adopts it if so.
public actor SessionManager {
    private let store: any SessionStore
    private let tokenService: any SessionTokenService
    private let clock: any WallClock
    /// How long before expiry a session counts as expired, so that a token is never sent about to lapse.
    public nonisolated let refreshLeeway: TimeInterval

    private var session: UserSession?
    private var isLoaded = false
    /// Whether a subscriber was told "no session" while the store could not be read (a locked Keychain): the
    /// session read later is then announced as ``AuthStateEvent/signedIn(_:)``.
    private var announcedBeforeLoad = false
    private var generation = 0
    private var inFlight: Task<Result<UserSession, AuthError>, Never>?
    private var subscribers: [UUID: AsyncStream<AuthStateChanges.Change>.Continuation] = [:]
    /// How many changes were announced: each announcement's number, so that a follower can tell whether it has
    /// seen every change made so far (``revision``).
    private var announced: UInt64 = 0
    private var isWriting = false
    private var writeWaiters: [CheckedContinuation<Void, Never>] = []

    /// Creates a manager.
    /// - Parameters:
    ///   - store: Where the session is kept.
    ///   - tokenService: Refreshes and revokes tokens.
    ///   - clock: Decides expiry.
    ///   - refreshLeeway: Seconds before expiry at which a session is refreshed (default 300).
    public init(
        store: any SessionStore, tokenService: any SessionTokenService, clock: any WallClock = SystemWallClock(),
        refreshLeeway: TimeInterval = 300
    ) {
        self.store = store
        self.tokenService = tokenService
        self.clock = clock
        self.refreshLeeway = refreshLeeway
    }

    /// The current session, loading it from the store the first time.
    /// - Throws: What ``SessionStore/load()`` throws.
    public func currentSession() async throws(AuthError) -> UserSession? {
        try await ensureLoaded()
        return session
    }

    /// Whether the current session has expired (counting ``refreshLeeway``).
    public func needsRefresh(_ session: UserSession) -> Bool {
        session.tokens.isExpired(at: clock.now(), leeway: refreshLeeway)
    }

    // MARK: - Events

    /// The session's changes, as an `AsyncSequence`: each iteration starts with
    /// ``AuthStateEvent/initialSession(_:)`` (the session as it is when the iteration starts, loaded if needed), then
    /// gets every change, and ends when the iterating task is cancelled or stops iterating.
    ///
    /// ```swift
    /// for await event in sessions.authStateChanges {
    ///     print(event.session?.uid ?? "signed out")
    /// }
    /// ```
    ///
    /// The subscription begins at the first `next()`, so a change made before it shows in the initial session
    /// rather than as an event of its own. Each iterator is a subscription of its own.
    public nonisolated var authStateChanges: AuthStateChanges {
        AuthStateChanges(manager: self)
    }

    /// The number of the latest change announced on ``authStateChanges``: an iterator whose
    /// ``AuthStateChanges/Iterator/revision`` has reached it has seen every change made so far.
    public var revision: UInt64 { announced }

    /// Subscribes: the stream ``AuthStateChanges`` iterates.
    func subscribe() async -> AsyncStream<AuthStateChanges.Change> {
        try? await ensureLoaded()
        let (stream, continuation) = AsyncStream<AuthStateChanges.Change>.makeStream(bufferingPolicy: .unbounded)
        let id = UUID()
        continuation.yield(AuthStateChanges.Change(revision: announced, event: .initialSession(session)))
        if !isLoaded { announcedBeforeLoad = true }
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        return stream
    }

    private func unsubscribe(_ id: UUID) {
        subscribers[id] = nil
    }

    private func publish(_ event: AuthStateEvent) {
        announced += 1
        let change = AuthStateChanges.Change(revision: announced, event: event)
        for continuation in subscribers.values { continuation.yield(change) }
    }

    // MARK: - Sign-in and sign-out

    /// Makes `newSession` the current session: stored first, then announced as
    /// ``AuthStateEvent/signedIn(_:)`` (another user) or ``AuthStateEvent/userUpdated(_:)`` (the same user).
    /// Any refresh in flight for the previous session is dropped.
    /// - Throws: ``AuthError/sessionStorage(reason:)``; nothing changes then.
    public func establish(_ newSession: UserSession) async throws(AuthError) {
        try? await ensureLoaded()
        await acquireWrite()
        defer { releaseWrite() }
        try await store.save(newSession)
        generation += 1
        inFlight?.cancel()
        inFlight = nil
        let previous = session
        session = newSession
        isLoaded = true
        publish(previous?.uid == newSession.uid ? .userUpdated(newSession) : .signedIn(newSession))
    }

    /// Ends the session: drops any refresh in flight, clears the store, announces
    /// ``AuthStateEvent/signedOut(_:)``. Signing out when signed out does nothing.
    /// - Throws: ``AuthError/sessionStorage(reason:)`` when the stored session could not be removed; the
    ///   app is signed out in memory all the same.
    public func signOut(reason: SignOutReason) async throws(AuthError) {
        try? await ensureLoaded()
        generation += 1
        inFlight?.cancel()
        inFlight = nil
        let wasSignedIn = session != nil
        // Signed out at once for every caller, and again under the write lock: a refresh that committed
        // while this call waited for the lock (it checked the generation before the bump) is undone here.
        session = nil
        await acquireWrite()
        defer { releaseWrite() }
        session = nil
        var failure: AuthError?
        do {
            try await store.clear()
        } catch {
            failure = error
        }
        if wasSignedIn {
            publish(.signedOut(reason))
        }
        if let failure { throw failure }
    }

    /// Ends the session of `uid` only: a check that started for one user (Apple's credential state, say) never signs
    /// out a user who signed in while it waited.
    /// - Returns: Whether `uid` was signed in, and is now signed out.
    /// - Throws: ``AuthError/sessionStorage(reason:)`` when the stored session could not be removed.
    @discardableResult
    public func signOut(reason: SignOutReason, ifSignedInAs uid: String) async throws(AuthError) -> Bool {
        try? await ensureLoaded()
        guard session?.uid == uid else { return false }
        try await signOut(reason: reason)
        return true
    }

    // MARK: - Valid sessions and refresh

    /// Whether the token service can renew a session at all (see ``SessionTokenService/canRefresh``).
    public nonisolated var canRefresh: Bool { tokenService.canRefresh }

    /// Asks the backend about the session once more, after any refresh already in flight, whose answer may predate
    /// what made the session doubtful (a password reset, say): a refused session is signed out
    /// (``SignOutReason/sessionExpired``), an accepted one refreshed, one the backend did not answer about kept.
    /// Asks nothing when signed out, or when the token service cannot refresh (its refusal would say nothing).
    /// - Returns: The session afterwards; `nil` when signed out.
    public func recheck() async -> UserSession? {
        guard canRefresh else { return try? await currentSession() }
        // A finished task stays in `inFlight` until its caller resumes: clear it here, or the refresh below would
        // join it and take its answer, which predates the question.
        while let task = inFlight {
            _ = await task.value
            if inFlight == task { inFlight = nil }
        }
        guard (try? await currentSession()) != nil else { return nil }
        _ = try? await validSession(forceRefresh: true)
        return try? await currentSession()
    }

    /// A session whose ID token is valid for at least ``refreshLeeway`` seconds, refreshed if needed.
    /// - Parameter forceRefresh: Refresh even if the token looks valid (after a 401, say).
    /// - Throws: ``AuthError/notSignedIn``; ``AuthError/signedOut(_:)`` with
    ///   ``SignOutReason/sessionExpired`` when the refresh token was rejected (the manager has signed out);
    ///   other errors when the refresh could not be done, the session being kept.
    public func validSession(forceRefresh: Bool = false) async throws(AuthError) -> UserSession {
        try await ensureLoaded()
        guard let current = session else { throw .notSignedIn }
        if !forceRefresh, !needsRefresh(current) { return current }
        let task: Task<Result<UserSession, AuthError>, Never>
        if let inFlight {
            task = inFlight
        } else {
            let expectedGeneration = generation
            task = Task { () async -> Result<UserSession, AuthError> in
                do throws(AuthError) {
                    return .success(try await self.refresh(current, generation: expectedGeneration))
                } catch {
                    return .failure(error)
                }
            }
            inFlight = task
        }
        let result = await task.value
        if inFlight == task { inFlight = nil }
        return try result.get()
    }

    private func refresh(_ current: UserSession, generation expected: Int) async throws(AuthError) -> UserSession {
        do {
            return try await store.withExclusiveAccess { () async throws(AuthError) -> UserSession in
                // Another process may have refreshed while this one waited for the lock.
                if let stored = try? await self.store.load(), stored.uid == current.uid,
                    stored.tokens.refreshToken != current.tokens.refreshToken, await !self.needsRefresh(stored)
                {
                    return try await self.commit(stored, generation: expected, adopted: true)
                }
                do throws(AuthError) {
                    let refreshed = try await self.tokenService.refresh(current)
                    return try await self.commit(refreshed, generation: expected, adopted: false)
                } catch .refreshTokenSuperseded {
                    // The backend saw this token exchanged moments ago: another process of this app won a race
                    // this one lost. Its session is in the store; adopt it. With none there, the token's successor
                    // is out of reach, and the session cannot go on.
                    if let stored = try? await self.store.load(), stored.uid == current.uid,
                        stored.tokens.refreshToken != current.tokens.refreshToken
                    {
                        return try await self.commit(stored, generation: expected, adopted: true)
                    }
                    throw AuthError.refreshTokenRejected
                }
            }
        } catch {
            guard let reason = error.sessionEndReason else { throw error }
            if generation == expected {
                try? await signOut(reason: reason)
            }
            throw AuthError.signedOut(reason)
        }
    }

    private func commit(_ refreshed: UserSession, generation expected: Int, adopted: Bool) async throws(AuthError)
        -> UserSession
    {
        await acquireWrite()
        defer { releaseWrite() }
        guard generation == expected, session?.uid == refreshed.uid else {
            throw session == nil ? .notSignedIn : .signedOut(.userRequested)
        }
        if !adopted {
            try await store.save(refreshed)
        }
        session = refreshed
        publish(.tokenRefreshed(refreshed))
        return refreshed
    }

    // MARK: - Loading and the write lock

    private func ensureLoaded() async throws(AuthError) {
        guard !isLoaded else { return }
        let loaded: UserSession?
        do {
            loaded = try await store.load()
        } catch .storedSessionDiscarded(let movedTo, let reason) {
            isLoaded = true
            session = nil
            throw .storedSessionDiscarded(movedTo: movedTo, reason: reason)
        } catch {
            throw error
        }
        // Another call may have loaded or signed in while this one waited for the store.
        guard !isLoaded else { return }
        session = loaded
        isLoaded = true
        // The store could not be read when the subscribers started (a Keychain locked until the first unlock): the
        // session was there all along, so it is announced now instead of leaving them signed out.
        if announcedBeforeLoad, let loaded { publish(.signedIn(loaded)) }
        announcedBeforeLoad = false
    }

    /// Serialises the writes to the store: a sign-out's clear and a refresh's save never interleave.
    private func acquireWrite() async {
        guard isWriting else {
            isWriting = true
            return
        }
        await withCheckedContinuation { writeWaiters.append($0) }
    }

    private func releaseWrite() {
        if writeWaiters.isEmpty {
            isWriting = false
        } else {
            writeWaiters.removeFirst().resume()
        }
    }

    // MARK: - Calls for the signed-in user

    /// Runs `operation` with a valid session, as every call made for the signed-in user should: when the backend
    /// refuses the session's ID token (``AuthError/signedOut(_:)`` with ``SignOutReason/sessionExpired``: expired,
    /// or revoked by a password change elsewhere), the session is refreshed once and the call repeated; when the
    /// refresh is refused too, the manager has signed out and the error says so.
    /// - Throws: ``AuthError/notSignedIn``, ``AuthError/signedOut(_:)``, and what `operation` throws.
    public nonisolated func authorized<T: Sendable>(_ operation: @Sendable (UserSession) async throws(AuthError) -> T)
        async throws(AuthError) -> T
    {
        let session = try await validSession()
        let ending = { (error: AuthError) async -> AuthError in await self.ending(error, uid: session.uid) }
        do {
            return try await operation(session)
        } catch .signedOut(.sessionExpired) {
            let refreshed = try await validSession(forceRefresh: true)
            do {
                return try await operation(refreshed)
            } catch .signedOut(.sessionExpired) {
                // Refreshed, and refused all the same: the account does not accept this session any more.
                try? await signOut(reason: .sessionExpired)
                throw .signedOut(.sessionExpired)
            } catch {
                throw await ending(error)
            }
        } catch {
            throw await ending(error)
        }
    }

    /// Signs out when `error` says the account of `uid` no longer accepts its session (gone, disabled), and returns
    /// the error to throw: ``AuthError/signedOut(_:)`` then, `error` itself otherwise. A user who signed in while the
    /// call ran (another account, in this process or another) stays signed in.
    private func ending(_ error: AuthError, uid: String) async -> AuthError {
        guard let reason = error.sessionEndReason else { return error }
        let current = (try? await store.load()) ?? nil
        if session?.uid == uid && (current == nil || current?.uid == uid) {
            try? await signOut(reason: reason)
        }
        return .signedOut(reason)
    }
}
