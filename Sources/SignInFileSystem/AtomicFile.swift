#if canImport(Glibc)
    package import Glibc
#elseif canImport(Musl)
    package import Musl
#elseif canImport(Darwin)
    package import Darwin
#endif

/// Reads and writes whole files so that a reader, or a process killed mid-write, sees either the old
/// file or the new one, never a mix: the bytes go to a temporary file in the same folder, which is
/// flushed to disk (`fsync`) and then renamed over the target, and the folder is flushed too.
///
/// Nothing found on disk is trusted blindly: a file is read, replaced, moved or removed only when it is a
/// regular file owned by the effective user with no permission bits for group or others, and only when no
/// other user controls a folder above it (see `FileChecks`). A symbolic link is never followed, and a
/// FIFO or device is never waited on. Anything else is refused with a ``FileSystemError`` that names the path
/// and says what to do, and is left exactly as it is.
package enum AtomicFile {
    /// Writes `bytes` to `path` atomically. Temporary files of earlier writes of `path` whose process died
    /// are removed first (``removeStaleTemporaries(of:)``).
    /// - Parameters:
    ///   - bytes: The new contents.
    ///   - path: The file to replace or create. An existing file must pass the checks a read makes: a file
    ///     planted by someone else is refused, not replaced.
    ///   - mode: The new file's permissions (default `0600`: owner only). Reads refuse a file with bits for
    ///     group or others, so those belong in no mode given here.
    /// - Throws: ``FileSystemError``; the old file is then untouched.
    package static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws(FileSystemError) {
        try FileChecks.requireTrustedAncestors(of: path, operation: "write")
        try FileChecks.requireReplaceable(path, operation: "write")
        removeStaleTemporaries(of: path)
        let temporary = "\(path)\(temporaryMarker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = try POSIX.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
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
    /// - Throws: ``FileSystemError`` when it exists but cannot be read (permissions, I/O), is refused (a
    ///   symbolic link, FIFO, device or folder; owned by another user; open to group or others), or holds
    ///   more than `limit` bytes: none of these is ever reported as "no file".
    package static func read(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8]? {
        try FileChecks.requireTrustedAncestors(of: path, operation: "read")
        let opened: (fd: Int32, info: stat)
        do {
            opened = try POSIX.openChecked(path, O_RDONLY, operation: "read")
        } catch  where error.code == ENOENT {
            return nil
        }
        defer { close(opened.fd) }
        let size = Int(opened.info.st_size)
        guard size <= limit else { throw FileChecks.tooLarge(path, size: size, limit: limit) }
        return try POSIX.readAll(opened.fd, path: path, limit: limit)
    }

    /// Removes `path`; a missing file is not an error, a file that a read would refuse is.
    package static func remove(_ path: String) throws(FileSystemError) {
        try FileChecks.requireTrustedAncestors(of: path, operation: "remove")
        try FileChecks.requireReplaceable(path, operation: "remove")
        guard unlink(path) == 0 || errno == ENOENT else { throw POSIX.error("remove", path) }
        syncDirectory(of: path)
    }

    /// Renames `path` to `destination` (the same folder), keeping its contents. Either file, when it exists,
    /// must pass the checks a read makes.
    package static func move(_ path: String, to destination: String) throws(FileSystemError) {
        try FileChecks.requireTrustedAncestors(of: path, operation: "move")
        try FileChecks.requireReplaceable(path, operation: "move")
        try FileChecks.requireReplaceable(destination, operation: "replace")
        guard rename(path, destination) == 0 else { throw POSIX.error("move", path) }
        syncDirectory(of: path)
    }

    /// Creates `path` and its missing parents with `mode` (default `0700`), and tightens an existing
    /// folder's mode to it.
    /// - Throws: ``FileSystemError`` when `path` is a symbolic link or not a folder, is owned by another
    ///   user (it is then left as it is, never `chmod`-ed), or when a folder above it is controlled by another
    ///   user (see `FileChecks`).
    package static func makeDirectory(_ path: String, mode: mode_t = 0o700) throws(FileSystemError) {
        try FileChecks.requireTrustedAncestors(of: path, operation: "use")
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/\(component)"
            if mkdir(current, mode) != 0 && errno != EEXIST { throw POSIX.error("create the folder", current) }
        }
        let fd = try openFolder(path, operation: "use")
        defer { close(fd) }
        if try info(of: fd, path).st_mode & 0o777 != mode, fchmod(fd, mode) != 0 {
            throw POSIX.error("set permissions of", path)
        }
    }

    /// The names in the folder `path`, without `.` and `..`, or `nil` when it does not exist.
    /// - Throws: ``FileSystemError`` when it is a symbolic link or not a folder, is owned by another user, is
    ///   writable by group or others, or cannot be read.
    package static func contentsOfDirectory(_ path: String) throws(FileSystemError) -> [String]? {
        try FileChecks.requireTrustedAncestors(of: path, operation: "list")
        let fd: Int32
        do {
            fd = try openFolder(path, operation: "list")
        } catch  where error.code == ENOENT {
            return nil
        }
        do throws(FileSystemError) {
            try FileChecks.requireClosedFolder(info(of: fd, path), path: path, operation: "list")
        } catch {
            close(fd)
            throw error
        }
        guard let directory = fdopendir(fd) else {
            let failure = POSIX.error("list", path)
            close(fd)
            throw failure
        }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw POSIX.error("list", path) }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }

    /// Removes the temporary files (`<path>.tmp-<pid>-<n>`) that writes of `path` left behind when their
    /// process was killed before the rename: only those whose process no longer exists (`kill(pid, 0)`
    /// fails with `ESRCH`), never one a live process may still be writing. Cleaning is best-effort: a folder
    /// that cannot be listed or a file that cannot be removed is left as it is.
    /// - Returns: The paths removed.
    @discardableResult
    package static func removeStaleTemporaries(of path: String) -> [String] {
        let (folder, name) = split(path)
        guard let names = try? contentsOfDirectory(folder) else { return [] }
        let prefix = "\(name)\(temporaryMarker)"
        var removed: [String] = []
        for entry in names where entry.hasPrefix(prefix) {
            let parts = entry.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
            let isNumber = { (part: Substring) in !part.isEmpty && part.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
            guard parts.count == 2, parts.allSatisfy(isNumber), let pid = pid_t(parts[0]), pid > 0 else { continue }
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            let stale = join(folder, entry)
            if unlink(stale) == 0 { removed.append(stale) }
        }
        if !removed.isEmpty { syncDirectory(of: path) }
        return removed
    }

    /// Checks that `path`, if it exists, is a file this program may trust (as ``read(_:limit:)`` does: a regular
    /// file of the effective user that nobody else may use, below folders nobody else controls), without reading
    /// it: for files another library opens, such as a database.
    /// - Throws: ``FileSystemError`` naming what is wrong and what to do.
    package static func requireTrusted(_ path: String) throws(FileSystemError) {
        try FileChecks.requireTrustedAncestors(of: path, operation: "open")
        try FileChecks.requireReplaceable(path, operation: "open")
    }

    /// Gives the complete file `path` the name `destination` in the same folder only if nothing has that name yet
    /// (a hard link, then the old name removed), so that of two processes publishing at once, one wins and the
    /// other learns it lost.
    /// - Returns: Whether `path` now has that name; `false` when `destination` already existed (`path` is then
    ///   left as it is, for the caller to remove).
    package static func publish(_ path: String, as destination: String) throws(FileSystemError) -> Bool {
        try FileChecks.requireTrustedAncestors(of: destination, operation: "create")
        guard link(path, destination) == 0 else {
            if errno == EEXIST { return false }
            throw POSIX.error("create", destination)
        }
        unlink(path)
        syncDirectory(of: destination)
        return true
    }

    /// Whether something exists at `path` (a symbolic link counts, even one that leads nowhere).
    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The permission bits of `path`, or `nil` if it does not exist.
    package static func permissions(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o777
    }

    /// What the name of a temporary file of `write` has between the target's name and `<pid>-<n>`.
    private static let temporaryMarker = ".tmp-"

    /// Opens the folder `path` without following a symbolic link, and checks that the effective user owns it.
    private static func openFolder(_ path: String, operation: String) throws(FileSystemError) -> Int32 {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            let failure = POSIX.error(operation, path)
            if let link = FileChecks.symbolicLinkError(operation, path) { throw link }
            guard failure.code == ENOTDIR else { throw failure }
            throw FileSystemError(operation: operation, path: path, reason: "it is not a folder", code: ENOTDIR)
        }
        do throws(FileSystemError) {
            try FileChecks.requireOwnedFolder(info(of: fd, path), path: path, operation: operation)
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// `fstat` of the open descriptor of `path`.
    private static func info(of fd: Int32, _ path: String) throws(FileSystemError) -> stat {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw POSIX.error("inspect", path) }
        return info
    }

    /// The folder and the name of `path`: `("/a/b", "c")` for `/a/b/c`, `(".", "c")` for `c`.
    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = path[..<slash]
        return (folder.isEmpty ? "/" : String(folder), String(path[path.index(after: slash)...]))
    }

    /// `name` inside `folder`.
    private static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? "\(folder)\(name)" : "\(folder)/\(name)"
    }

    /// Flushes what was written to the file at `path` to the disk, whoever wrote it: its data and what reading it
    /// back needs (`fdatasync` where there is one, as SQLite does; `fsync` elsewhere). With `andFolder`, its folder
    /// too: a file created since the folder was last flushed may otherwise be missing after a crash.
    /// - Throws: ``FileSystemError`` when the file or the folder cannot be opened or flushed.
    package static func flush(_ path: String, andFolder: Bool = false) throws(FileSystemError) {
        let fd = try POSIX.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        defer { close(fd) }
        #if canImport(Darwin)
            guard fsync(fd) == 0 else { throw POSIX.error("flush", path) }
        #else
            guard fdatasync(fd) == 0 else { throw POSIX.error("flush", path) }
        #endif
        guard andFolder else { return }
        let folder = split(path).folder
        let folderFD = try POSIX.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(folderFD) }
        guard fsync(folderFD) == 0 else { throw POSIX.error("flush", folder) }
    }

    /// The file at `path` as the system tells files apart (its device and inode), or `nil` when there is none: two
    /// files of one name, one replacing the other, differ.
    package static func identity(of path: String) -> [UInt64]? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }

    private static func syncDirectory(of path: String) {
        let fd = open(split(path).folder, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
