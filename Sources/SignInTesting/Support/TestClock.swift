public import Foundation
public import SignInDomain
import SignInLocking

/// A clock that stands still until the test moves it.
public final class TestClock: WallClock {
    private let current: Locked<Date>

    /// Creates a clock at `date` (by default 2026-01-01T00:00:00Z).
    public init(_ date: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        current = Locked(date)
    }

    public func now() -> Date { current.withLock { $0 } }

    /// Moves the clock forward (or back, with a negative interval).
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// Sets the clock.
    public func set(_ date: Date) {
        current.withLock { $0 = date }
    }
}
