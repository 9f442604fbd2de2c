import Foundation
import SignInDomain
import SignInFileSystem
import SignInInfrastructure
import SignInLocking
import SignInTesting
import Testing

@Suite("FileSessionStore")
struct FileSessionStoreTests {
    /// `FileLock.tryLock()` inside a store's exclusive access, whose body throws only `AuthError`.
    static func tryLock(_ path: String) throws(AuthError) -> (@Sendable () -> Void)? {
        do {
            return try FileLock(path: path).tryLock()
        } catch {
            throw .sessionStorage(reason: String(describing: error))
        }
    }

    let folder = TemporaryFolder(prefix: "signin-store")
    var path: String { "\(folder.path)/client/session.json" }

    func files() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: "\(folder.path)/client").sorted()) ?? []
    }

    @Test("saves, loads and clears a session; the file is 0600 in a 0700 folder")
    func roundTrip() async throws {
        let store = FileSessionStore(path: path)
        #expect(try await store.load() == nil)
        try await store.save(.fixture())
        #expect(try await FileSessionStore(path: path).load() == .fixture())
        #expect(AtomicFile.permissions(of: path) == 0o600)
        #expect(AtomicFile.permissions(of: "\(folder.path)/client") == 0o700)
        try await store.clear()
        #expect(try await store.load() == nil)
        try await store.clear()
    }

    @Test(
        "an empty, truncated, corrupt or newer-version file is moved aside (kept) and reported; then signed out",
        arguments: [
            ("empty", ""), ("whitespace", "  \n"), ("truncated", "{\"version\":2,\"session\":{\"uid\":\"a"),
            ("not JSON", "garbage \u{1}"), ("no version", "{\"session\":{}}"),
            ("newer version", "{\"version\":99,\"session\":{}}"), ("wrong shape", "{\"version\":2,\"session\":[]}"),
            ("unknown old version", "{\"version\":0}"),
        ])
    func unreadable(name: String, contents: String) async throws {
        try AtomicFile.makeDirectory("\(folder.path)/client")
        try AtomicFile.write(Array(contents.utf8), to: path)
        let store = FileSessionStore(path: path)

        let error = await #expect(throws: AuthError.self) { try await store.load() }
        guard case .storedSessionDiscarded(let movedTo, let reason)? = error else {
            Issue.record("\(name): expected storedSessionDiscarded, got \(String(describing: error))")
            return
        }
        #expect(!reason.isEmpty)
        #expect(try AtomicFile.read(movedTo, limit: 1 << 20) == Array(contents.utf8), "the original bytes are kept")
        #expect(try await store.load() == nil, "after moving aside, the app starts signed out")
    }

    @Test("a session file that cannot be read at all is an error, and it is not moved")
    func readError() async throws {
        try AtomicFile.makeDirectory(path)  // a folder where the file should be
        let store = FileSessionStore(path: path)
        let error = await #expect(throws: AuthError.self) { try await store.load() }
        guard case .sessionStorage? = error else {
            Issue.record("expected sessionStorage, got \(String(describing: error))")
            return
        }
        #expect(files() == ["session.json"])
    }

    @Test(
        "a planted session file is refused, and load, save and clear leave it exactly where it is",
        arguments: ["mode 0644", "another user's", "FIFO", "symbolic link"])
    func refusesUntrusted(kind: String) async throws {
        try AtomicFile.makeDirectory("\(folder.path)/client")
        let session = StoredSessionCodec.encode(.fixture(uid: "planted"))
        let problem: String
        switch kind {
        case "mode 0644":
            try PlantedFile.regular(session, at: path, mode: 0o644)
            problem = "it is readable by other users (mode 0644); run `chmod 600 \(path)` or remove it"
        case "another user's":
            guard PlantedFile.canChangeOwner else { return }
            try PlantedFile.regular(session, at: path, owner: PlantedFile.otherUser)
            problem = "it is owned by uid \(PlantedFile.otherUser), not you (uid \(geteuid())); remove it"
        case "FIFO":
            try PlantedFile.fifo(at: path)
            problem = "it is a named pipe (FIFO), not a regular file; remove it"
        default:
            try PlantedFile.regular(session, at: "\(folder.path)/elsewhere.json")
            try PlantedFile.symbolicLink(at: path, to: "\(folder.path)/elsewhere.json")
            problem = "it is a symbolic link to \(folder.path)/elsewhere.json"
        }
        let before = PlantedFile.snapshot(path)
        let store = FileSessionStore(path: path)

        let error = await #expect(throws: AuthError.self) { try await store.load() }
        guard case .sessionStorage(let reason)? = error else {
            Issue.record("expected sessionStorage, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("cannot read \(path): \(problem)"), "\(reason)")
        await #expect(throws: AuthError.self) { try await store.save(.fixture()) }
        await #expect(throws: AuthError.self) { try await store.clear() }
        #expect(PlantedFile.snapshot(path) == before)
        #expect(files().filter { $0.hasPrefix("session.json.unreadable") }.isEmpty, "not moved aside")
    }

    @Test("a session file over 1 MiB is refused as too large, not read, not moved aside, and left as it is")
    func refusesTooLarge() async throws {
        try AtomicFile.makeDirectory("\(folder.path)/client")
        let session = StoredSessionCodec.encode(.fixture())
        try PlantedFile.regular(session + Array(repeating: 0x20, count: FileSessionStore.sizeLimit), at: path)
        let before = PlantedFile.snapshot(path)
        let error = await #expect(throws: AuthError.self) { try await FileSessionStore(path: path).load() }
        guard case .sessionStorage(let reason)? = error else {
            Issue.record("expected sessionStorage, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("cannot read \(path): the file is too large"), "\(reason)")
        #expect(PlantedFile.snapshot(path) == before)
        #expect(files() == ["session.json"], "not moved aside")
    }

    @Test("loading removes the temporary files of writes whose process died, and only those")
    func staleTemporaries() async throws {
        let store = FileSessionStore(path: path)
        try await store.save(.fixture())
        let dead = Int32.max - 1
        try PlantedFile.regular([1], at: "\(path).tmp-\(dead)-1")
        try PlantedFile.regular([1], at: "\(path).tmp-\(getpid())-2")
        #expect(try await FileSessionStore(path: path).load() == .fixture())
        #expect(files() == ["session.json", "session.json.tmp-\(getpid())-2"])
    }

    @Test("a folder that cannot be written fails the save and keeps the previous session")
    func unwritable() async throws {
        let store = FileSessionStore(path: path)
        try await store.save(.fixture(uid: "kept"))
        let blocked = FileSessionStore(path: "\(path)/cannot/exist")
        await #expect(throws: AuthError.self) { try await blocked.save(.fixture()) }
        #expect(try await store.load()?.uid == "kept")
    }

    @Test("a version 1 file is migrated to the current session")
    func migratesVersion1() async throws {
        let v1 = """
            {"version":1,"uid":"u1","email":"a@b.c","displayName":"A","providers":["apple.com"],
             "anonymous":false,"idToken":"t","refreshToken":"r","expiresAt":1767229200}
            """
        try AtomicFile.makeDirectory("\(folder.path)/client")
        try AtomicFile.write(Array(v1.utf8), to: path)
        let session = try await FileSessionStore(path: path).load()
        #expect(
            session
                == UserSession(
                    uid: "u1", email: "a@b.c", displayName: "A", providerIds: [.apple],
                    tokens: SessionTokens(
                        idToken: "t", refreshToken: "r", expiresAt: Date(timeIntervalSince1970: 1_767_229_200))))
    }

    @Test("exclusive access: a second holder waits until the first is done")
    func exclusive() async throws {
        let first = FileSessionStore(path: path)
        let second = FileSessionStore(path: path)
        final class Log: Sendable {
            let entries = Locked<[String]>([])
            func append(_ entry: String) { entries.withLock { $0.append(entry) } }
        }
        let order = Log()
        let (entered, enteredContinuation) = AsyncStream<Void>.makeStream()
        let (release, releaseContinuation) = AsyncStream<Void>.makeStream()

        let path = self.path
        let holder = Task {
            try await first.withExclusiveAccess { () throws(AuthError) in
                order.append("first in")
                // While inside, the lock file is really held: nobody else can take it.
                let other = try Self.tryLock("\(path).lock")
                order.append(other == nil ? "held" : "not held")
                other?()
                enteredContinuation.yield()
                for await _ in release { break }
                order.append("first out")
            }
        }
        for await _ in entered { break }
        let waiter = Task {
            try await second.withExclusiveAccess { order.append("second in") }
        }
        releaseContinuation.yield()
        try await holder.value
        try await waiter.value
        #expect(order.entries.withLock { $0 } == ["first in", "held", "first out", "second in"])
    }

    @Test("exclusive access gives up after its timeout with a clear error")
    func lockTimeout() async throws {
        try AtomicFile.makeDirectory("\(folder.path)/client")
        let release = try #require(try FileLock(path: "\(path).lock").tryLock())
        defer { release() }
        let store = FileSessionStore(path: path, lockTimeout: .milliseconds(50))
        await #expect(throws: AuthError.sessionStorage(reason: "another process holds \(path).lock")) {
            try await store.withExclusiveAccess { 1 }
        }
    }
}

@Suite("StoredSessionCodec")
struct StoredSessionCodecTests {
    @Test("writes the current version and reads back the same session")
    func roundTrip() throws {
        let bytes = StoredSessionCodec.encode(.fixture())
        #expect(String(decoding: bytes, as: UTF8.self).contains("\"version\":2"))
        #expect(try StoredSessionCodec.decode(bytes).get() == .fixture())
    }

    @Test("says why bytes are not a session")
    func failures() {
        #expect(StoredSessionCodec.decode([]) == .failure(.empty))
        #expect(StoredSessionCodec.decode(Array("{\"version\":3}".utf8)) == .failure(.newerVersion(3)))
        #expect(StoredSessionCodec.decode(Array("[]".utf8)) == .failure(.corrupt("no format version")))
    }
}
