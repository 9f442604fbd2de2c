package import Foundation
import SignInDomain
import SignInLocking

/// The system clock plus an offset that can be moved forward, to show "an hour later" without waiting an hour: the
/// demo's guided tour shares one between the backend and the app, as they would share real time. A frozen one
/// (`serve --test-clock`) stands still between moves, as a test suite's fake timers do, so that what the backend
/// writes and what the suite reads from the clock endpoint are the same instant.
package final class ShiftedClock: WallClock {
    private struct Reading {
        /// The instant it stands at when frozen (a whole millisecond), or `nil` when it runs with the system's.
        var anchor: Date?
        var offset: TimeInterval = 0
    }

    private let reading: Locked<Reading>
    private let frozen: Bool

    /// A clock at the present; `frozen`, it stays there until moved.
    package init(frozen: Bool = false) {
        self.frozen = frozen
        reading = Locked(Reading(anchor: frozen ? Self.wholeMillisecond(Date()) : nil))
    }

    package func now() -> Date {
        let reading = reading.withLock { $0 }
        return (reading.anchor ?? Date()).addingTimeInterval(reading.offset)
    }

    /// How far it was moved forward since it was made or reset.
    package var offset: TimeInterval { reading.withLock { $0.offset } }

    package func advance(by seconds: TimeInterval) {
        reading.withLock { $0.offset += seconds }
    }

    /// Back to the present (a frozen clock stands at the new present).
    package func reset() {
        let anchor = frozen ? Self.wholeMillisecond(Date()) : nil
        reading.withLock { $0 = Reading(anchor: anchor) }
    }

    private static func wholeMillisecond(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }
}
