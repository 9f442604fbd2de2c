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
}

extension MigrationTests {
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
