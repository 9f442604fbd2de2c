import Foundation
import SignInFileSystem
import SignInTesting
import Testing

@Suite("AtomicFile")
struct AtomicFileTests {
    let folder = TemporaryFolder(prefix: "signin-fs")

    @Test("writes a new file with mode 0600 in a folder with mode 0700, and reads it back")
    func writeAndRead() throws {
        try AtomicFile.makeDirectory("\(folder.path)/a/b")
        let path = "\(folder.path)/a/b/file.json"
        try AtomicFile.write(Array("hello".utf8), to: path)
        #expect(try AtomicFile.read(path, limit: 1 << 20) == Array("hello".utf8))
        #expect(AtomicFile.permissions(of: path) == 0o600)
        #expect(AtomicFile.permissions(of: "\(folder.path)/a/b") == 0o700)
        #expect(AtomicFile.permissions(of: "\(folder.path)/a") == 0o700)
    }

    @Test("replaces a file whole and leaves no temporary file behind")
    func replaces() throws {
        try AtomicFile.makeDirectory(folder.path)
        let path = "\(folder.path)/file"
        try AtomicFile.write(Array(repeating: 1, count: 10_000), to: path)
        try AtomicFile.write([2, 3], to: path)
        #expect(try AtomicFile.read(path, limit: 1 << 20) == [2, 3])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["file"])
    }

    @Test("a missing file reads as nil; a file that cannot be read is an error, not nil")
    func readErrors() throws {
        try AtomicFile.makeDirectory("\(folder.path)/dir")
        #expect(try AtomicFile.read("\(folder.path)/missing", limit: 1 << 20) == nil)
        // A folder where a file is expected cannot be read (permissions cannot stop root, so this stands in).
        #expect(throws: FileSystemError.self) { try AtomicFile.read("\(folder.path)/dir", limit: 1 << 20) }
    }

