import Foundation
import SignInFileSystem
import SignInTesting
import Testing

/// What the file helpers do with files and folders they did not make: someone else may have prepared the data
/// folder, so nothing in it is adopted unchecked, and nothing refused is changed.
extension AtomicFileTests {
    /// Expects every operation on the refused file `path` to fail with an error naming it and containing
    /// `problem`, and the file to stay exactly as it was.
    func expectRefused(_ path: String, _ problem: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let before = PlantedFile.snapshot(path)
        let operations: [(String, () throws -> Void)] = [
            ("read", { _ = try AtomicFile.read(path, limit: 1 << 20) }),
            ("write", { try AtomicFile.write([1], to: path) }),
            ("remove", { try AtomicFile.remove(path) }),
            ("move", { try AtomicFile.move(path, to: "\(path).aside") }),
        ]
        for (name, operation) in operations {
            let error = #expect(throws: FileSystemError.self, "\(name)", sourceLocation: sourceLocation) {
                try operation()
            }
            #expect(error?.path == path, "\(name)", sourceLocation: sourceLocation)
            #expect(
                error?.description.contains(problem) == true, "\(name): \(error?.description ?? "")",
                sourceLocation: sourceLocation)
        }
        #expect(PlantedFile.snapshot(path) == before, "left exactly as it was", sourceLocation: sourceLocation)
        #expect(!AtomicFile.exists("\(path).aside"), sourceLocation: sourceLocation)
    }

    @Test(
        "a file open to group or others is refused with its mode and the chmod that fixes it, and left as it is",
        arguments: [
            (0o644, "readable"), (0o640, "readable"), (0o604, "readable"), (0o660, "writable"), (0o602, "writable"),
            (0o610, "executable"),
        ] as [(mode_t, String)])
    func openToOthers(mode: mode_t, access: String) throws {
        try AtomicFile.makeDirectory(folder.path)
        let path = "\(folder.path)/session.json"
        try PlantedFile.regular(Array("{}".utf8), at: path, mode: mode)
        expectRefused(path, "it is \(access) by other users (mode 0\(String(mode, radix: 8)))")
        expectRefused(path, "run `chmod 600 \(path)` or remove it")
    }

    @Test(
        "a file owned by another user is refused, naming both users, and left as it is",
        .enabled(if: PlantedFile.canChangeOwner))
    func ownedByAnother() throws {
        try AtomicFile.makeDirectory(folder.path)
        let path = "\(folder.path)/backend.json"
        try PlantedFile.regular(Array("{}".utf8), at: path, owner: PlantedFile.otherUser)
        expectRefused(path, "it is owned by uid \(PlantedFile.otherUser), not you (uid \(geteuid())); remove it")
    }

    @Test("a FIFO is refused at once, without waiting for a writer, and left as it is")
    func fifo() throws {
        try AtomicFile.makeDirectory(folder.path)
        let path = "\(folder.path)/backend.json"
        try PlantedFile.fifo(at: path)
        expectRefused(path, "it is a named pipe (FIFO), not a regular file; remove it")
    }

    @Test("a folder where a file should be is refused, and left as it is")
    func folderInstead() throws {
        try AtomicFile.makeDirectory("\(folder.path)/session.json")
        expectRefused("\(folder.path)/session.json", "it is a folder, not a regular file")
    }

    @Test("a symbolic link is never followed, even to a good file of the user's own, and is left as it is")
    func symbolicLink() throws {
        try AtomicFile.makeDirectory(folder.path)
        let target = "\(folder.path)/real.json"
        try AtomicFile.write(Array("secret".utf8), to: target)
        let path = "\(folder.path)/session.json"
        try PlantedFile.symbolicLink(at: path, to: target)
        expectRefused(path, "it is a symbolic link to \(target), which is never followed here; remove it")
        #expect(try AtomicFile.read(target, limit: 100) == Array("secret".utf8))
    }

    @Test("a file below a folder that others may write to, or that another user owns, is refused")
    func untrustedFolderAbove() throws {
        try AtomicFile.makeDirectory("\(folder.path)/shared/data")
        try AtomicFile.write([1], to: "\(folder.path)/shared/data/file")
        chmod("\(folder.path)/shared", 0o777)
        let error = #expect(throws: FileSystemError.self) {
            try AtomicFile.read("\(folder.path)/shared/data/file", limit: 10)
        }
        #expect(
            error?.description.contains(
                "the folder \(folder.path)/shared above it is writable by other users (mode 0777)") == true)
        #expect(throws: FileSystemError.self) { try AtomicFile.makeDirectory("\(folder.path)/shared/data") }
        #expect(throws: FileSystemError.self) { try AtomicFile.write([2], to: "\(folder.path)/shared/data/file") }
        // A sticky folder, like /tmp, lets nobody rename or remove the files of others: it is fine.
        chmod("\(folder.path)/shared", 0o1777)
        #expect(try AtomicFile.read("\(folder.path)/shared/data/file", limit: 10) == [1])
        if PlantedFile.canChangeOwner {
            chmod("\(folder.path)/shared", 0o755)
            chown("\(folder.path)/shared", PlantedFile.otherUser, gid_t(PlantedFile.otherUser))
            let owned = #expect(throws: FileSystemError.self) {
                try AtomicFile.read("\(folder.path)/shared/data/file", limit: 10)
            }
            #expect(owned?.description.contains("is owned by uid \(PlantedFile.otherUser), neither you") == true)
        }
    }

    @Test(
        "makeDirectory refuses a folder owned by another user instead of changing its mode",
        .enabled(if: PlantedFile.canChangeOwner))
    func folderOwnedByAnother() throws {
        try AtomicFile.makeDirectory(folder.path)
        let path = "\(folder.path)/backend"
        mkdir(path, 0o755)
        chown(path, PlantedFile.otherUser, gid_t(PlantedFile.otherUser))
        let before = PlantedFile.snapshot(path)
        let error = #expect(throws: FileSystemError.self) { try AtomicFile.makeDirectory(path) }
        #expect(error?.description.contains("is owned by uid \(PlantedFile.otherUser), not you") == true)
        #expect(PlantedFile.snapshot(path) == before)
        #expect(throws: FileSystemError.self) { try AtomicFile.contentsOfDirectory(path) }
    }

    @Test("makeDirectory refuses a symbolic link where its folder should be, and changes nothing through it")
    func folderIsSymbolicLink() throws {
        try AtomicFile.makeDirectory(folder.path)
        let elsewhere = "\(folder.path)/elsewhere"
        mkdir(elsewhere, 0o755)
        chmod(elsewhere, 0o755)
        let path = "\(folder.path)/backend"
        try PlantedFile.symbolicLink(at: path, to: elsewhere)
        let error = #expect(throws: FileSystemError.self) { try AtomicFile.makeDirectory(path) }
        #expect(error?.description.contains("it is a symbolic link to \(elsewhere)") == true)
        #expect(AtomicFile.permissions(of: elsewhere) == 0o755, "the folder behind the link keeps its mode")
        #expect(throws: FileSystemError.self) { try AtomicFile.contentsOfDirectory(path) }
    }

    @Test("makeDirectory tightens a folder of the user's own to 0700; a listing refuses one open to others")
    func tightens() throws {
        try AtomicFile.makeDirectory(folder.path)
        let path = "\(folder.path)/outbox"
        mkdir(path, 0o777)
        chmod(path, 0o777)
        let error = #expect(throws: FileSystemError.self) { try AtomicFile.contentsOfDirectory(path) }
        #expect(error?.description.contains("writable by other users (mode 0777); run `chmod 700 \(path)`") == true)
        try AtomicFile.makeDirectory(path)
        #expect(AtomicFile.permissions(of: path) == 0o700)
        try AtomicFile.write([1], to: "\(path)/a")
        #expect(try AtomicFile.contentsOfDirectory(path) == ["a"])
        #expect(try AtomicFile.contentsOfDirectory("\(path)/missing") == nil)
    }
}

