#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Thin wrappers over the POSIX calls the file helpers need, with errors that carry `errno`.
enum POSIX {
    static func error(_ operation: String, _ path: String) -> FileSystemError {
        let code = errno
        return FileSystemError(
            operation: operation, path: path, reason: String(cString: strerror(code)), code: code)
    }

    static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) throws(FileSystemError) -> Int32 {
        let fd = path.withCString { pathPointer in
            #if canImport(Darwin)
                Darwin.open(pathPointer, flags, mode)
            #elseif canImport(Glibc)
                Glibc.open(pathPointer, flags, mode)
            #else
                Musl.open(pathPointer, flags, mode)
            #endif
        }
        guard fd >= 0 else { throw error("open", path) }
        return fd
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(FileSystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw error("write", path)
            }
            offset += written
        }
    }

    /// Opens an existing or new file without following a symbolic link and without waiting on a FIFO, and
    /// checks the open descriptor (not the path, which could change in between) with
    /// ``FileChecks/requireOwnedFile(_:path:operation:)``. The descriptor is blocking again on return.
    /// - Parameters:
    ///   - flags: The access mode and `O_CREAT` if wanted; `O_NOFOLLOW`, `O_NONBLOCK` and `O_CLOEXEC` are added.
    ///   - operation: What the caller does, for the error (`read`, `lock`).
    /// - Returns: The descriptor and its `fstat`.
    /// - Throws: ``FileSystemError``; `ENOENT` when the file does not exist and `O_CREAT` was not given.
    static func openChecked(_ path: String, _ flags: Int32, mode: mode_t = 0o600, operation: String)
        throws(FileSystemError) -> (fd: Int32, info: stat)
    {
        let fd: Int32
        do {
            fd = try open(path, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, mode)
        } catch {
            throw (error.code == ELOOP ? FileChecks.symbolicLinkError(operation, path) : nil) ?? error
        }
        do throws(FileSystemError) {
            var info = stat()
            guard fstat(fd, &info) == 0 else { throw self.error("inspect", path) }
            try FileChecks.requireOwnedFile(info, path: path, operation: operation)
            let status = fcntl(fd, F_GETFL)
            guard status >= 0, fcntl(fd, F_SETFL, status & ~O_NONBLOCK) == 0 else { throw self.error(operation, path) }
            return (fd, info)
        } catch {
            close(fd)
            throw error
        }
    }

    /// Reads to the end of the file, but no more than `limit` bytes.
    /// - Throws: ``FileSystemError`` with `EFBIG` when the file holds more than `limit` bytes.
    static func readAll(_ fd: Int32, path: String, limit: Int) throws(FileSystemError) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            // One byte more than allowed tells a file at the limit from one over it.
            let wanted = min(chunk.count - 1, limit - result.count) + 1
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw error("read", path)
            }
            if count == 0 { return result }
            result.append(contentsOf: chunk[0..<count])
            if result.count > limit { throw FileChecks.tooLarge(path, size: nil, limit: limit) }
        }
    }
}
