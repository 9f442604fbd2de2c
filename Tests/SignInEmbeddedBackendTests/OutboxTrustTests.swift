import Foundation
import SignInData
import SignInEmbeddedBackend
import SignInTesting
import Testing

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
