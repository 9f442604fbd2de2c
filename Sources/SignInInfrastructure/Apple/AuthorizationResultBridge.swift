import Synchronization

/// Turns the delegate callbacks of one Apple authorization into one awaited result, delivered exactly once.
///
/// `ASAuthorizationController` reports through a delegate, and a delegate can be called twice (a success
/// after an error on some systems), never (the controller is released without calling back), or after the
/// waiting task was cancelled. A checked continuation must be resumed exactly once, so every path goes
/// through ``resolve(_:)``: the first result wins and later ones are ignored. The Apple-only shells
/// (`AuthorizationControllerAuthorizer` for Sign in with Apple, `PlatformPasskeyAuthenticator` for passkeys) hold no
/// other logic, and this type is tested on every platform. Each shell has its own `Result`:
/// ``AuthorizationResultBridge`` is Sign in with Apple's.
public final class AuthorizationCallbackBridge<Result: Sendable>: Sendable {
    private enum Phase {
        case idle
        case waiting(CheckedContinuation<Result, Never>)
        case resolved(Result)
        case delivered
    }

    /// What the waiting task gets when it is cancelled: the user's cancel.
    public let cancelled: Result
    /// What the waiting task gets when the controller goes away without calling back, and what a second wait on one
    /// bridge gets.
    public let unanswered: Result

    private let phase = Mutex(Phase.idle)

    /// Creates a bridge for one authorization.
    /// - Parameters:
    ///   - cancelled: The result of a cancelled task.
    ///   - unanswered: The result when the controller ends without an answer.
    public init(cancelled: Result, unanswered: Result) {
        self.cancelled = cancelled
        self.unanswered = unanswered
    }

    /// Starts the authorization with `start` and waits for its one result. A cancelled task gets ``cancelled`` at
    /// once; a result that arrives later is ignored.
    /// - Parameter start: Presents the UI (on the main actor, as `ASAuthorizationController` requires).
    public func result(starting start: @escaping @MainActor @Sendable () -> Void) async -> Result {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let early: Result? = phase.withLock { phase in
                    switch phase {
                    case .idle:
                        phase = .waiting(continuation)
                        return nil
                    case .resolved(let result):
                        phase = .delivered
                        return result
                    case .waiting, .delivered:
                        return unanswered  // A second wait on one bridge: never the first result twice.
                    }
                }
                if let early {
                    continuation.resume(returning: early)
                } else {
                    // A task cancelled before the main actor runs this gets its answer without a sheet.
                    Task { @MainActor in if self.isWaiting { start() } }
                }
            }
        } onCancel: {
            resolve(cancelled)
        }
    }

    /// Whether the wait has begun and no result has come yet.
    private var isWaiting: Bool {
        phase.withLock { if case .waiting = $0 { true } else { false } }
    }

    /// Delivers `result` if it is the first one.
    /// - Returns: Whether it was delivered (`false` for every later call).
    @discardableResult
    public func resolve(_ result: Result) -> Bool {
        let (first, waiting) = phase.withLock { phase -> (Bool, CheckedContinuation<Result, Never>?) in
            switch phase {
            case .idle:
                phase = .resolved(result)
                return (true, nil)
            case .waiting(let continuation):
                phase = .delivered
                return (true, continuation)
            case .resolved, .delivered:
                return (false, nil)
            }
        }
        waiting?.resume(returning: result)
        return first
    }
}

/// The bridge of one Sign in with Apple authorization (`AuthorizationControllerAuthorizer`).
public typealias AuthorizationResultBridge = AuthorizationCallbackBridge<AppleIDAuthorizationResult>

extension AuthorizationCallbackBridge where Result == AppleIDAuthorizationResult {
    /// What the waiting task gets when the controller goes away without calling back.
    public static var endedWithoutAnswer: AppleIDAuthorizationResult { .failed(.endedWithoutAnswer) }

    /// Creates a bridge for one Sign in with Apple authorization: a cancelled task gets
    /// ``AppleIDAuthorizationFailure/canceled``.
    public convenience init() {
        self.init(cancelled: .failed(.canceled), unanswered: Self.endedWithoutAnswer)
    }
}
