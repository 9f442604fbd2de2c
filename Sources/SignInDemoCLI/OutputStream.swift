import SignInLocking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output or standard error, written with `write(2)`: a failed write (a closed pipe, a full disk, a
/// closed descriptor) is remembered, and what follows is dropped, instead of trapping as `FileHandle.write(_:)`
/// does. The command goes on to its end, so that no operation stops half-way; ``DemoCLI`` then reports the
/// failure.
final class OutputStream: Sendable {
    /// The descriptor.
    let descriptor: Int32
    private let failure: Locked<Int32?>

    /// - Parameters:
    ///   - descriptor: `STDOUT_FILENO` or `STDERR_FILENO`.
    ///   - closedAtStart: The descriptor was closed when the process started (it now points at `/dev/null`, so
    ///     that no file the CLI opens takes its number): every write fails with `EBADF`.
    init(descriptor: Int32, closedAtStart: Bool) {
        self.descriptor = descriptor
        self.failure = Locked(closedAtStart ? EBADF : nil)
    }

    /// The `errno` of the first failed write, if any.
    var failureCode: Int32? { failure.withLock { $0 } }

    /// Writes `text` whole, or records why it could not.
    func write(_ text: String) {
        guard failureCode == nil else { return }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                    Glibc.write(descriptor, buffer.baseAddress, buffer.count)
                #elseif canImport(Musl)
                    Musl.write(descriptor, buffer.baseAddress, buffer.count)
                #else
                    Darwin.write(descriptor, buffer.baseAddress, buffer.count)
                #endif
            }
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                failure.withLock { $0 = $0 ?? code }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Makes sure descriptors 0, 1 and 2 are open, pointing the closed ones at `/dev/null`, and tells which of
    /// standard output and standard error were closed. Called once at start, before any file is opened: a file
    /// opened while descriptor 1 is closed would get number 1, and the output would be written into it.
    static func reserveStandardDescriptors() -> (stdoutClosed: Bool, stderrClosed: Bool) {
        var closed: [Bool] = []
        for descriptor: Int32 in 0...2 {
            if fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
                let opened = open("/dev/null", O_RDWR)
                closed.append(true)
                if opened >= 0 && opened != descriptor {
                    dup2(opened, descriptor)
                    close(opened)
                }
            } else {
                closed.append(false)
            }
        }
        return (closed[1], closed[2])
    }
}
