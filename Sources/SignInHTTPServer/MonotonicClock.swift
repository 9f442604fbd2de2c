#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Seconds on a clock that never jumps (wall-clock changes do not shorten or stretch a timeout).
enum MonotonicClock {
    /// Seconds since an arbitrary, fixed point.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }

    /// `seconds` made safe to add to a time: negative and NaN become 0, and very large values (infinity) a year.
    static func clamped(_ seconds: Double) -> Double {
        guard seconds > 0 else { return 0 }
        return min(seconds, 365 * 24 * 3600)
    }
}
