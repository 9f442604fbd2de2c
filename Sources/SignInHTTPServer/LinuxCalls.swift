#if canImport(Glibc) || canImport(Musl)
    #if canImport(Glibc)
        import Glibc
    #else
        import Musl
    #endif

    /// `accept4` and `pipe2`, which set close-on-exec atomically (a descriptor cannot leak into a child that
    /// another thread forks and execs in between). Swift's Glibc module declares them only under `_GNU_SOURCE`,
    /// so they are looked up in the C library at run time; `nil` (not expected on Linux) falls back to the plain
    /// call followed by `fcntl`.
    enum LinuxCalls {
        typealias Accept4 =
            @convention(c) (
                Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32
            ) -> Int32
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32

        static let accept4: Accept4? = symbol("accept4", as: Accept4.self)
        static let pipe2: Pipe2? = symbol("pipe2", as: Pipe2.self)

        private static func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
            guard let process = dlopen(nil, RTLD_NOW), let address = dlsym(process, name) else { return nil }
            return unsafeBitCast(address, to: type)
        }
    }
#endif
