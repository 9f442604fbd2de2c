public import Foundation

/// Tells the time. Injected wherever expiry is computed, so that tests control time.
public protocol WallClock: Sendable {
    /// The current date.
    func now() -> Date
}

/// The system's clock.
public struct SystemWallClock: WallClock {
    /// Creates the clock.
    public init() {}
    public func now() -> Date { Date() }
}