extension FileLockTests {
    @Test("a dangling symbolic link at the lock path is refused, and its target is not created")
    func danglingSymbolicLink() throws {
        try AtomicFile.makeDirectory(folder.path)
        let path = "\(folder.path)/backend.lock"
        let target = "\(folder.path)/created-through-the-link"
        try PlantedFile.symbolicLink(at: path, to: target)
        let error = #expect(throws: FileSystemError.self) { try FileLock(path: path).withLock {} }
        #expect(error?.description.contains("cannot lock \(path): it is a symbolic link to \(target)") == true)
        #expect(throws: FileSystemError.self) { try FileLock(path: path).tryLock() }
        #expect(!AtomicFile.exists(target))
    }

    @Test("a lock file that is a FIFO, open to others or owned by another user is refused and left as it is")
    func untrustedLockFile() throws {
        try AtomicFile.makeDirectory(folder.path)
        var planted: [(String, String)] = []
        try PlantedFile.fifo(at: "\(folder.path)/fifo.lock")
        planted.append(("fifo.lock", "named pipe (FIFO)"))
        try PlantedFile.regular([], at: "\(folder.path)/open.lock", mode: 0o666)
        planted.append(("open.lock", "writable by other users (mode 0666)"))
        if PlantedFile.canChangeOwner {
            try PlantedFile.regular([], at: "\(folder.path)/owned.lock", owner: PlantedFile.otherUser)
            planted.append(("owned.lock", "owned by uid \(PlantedFile.otherUser)"))
        }
        for (name, problem) in planted {
            let path = "\(folder.path)/\(name)"
            let before = PlantedFile.snapshot(path)
            let error = #expect(throws: FileSystemError.self) { try FileLock(path: path).tryLock() }
            #expect(error?.description.contains(problem) == true, "\(error?.description ?? "")")
            #expect(PlantedFile.snapshot(path) == before)
        }
    }

    @Test("a new lock file is made with mode 0600")
    func newLockFile() throws {
        try AtomicFile.makeDirectory(folder.path)
        let release = try #require(try FileLock(path: "\(folder.path)/lock").tryLock())
        release()
        #expect(AtomicFile.permissions(of: "\(folder.path)/lock") == 0o600)
    }
}
