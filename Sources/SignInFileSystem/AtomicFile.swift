#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads and writes whole files so that a reader, or a process killed mid-write, sees either the old
/// file or the new one, never a mix: the bytes go to a temporary file in the same folder, which is
/// flushed to disk (`fsync`) and then renamed over the target, and the folder is flushed too.
public enum AtomicFile {
    /// Writes `bytes` to `path` atomically.
    /// - Parameters:
    ///   - bytes: The new contents.
    ///   - path: The file to replace or create.
    ///   - mode: The new file's permissions (default `0600`: owner only).
    /// - Throws: ``FileSystemError``; the old file is then untouched.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws(FileSystemError) {
        let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = try POSIX.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        do throws(FileSystemError) {
            try POSIX.writeAll(fd, bytes, path: temporary)
            guard fchmod(fd, mode) == 0 else { throw POSIX.error("set permissions of", temporary) }
            guard fsync(fd) == 0 else { throw POSIX.error("flush", temporary) }
            close(fd)
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let failure = POSIX.error("replace", path)
            unlink(temporary)
            throw failure
        }
        syncDirectory(of: path)
    }

    /// The contents of `path`, or `nil` when it does not exist.
    /// - Parameters:
    ///   - path: The file.
    ///   - limit: The most bytes the file may hold. The size is checked before reading, and the read stops
    ///     past the limit in case the file grows meanwhile.
    /// - Throws: ``FileSystemError`` when it exists but cannot be read (permissions, I/O), or holds more than
    ///   `limit` bytes: neither is ever reported as "no file".
    public static func read(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8]? {
        let fd: Int32
        do {
            fd = try POSIX.open(path, O_RDONLY | O_CLOEXEC)
        } catch  where error.code == ENOENT {
            return nil
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw POSIX.error("inspect", path) }
        let size = Int(info.st_size)
        guard size <= limit else { throw FileChecks.tooLarge(path, size: size, limit: limit) }
        return try POSIX.readAll(fd, path: path, limit: limit)
    }

    /// Removes `path`; a missing file is not an error.
    public static func remove(_ path: String) throws(FileSystemError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw POSIX.error("remove", path) }
        syncDirectory(of: path)
    }

    /// Renames `path` to `destination` (the same folder), keeping its contents.
    public static func move(_ path: String, to destination: String) throws(FileSystemError) {
        guard rename(path, destination) == 0 else { throw POSIX.error("move", path) }
        syncDirectory(of: path)
    }

    /// Creates `path` and its missing parents with `mode` (default `0700`), and tightens an existing
    /// folder's mode to it.
    public static func makeDirectory(_ path: String, mode: mode_t = 0o700) throws(FileSystemError) {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/\(component)"
            if mkdir(current, mode) != 0 && errno != EEXIST { throw POSIX.error("create the folder", current) }
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw POSIX.error("inspect", path) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw FileSystemError(operation: "use", path: path, reason: "it is not a folder", code: ENOTDIR)
        }
        if info.st_mode & 0o777 != mode, chmod(path, mode) != 0 { throw POSIX.error("set permissions of", path) }
    }

    /// Whether `path` exists.
    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// The permission bits of `path`, or `nil` if it does not exist.
    public static func permissions(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o777
    }

    private static func syncDirectory(of path: String) {
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let fd = open(folder.isEmpty ? "." : folder, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
