import Foundation
import SignInData
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInLocking
import SignInSQLite
import SignInTesting
import Testing

/// Group commit, driven by threads that wait on each other, so every count asserted is forced, not timed.
@Suite("GroupCommit", .timeLimit(.minutes(5)))
struct GroupCommitTests {
    /// A flush that blocks until released, and counts the commits each flush covered.
    final class Flusher: Sendable {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let failing = Locked(false)

        func flush() throws(IdentityBackendError) {
            started.signal()
            release.wait()
            if failing.withLock({ $0 }) { throw IdentityBackendError(.storageUnavailable, message: "EIO") }
        }
    }

    @Test("changes committed while one flush runs share the next flush: 4 commits, 2 flushes, none returned early")
    func grouped() {
        let flusher = Flusher()
        let group = GroupCommit(flush: flusher.flush)
        let returned = Locked<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        func wait(_ number: Int) {
            Thread.detachNewThread {
                try? group.waitUntilDurable(number)
                returned.withLock { $0.append(number) }
                done.signal()
            }
        }
        wait(group.committed())
        flusher.started.wait()
        // Three more commit while the first flush runs; none may return before a flush that began after it.
        for _ in 0..<3 { wait(group.committed()) }
        usleep(20_000)
        #expect(returned.withLock { $0 } == [])
        flusher.release.signal()
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(returned.withLock { $0 } == [1])
        flusher.started.wait()
        flusher.release.signal()
        for _ in 0..<3 { #expect(done.wait(timeout: .now() + 5) == .success) }
        #expect(Set(returned.withLock { $0 }) == [1, 2, 3, 4])
        #expect(group.flushCount == 2)
    }

    @Test("once a flush fails, the changes it covered and every later one are refused, with no flush trusted again")
    func failure() throws {
        let flusher = Flusher()
        let group = GroupCommit(flush: flusher.flush)
        flusher.failing.withLock { $0 = true }
        flusher.release.signal()
        #expect(throws: IdentityBackendError.self) { try group.waitUntilDurable(group.committed()) }
        // The system may have dropped the pages it could not write: a later flush that succeeds proves nothing.
        flusher.failing.withLock { $0 = false }
        #expect(throws: IdentityBackendError.self) { try group.waitUntilDurable(group.committed()) }
        #expect(group.flushCount == 1)
    }
}

@Suite("SQLiteBackendStateStorage: durability")
struct SQLiteDurabilityTests {
    @Test("every change waits for a flush of the log, the first one with its folder; a read does not")
    func changesFlush() throws {
        let folder = TemporaryFolder(prefix: "signin-durable")
        let storage = SQLiteBackendStateStorage(
            folder: folder.path, makeInitialState: { .fresh(random: SeededRandomBytes(seed: 1)) })
        let harness = BackendHarness(storage: storage)
        _ = try harness.service.signUpAnonymously()
        let afterOne = storage.flushCount
        #expect(afterOne >= 1)
        _ = try harness.service.signUpAnonymously()
        #expect(storage.flushCount == afterOne + 1)
        _ = try harness.service.snapshot()
        #expect(storage.flushCount == afterOne + 1)
        // The log was new to this storage once: its folder was flushed with it then, and not again.
        #expect(storage.folderFlushCount == 1)
    }

    @Test("a database not in write-ahead-log mode has its own file flushed, and its changes still return")
    func rollbackJournal() throws {
        let folder = TemporaryFolder(prefix: "signin-durable")
        let make = {
            SQLiteBackendStateStorage(
                folder: folder.path, makeInitialState: { .fresh(random: SeededRandomBytes(seed: 1)) })
        }
        do {
            let first = BackendHarness(storage: make())
            _ = try first.service.signUpAnonymously()
        }
        let database = try SQLiteDatabase(path: "\(folder.path)/backend.sqlite", create: false)
        try database.execute("PRAGMA journal_mode = DELETE")
        database.close()
        #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/backend.sqlite-wal"))
        let storage = make()
        let harness = BackendHarness(storage: storage)
        let session = try harness.service.signUpAnonymously()
        #expect(storage.flushCount == 1)
        #expect(storage.folderFlushCount == 0)
        #expect(try harness.service.account(uid: session.localId) != nil)
    }
}