    @Test("a write into a folder that cannot exist fails with the path, and creates nothing")
    func unwritable() throws {
        try AtomicFile.makeDirectory(folder.path)
        try AtomicFile.write([1], to: "\(folder.path)/plain-file")
        let error = #expect(throws: FileSystemError.self) {
            try AtomicFile.makeDirectory("\(folder.path)/plain-file/sub")
        }
        #expect(error?.path.contains("plain-file") == true)
        #expect(throws: FileSystemError.self) { try AtomicFile.write([1], to: "\(folder.path)/plain-file/sub/x") }
    }

    @Test("a temporary file left by a process killed mid-write does not change what is read")
    func killedMidWrite() throws {
        try AtomicFile.makeDirectory(folder.path)
        let path = "\(folder.path)/state.json"
        try AtomicFile.write(Array("old".utf8), to: path)
        // What a writer killed before its rename leaves: a partial temporary file next to the target.
        try Data("ne".utf8).write(to: URL(fileURLWithPath: "\(path).tmp-99999-1"))
        #expect(try AtomicFile.read(path, limit: 1 << 20) == Array("old".utf8))
        try AtomicFile.write(Array("new".utf8), to: path)
        #expect(try AtomicFile.read(path, limit: 1 << 20) == Array("new".utf8))
    }

    @Test("a file larger than the limit is refused before it is read, with its size and what to do")
    func tooLarge() throws {
        try AtomicFile.makeDirectory(folder.path)
        let path = "\(folder.path)/state.json"
        try AtomicFile.write(Array(repeating: 7, count: 1024), to: path)
        #expect(try AtomicFile.read(path, limit: 1024)?.count == 1024, "a file at the limit is read")
        let error = #expect(throws: FileSystemError.self) { try AtomicFile.read(path, limit: 1023) }
        #expect(
            error?.description
                == "cannot read \(path): the file is too large (it is 1.0 KiB; the limit is 1023 bytes); "
                + "this program does not write such a file: move it away")
        // A sparse file costs no disk: the size alone is enough to refuse it, whatever the limit's scale.
        #expect(truncate(path, 300 << 20) == 0)
        let large = #expect(throws: FileSystemError.self) { try AtomicFile.read(path, limit: 256 << 20) }
        #expect(large?.description.contains("it is 300.0 MiB; the limit is 256.0 MiB") == true)
        #expect(PlantedFile.snapshot(path)?.size == 300 << 20, "the file is left as it is")
    }

    @Test("temporaries of the target left by dead writers are removed; a live writer's and other files are kept")
    func staleTemporaries() throws {
        try AtomicFile.makeDirectory(folder.path)
        let path = "\(folder.path)/state.json"
        try AtomicFile.write(Array("old".utf8), to: path)
        // No process can have this id: it is above every system's limit.
        let dead = Int32.max - 1
        let stale = ["state.json.tmp-\(dead)-1", "state.json.tmp-\(dead)-4294967295"]
        let kept = [
            "state.json.tmp-\(getpid())-2",  // this process is alive: it could be writing it right now
            "other.json.tmp-\(dead)-3",  // another target's
            "state.json.tmp-\(dead)",  // not a name a write makes
            "state.json.tmp-+\(dead)-5", "state.json.tmp-0-6", "state.json.tmp--1-7",
        ]
        for name in stale + kept { try PlantedFile.regular([1], at: "\(folder.path)/\(name)") }

        let removed = AtomicFile.removeStaleTemporaries(of: path)

        #expect(Set(removed) == Set(stale.map { "\(folder.path)/\($0)" }))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(Set(left) == Set(kept + ["state.json"]))
        #expect(try AtomicFile.read(path, limit: 10) == Array("old".utf8))
        // A write cleans up the same way before it starts.
        try PlantedFile.regular([1], at: "\(folder.path)/\(stale[0])")
        try AtomicFile.write(Array("new".utf8), to: path)
        #expect(!AtomicFile.exists("\(folder.path)/\(stale[0])"))
    }

    @Test("move keeps the contents under the new name; remove of a missing file is fine")
    func moveAndRemove() throws {
        try AtomicFile.makeDirectory(folder.path)
        try AtomicFile.write([7], to: "\(folder.path)/a")
        try AtomicFile.move("\(folder.path)/a", to: "\(folder.path)/b")
        #expect(!AtomicFile.exists("\(folder.path)/a"))
        #expect(try AtomicFile.read("\(folder.path)/b", limit: 1 << 20) == [7])
        try AtomicFile.remove("\(folder.path)/b")
        try AtomicFile.remove("\(folder.path)/b")
    }
}

@Suite("FileLock")
struct FileLockTests {
    let folder = TemporaryFolder(prefix: "signin-fs")

    @Test("while one holder has the lock, another cannot take it; after release it can")
    func excludes() throws {
        try AtomicFile.makeDirectory(folder.path)
        let first = FileLock(path: "\(folder.path)/lock")
        let second = FileLock(path: "\(folder.path)/lock")
        let release = try #require(try first.tryLock())
        #expect(try second.tryLock() == nil)
        release()
        let again = try #require(try second.tryLock())
        again()
    }

    @Test("withLock runs the body and releases the lock, also when the body throws")
    func withLock() throws {
        try AtomicFile.makeDirectory(folder.path)
        let lock = FileLock(path: "\(folder.path)/lock")
        #expect(try lock.withLock { 42 } == 42)
        struct Boom: Error {}
        #expect(throws: Boom.self) { try lock.withLock { throw Boom() } }
        let release = try #require(try lock.tryLock())
        release()
    }
}

@Suite("DataDirectory")
struct DataDirectoryTests {
    @Test("follows XDG on Linux, and needs HOME otherwise")
    func defaults() {
        #if canImport(Darwin)
            #expect(
                DataDirectory.defaultPath(for: "app", environment: ["HOME": "/Users/u"])
                    == "/Users/u/Library/Application Support/app")
        #else
            #expect(DataDirectory.defaultPath(for: "app", environment: ["XDG_DATA_HOME": "/x"]) == "/x/app")
            #expect(DataDirectory.defaultPath(for: "app", environment: ["HOME": "/h"]) == "/h/.local/share/app")
        #endif
        #expect(DataDirectory.defaultPath(for: "app", environment: [:]) == nil)
    }
}
