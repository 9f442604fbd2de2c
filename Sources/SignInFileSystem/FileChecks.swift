#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the file helpers check before they use a file or folder: the data folder may have been prepared by
/// someone else, so nothing found in it is adopted unchecked.
///
/// - A file is read only up to a limit the caller gives: nobody else can make a program read 300 MB.
/// - A file must be a regular file (not a symbolic link, FIFO, socket, device or folder), owned by the
///   effective user, with no permission bits for group or others.
/// - A folder the code makes its own (``AtomicFile/makeDirectory(_:mode:)``) must be a real folder, not a
///   symbolic link, owned by the effective user.
/// - Every folder above a file or folder in use must be owned by the effective user or by root, and must not
///   be writable by group or others unless its sticky bit is set (as on `/tmp`): otherwise another user could
///   swap the files below it.
enum FileChecks {
    /// Refuses `info` (from `fstat` of an open file, or `lstat` of a path) unless it is a regular file of
    /// the effective user that nobody else may use.
    static func requireOwnedFile(_ info: stat, path: String, operation: String) throws(FileSystemError) {
        let type = info.st_mode & S_IFMT
        guard type != S_IFLNK else { throw symbolicLink(operation, path) }
        guard type == S_IFREG else {
            throw FileSystemError(
                operation: operation, path: path,
                reason: "it is \(describe(type: type, path: path)), not a regular file; remove it",
                code: type == S_IFDIR ? EISDIR : EINVAL)
        }
        guard info.st_uid == geteuid() else {
            throw FileSystemError(
                operation: operation, path: path,
                reason: "it is owned by uid \(info.st_uid), not you (uid \(geteuid())); remove it", code: EPERM)
        }
        let others = info.st_mode & 0o077
        guard others == 0 else {
            let access =
                others & 0o022 != 0 ? "writable" : others & 0o044 != 0 ? "readable" : "executable"
            throw FileSystemError(
                operation: operation, path: path,
                reason: "it is \(access) by other users (mode \(octal(info.st_mode))); "
                    + "run `chmod 600 \(shellQuoted(path))` or remove it",
                code: EACCES)
        }
    }

    /// Refuses what is at `path` (not following a symbolic link) unless it is missing or a file that
    /// ``requireOwnedFile(_:path:operation:)`` accepts: a file that fails the checks is never replaced,
    /// moved or removed.
    static func requireReplaceable(_ path: String, operation: String) throws(FileSystemError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw POSIX.error("inspect", path)
        }
        try requireOwnedFile(info, path: path, operation: operation)
    }

    /// Refuses the folder `info` describes unless the effective user owns it.
    static func requireOwnedFolder(_ info: stat, path: String, operation: String) throws(FileSystemError) {
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw FileSystemError(
                operation: operation, path: path,
                reason: "it is \(describe(type: info.st_mode & S_IFMT, path: path)), not a folder", code: ENOTDIR)
        }
        guard info.st_uid == geteuid() else {
            throw FileSystemError(
                operation: operation, path: path,
                reason: "the folder is owned by uid \(info.st_uid), not you (uid \(geteuid())); "
                    + "remove it or choose another data folder",
                code: EPERM)
        }
    }

    /// Refuses a folder of the effective user's that group or others may write to.
    static func requireClosedFolder(_ info: stat, path: String, operation: String) throws(FileSystemError) {
        guard info.st_mode & 0o022 == 0 else {
            throw FileSystemError(
                operation: operation, path: path,
                reason: "the folder is writable by other users (mode \(octal(info.st_mode))); "
                    + "run `chmod 700 \(shellQuoted(path))` or choose another data folder",
                code: EACCES)
        }
    }

    /// Refuses `path` unless every existing folder above it is owned by the effective user or by root and is
    /// writable by nobody else (a sticky folder such as `/tmp` excepted). Symbolic links among these folders
    /// are followed: the folder they lead to is what is checked.
    static func requireTrustedAncestors(of path: String, operation: String) throws(FileSystemError) {
        let absolute = path.hasPrefix("/") ? path : "\(currentDirectory())/\(path)"
        var ancestors = ["/"]
        var prefix = ""
        for component in absolute.split(separator: "/").dropLast() {
            prefix += "/\(component)"
            ancestors.append(prefix)
        }
        for folder in ancestors {
            var info = stat()
            guard stat(folder, &info) == 0 else {
                // Nothing below a missing folder exists either: the caller finds that out by itself.
                if errno == ENOENT { return }
                throw POSIX.error("inspect", folder)
            }
            guard info.st_uid == geteuid() || info.st_uid == 0 else {
                throw FileSystemError(
                    operation: operation, path: path,
                    reason: "the folder \(folder) above it is owned by uid \(info.st_uid), neither you "
                        + "(uid \(geteuid())) nor root, so that user could swap the files in it; "
                        + "choose another data folder",
                    code: EPERM)
            }
            guard info.st_mode & 0o022 == 0 || info.st_mode & S_ISVTX != 0 else {
                throw FileSystemError(
                    operation: operation, path: path,
                    reason: "the folder \(folder) above it is writable by other users "
                        + "(mode \(octal(info.st_mode))), so they could swap the files in it; "
                        + "run `chmod go-w \(shellQuoted(folder))` or choose another data folder",
                    code: EACCES)
            }
        }
    }

    /// The error for a symbolic link at `path` that an `open` with `O_NOFOLLOW` met (`ELOOP`), or `nil` when
    /// there is none (the `open` failed for another reason).
    static func symbolicLinkError(_ operation: String, _ path: String) -> FileSystemError? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
        return symbolicLink(operation, path)
    }

    private static func symbolicLink(_ operation: String, _ path: String) -> FileSystemError {
        FileSystemError(
            operation: operation, path: path,
            reason: "it is \(describe(type: S_IFLNK, path: path)), which is never followed here; remove it",
            code: ELOOP)
    }

    /// The error for a file that holds more than `limit` bytes (`size`, when known).
    static func tooLarge(_ path: String, size: Int?, limit: Int) -> FileSystemError {
        let actual = size.map { "it is \(describe(size: $0))" } ?? "it is larger"
        return FileSystemError(
            operation: "read", path: path,
            reason: "the file is too large (\(actual); the limit is \(describe(size: limit))); "
                + "this program does not write such a file: move it away",
            code: EFBIG)
    }

    /// A file type in words, for example "a named pipe (FIFO)"; a symbolic link with its target.
    static func describe(type: mode_t, path: String) -> String {
        switch type {
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFDIR: return "a folder"
        case S_IFLNK:
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink(path, &buffer, buffer.count - 1)
            guard count >= 0 else { return "a symbolic link" }
            let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return "a symbolic link to \(target)"
        default: return "not a regular file"
        }
    }

    /// A byte count in words: "512 bytes", "2.0 MiB".
    static func describe(size: Int) -> String {
        if size < 1024 { return "\(size) bytes" }
        let (unit, scale) = size < 1 << 20 ? ("KiB", 1 << 10) : size < 1 << 30 ? ("MiB", 1 << 20) : ("GiB", 1 << 30)
        let tenths = size * 10 / scale
        return "\(tenths / 10).\(tenths % 10) \(unit)"
    }

    /// Permission bits as `chmod` shows them: `0644`, `1777`.
    static func octal(_ mode: mode_t) -> String {
        let digits = String(mode & 0o7777, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `path` as one shell word, quoted when it holds anything but plain characters.
    static func shellQuoted(_ path: String) -> String {
        let plain = path.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                || "/._-+,:@%".utf8.contains(byte)
        }
        guard !plain else { return path }
        let escaped = path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#)
        return "'\(escaped)'"
    }

    private static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
