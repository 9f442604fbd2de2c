package import Foundation
import SignInDomain
import SignInLocking

/// The system clock plus an offset that can be moved forward, to show "an hour later" without waiting an hour: the
/// demo's guided tour shares one between the backend and the app, as they would share real time, and
/// `serve --test-clock` lets a test suite move it through the emulator's clock endpoint.
package final class ShiftedClock: WallClock {
    private let offset = Locked<TimeInterval>(0)

    package init() {}

    package func now() -> Date { Date().addingTimeInterval(offset.withLock { $0 }) }

    package func advance(by seconds: TimeInterval) {
        offset.withLock { $0 += seconds }
    }

    /// Back to the present.
    package func reset() {
        offset.withLock { $0 = 0 }
    }
}
