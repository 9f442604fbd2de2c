import Foundation
import SignInDomain
import SignInLocking

/// The system clock plus an offset the demo can move, to show "an hour later" without waiting an hour.
/// The backend and the app share it, as they would share real time.
final class ShiftedClock: WallClock {
    private let offset = Locked<TimeInterval>(0)

    func now() -> Date { Date().addingTimeInterval(offset.withLock { $0 }) }

    func advance(by seconds: TimeInterval) {
        offset.withLock { $0 += seconds }
    }

    /// Back to the present.
    func reset() {
        offset.withLock { $0 = 0 }
    }
}
