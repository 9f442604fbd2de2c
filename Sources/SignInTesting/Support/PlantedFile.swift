public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts things on disk the way another user, or a crash, could leave them in a data folder, for the tests of
/// code that must not trust what it finds there; and tells whether they are still exactly as planted.
public enum PlantedFile {
    /// Whether the tests may give a file to another user (`chown` needs root).
    public static var canChangeOwner: Bool { geteuid() == 0 }

    /// A user id that is not the tests' own, for files "owned by someone else".
    public static let otherUser: uid_t = 4321

    /// Writes `contents` to `path` with exactly `mode` (whatever the umask), owned by `owner` when given
    /// (see ``canChangeOwner``); the folder must exist.
    public static func regular(_ contents: [UInt8], at path: String, mode: mode_t = 0o600, owner: uid_t? = nil) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, mode)
        guard fd >= 0 else { throw failure("create", path) }
        defer { close(fd) }
        var offset = 0
        while offset < contents.count {
            let written = contents[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard written > 0 else { throw failure("write", path) }
            offset += written
        }
        guard fchmod(fd, mode) == 0 else { throw failure("chmod", path) }
        if let owner, fchown(fd, owner, gid_t(owner)) != 0 { throw failure("chown", path) }
    }

    /// Makes a named pipe (FIFO) at `path`, with mode 0600: opening it to read waits for a writer forever.
    public static func fifo(at path: String) throws {
        guard mkfifo(path, 0o600) == 0 else { throw failure("mkfifo", path) }
    }

    /// Makes a symbolic link at `path` that leads to `target` (which need not exist).
    public static func symbolicLink(at path: String, to target: String) throws {
        guard symlink(target, path) == 0 else { throw failure("symlink", path) }
    }

    /// What is at a path, to tell that it was left exactly as it was: type, permissions, owner, size and
    /// contents (of a regular file), or the target (of a symbolic link). `nil` when nothing is there.
    public struct Snapshot: Hashable, Sendable {
        /// The file type bits (`S_IFREG`, `S_IFIFO`, `S_IFLNK`, …).
        public var type: mode_t
        /// The permission bits.
        public var mode: mode_t
        /// The owner's user id.
        public var owner: uid_t
        /// The size in bytes.
        public var size: Int
        /// A regular file's bytes.
        public var contents: [UInt8]?
        /// A symbolic link's target.
        public var linkTarget: String?
    }

    /// What is at `path` now, without following a symbolic link and without opening a FIFO.
    public static func snapshot(_ path: String) -> Snapshot? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        let type = info.st_mode & S_IFMT
        return Snapshot(
            type: type, mode: info.st_mode & 0o7777, owner: info.st_uid, size: Int(info.st_size),
            contents: type == S_IFREG ? FileManager.default.contents(atPath: path).map(Array.init) : nil,
            linkTarget: type == S_IFLNK ? try? FileManager.default.destinationOfSymbolicLink(atPath: path) : nil)
    }

    /// A call that failed while planting.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private static func failure(_ operation: String, _ path: String) -> Failure {
        Failure(description: "cannot \(operation) \(path): \(String(cString: strerror(errno)))")
    }
}
