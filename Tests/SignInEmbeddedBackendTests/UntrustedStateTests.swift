import Foundation
import SignInData
import SignInEmbeddedBackend
import SignInTesting
import Testing

extension FileBackendStateStorageTests {
    /// A state file as a new installation would write it, with a planted signing key, for planting.
    func plantedState() throws -> [UInt8] {
        let other = FileBackendStateStorage(folder: "\(folder)/source") { .fresh(random: SeededRandomBytes(seed: 9)) }
        _ = try BackendHarness(storage: other).signIn()
        return try #require(FileManager.default.contents(atPath: other.statePath).map(Array.init))
    }

    @Test(
        "a planted state file or a dangling symbolic link as lock file is refused clearly, and left as it is",
        arguments: ["mode 0644", "another user's", "FIFO", "dangling lock"])
    func refusesUntrusted(kind: String) throws {
        let bytes = try plantedState()
        let storage = makeStorage()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var path = storage.statePath
        let problem: String
        switch kind {
        case "mode 0644":
            try PlantedFile.regular(bytes, at: path, mode: 0o644)
            problem = "cannot read \(path): it is readable by other users (mode 0644); run `chmod 600 \(path)`"
        case "another user's":
            guard PlantedFile.canChangeOwner else { return }
            try PlantedFile.regular(bytes, at: path, owner: PlantedFile.otherUser)
            problem = "cannot read \(path): it is owned by uid \(PlantedFile.otherUser), not you"
        case "FIFO":
            try PlantedFile.fifo(at: path)
            problem = "cannot read \(path): it is a named pipe (FIFO), not a regular file; remove it"
        default:
            path = "\(folder)/backend.lock"
            try PlantedFile.symbolicLink(at: path, to: "\(folder)/created")
            problem = "cannot lock \(path): it is a symbolic link to \(folder)/created"
        }
        let before = PlantedFile.snapshot(path)

        let error = #expect(throws: IdentityBackendError.self) { try BackendHarness(storage: storage).signIn() }

        #expect(error?.code == .storageUnavailable)
        #expect(error?.message.contains(problem) == true, "\(error?.message ?? "")")
        #expect(PlantedFile.snapshot(path) == before)
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/created"))
    }

    @Test("a state file over 256 MiB is refused by its size, without reading it, and left as it is")
    func refusesTooLarge() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = "\(folder)/backend.json"
        try PlantedFile.regular(try plantedState(), at: path)
        // Sparse: no disk is used for the hole.
        #expect(truncate(path, off_t(FileBackendStateStorage.sizeLimit + 1)) == 0)
        let before = PlantedFile.snapshot(path)
        let error = #expect(throws: IdentityBackendError.self) { try BackendHarness(storage: makeStorage()).signIn() }
        #expect(error?.message.contains("cannot read \(path): the file is too large") == true)
        #expect(PlantedFile.snapshot(path) == before)
    }

    @Test("the next operation removes the temporary state files of writers that died, and only those")
    func staleTemporaries() throws {
        let harness = BackendHarness(storage: makeStorage())
        try harness.signIn()
        let dead = Int32.max - 1
        try PlantedFile.regular([1], at: "\(folder)/backend.json.tmp-\(dead)-1")
        try PlantedFile.regular([1], at: "\(folder)/backend.json.tmp-\(getpid())-2")
        _ = try harness.service.snapshot()
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names == ["backend.json", "backend.json.tmp-\(getpid())-2", "backend.lock"])
    }
}

extension MigrationTests {
    @Test("an outbox twin readable by other users is an error, not a message, and is left as it is")
    func plantedTwin() throws {
        let temporary = TemporaryFolder(prefix: "signin-outbox")
        let outbox = FolderMailOutbox(folder: temporary.path)
        try outbox.deliver(
            OutboxMessage(to: "a@b.co", subject: "S", body: "B", link: "L", sentAt: Date(timeIntervalSince1970: 1)))
        let twin = "\(temporary.path)/1000.json"
        chmod(twin, 0o644)
        let before = PlantedFile.snapshot(twin)
        let error = #expect(throws: IdentityBackendError.self) { try outbox.messages() }
        #expect(error?.message.contains("cannot read \(twin): it is readable by other users (mode 0644)") == true)
        #expect(PlantedFile.snapshot(twin) == before)
    }

    @Test("an outbox twin over 1 MiB is an error, not a message")
    func oversizedTwin() throws {
        let temporary = TemporaryFolder(prefix: "signin-outbox")
        let outbox = FolderMailOutbox(folder: temporary.path)
        try outbox.deliver(
            OutboxMessage(to: "a@b.co", subject: "S", body: "B", link: "L", sentAt: Date(timeIntervalSince1970: 1)))
        let twin = "\(temporary.path)/1000.json"
        #expect(truncate(twin, off_t(FolderMailOutbox.metadataSizeLimit + 1)) == 0)
        let error = #expect(throws: IdentityBackendError.self) { try outbox.messages() }
        #expect(error?.message.contains("cannot read \(twin): the file is too large") == true)
    }
}
