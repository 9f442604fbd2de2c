#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A dedicated POSIX thread, outside Swift concurrency's cooperative pool, so that a handler may block it.
enum DetachedThread {
    /// Runs `body` on a new detached thread.
    /// - Returns: `0`, or the error number `pthread_create` gave (typically `EAGAIN` when out of threads).
    static func start(_ body: @escaping @Sendable () -> Void) -> Int32 {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        // Allocated rather than `pthread_attr_t()`: the C struct's zero initializer belongs to whichever module
        // imported the type first (Dispatch's, on Linux), which this file does not import.
        let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
        defer { attributes.deallocate() }
        pthread_attr_init(attributes)
        defer { pthread_attr_destroy(attributes) }
        pthread_attr_setdetachstate(attributes, Int32(PTHREAD_CREATE_DETACHED))
        #if canImport(Darwin)
            var thread: pthread_t? = nil
            let result = pthread_create(
                &thread, attributes,
                { raw in
                    Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
                    return nil
                }, box)
        #else
            var thread: pthread_t = 0
            let result = pthread_create(
                &thread, attributes,
                { raw in
                    guard let raw else { return nil }
                    Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
                    return nil
                }, box)
        #endif
        if result != 0 { Unmanaged<Body>.fromOpaque(box).release() }
        return result
    }

    /// The closure, boxed to cross `pthread_create`'s `void *` argument.
    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
