public import Foundation
public import SignInDomain
import Synchronization

/// A token service that counts refreshes and revocations. Each refresh gives the session new tokens
/// (`refreshed-1`, `refreshed-2`, …) valid for `lifetime` seconds from the clock, unless told to fail.
/// `gate`, when set, holds every refresh until ``open()``: tests use it to pile up concurrent callers.
public actor SpySessionTokenService: SessionTokenService {
    private let clock: any WallClock
    private let lifetime: TimeInterval
    private var refreshError: AuthError?
    private var revokeError: AuthError?
    private var isGateClosed: Bool
    private var gateWaiters: [CheckedContinuation<Void, Never>] = []
    /// The sessions passed to ``refresh(_:)``, in order.
    public private(set) var refreshed: [UserSession] = []
    /// The sessions passed to ``revoke(_:)``, in order.
    public private(set) var revoked: [UserSession] = []

    /// Creates a spy.
    /// - Parameters:
    ///   - clock: Sets the new expiry.
    ///   - lifetime: Seconds each refreshed session lasts.
    ///   - refreshError: Thrown by every refresh.
    ///   - revokeError: Thrown by every revocation.
    ///   - gated: Hold refreshes until ``open()``.
    ///   - canRefresh: What it says of itself: `false` plays a backend whose sessions simply expire.
    public init(
        clock: any WallClock, lifetime: TimeInterval = 3600, refreshError: AuthError? = nil,
        revokeError: AuthError? = nil, gated: Bool = false, canRefresh: Bool = true
    ) {
        self.canRefresh = canRefresh
        self.clock = clock
        self.lifetime = lifetime
        self.refreshError = refreshError
        self.revokeError = revokeError
        self.isGateClosed = gated
    }

    /// Whether it says it can renew a session.
    public nonisolated let canRefresh: Bool

    /// How many refreshes were asked for.
    public var refreshCount: Int { refreshed.count }

    /// Lets held and future refreshes through.
    public func open() {
        isGateClosed = false
        for waiter in gateWaiters { waiter.resume() }
        gateWaiters.removeAll()
    }

    /// Makes later refreshes fail with `error` (or succeed again with `nil`).
    public func setRefreshError(_ error: AuthError?) {
        refreshError = error
    }

    public func refresh(_ session: UserSession) async throws(AuthError) -> UserSession {
        refreshed.append(session)
        let number = refreshed.count
        if isGateClosed { await withCheckedContinuation { gateWaiters.append($0) } }
        if let refreshError { throw refreshError }
        var next = session
        next.isNewUser = false
        next.tokens = SessionTokens(
            idToken: Secret("refreshed-id-\(number)"), refreshToken: Secret("refreshed-\(number)"),
            expiresAt: clock.now().addingTimeInterval(lifetime))
        return next
    }

    public func revoke(_ session: UserSession) async throws(AuthError) {
        revoked.append(session)
        if let revokeError { throw revokeError }
    }
}

/// A token service that must not be called.
public struct FailingSessionTokenService: SessionTokenService {
    private let reportIssue: IssueReporter

    /// Creates the double.
    public init(reportIssue: @escaping IssueReporter) {
        self.reportIssue = reportIssue
    }

    /// It says it can, so that code which asks before refreshing calls it, and the call is reported.
    public var canRefresh: Bool { true }

    public func refresh(_ session: UserSession) async throws(AuthError) -> UserSession {
        reportIssue("FailingSessionTokenService.refresh(_:) was called")
        throw UnexpectedCallError("SessionTokenService.refresh").authError
    }

    public func revoke(_ session: UserSession) async throws(AuthError) {
        reportIssue("FailingSessionTokenService.revoke(_:) was called")
        throw UnexpectedCallError("SessionTokenService.revoke").authError
    }
}
