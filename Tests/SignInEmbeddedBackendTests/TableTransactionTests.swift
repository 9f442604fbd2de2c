import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedIssuers
import SignInEmbeddedStore
import SignInTesting
import Testing

@testable import SignInEmbeddedBackend
@testable import SignInEmbeddedStore

@Suite("State changes in place: tables, transactions, pruning")
struct TableTransactionTests {
    /// A row with an owner to look it up by and an instant to prune it by.
    struct Note: TableRow {
        var owner: String
        var at: Double
        static let tableSchema = TableSchema<Note>(
            name: "notes", lookups: ["owner": { [$0.owner] }], instant: { $0.at })
    }

    @Test("a table reads and encodes like a dictionary, so stored documents keep their shape")
    func tableIsADictionary() throws {
        var table: Table<Note> = ["a": Note(owner: "x", at: 1)]
        table["b"] = Note(owner: "y", at: 2)
        table["a"] = nil
        #expect(table.count == 1 && table["b"]?.owner == "y" && !table.isEmpty)
        table.removeAll()
        #expect(table.isEmpty)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(Table<Note>(["x": Note(owner: "o", at: 7)]))
        #expect(String(decoding: data, as: UTF8.self) == #"{"x":{"at":7,"owner":"o"}}"#)
        #expect(try JSONDecoder().decode(Table<Note>.self, from: data) == ["x": Note(owner: "o", at: 7)])
    }

    @Test("lookups follow every change, a rolled-back one included; pruning and the oldest-first cap use the instant")
    func lookupsAndInstants() {
        var table: Table<Note> = ["a": Note(owner: "x", at: 1), "b": Note(owner: "x", at: 2)]
        table["c"] = Note(owner: "y", at: 3)
        #expect(Set(table.keys("owner", "x")) == ["a", "b"] && table.count("owner", "y") == 1)
        table.beginRecording()
        table["a"] = Note(owner: "y", at: 1)
        table["b"] = nil
        #expect(table.keys("owner", "x").isEmpty && table.count("owner", "y") == 2)
        table.rollBack()
        #expect(Set(table.keys("owner", "x")) == ["a", "b"] && table.keys("owner", "y") == ["c"])
        table.removeOldest("owner", "x", keeping: 1)
        #expect(table.keys("owner", "x") == ["b"])
        table.removeAll(atOrBefore: Date(timeIntervalSince1970: 2))
        #expect(Array(table.keys) == ["c"] && table.keys("owner", "x").isEmpty)
        table.removeAll("owner", "y")
        #expect(table.isEmpty)
        // Several over the limit: the oldest go, ties broken by key.
        table = ["p": Note(owner: "z", at: 5), "q": Note(owner: "z", at: 4), "r": Note(owner: "z", at: 4)]
        table.removeOldest("owner", "z", keeping: 1)
        #expect(Array(table.keys) == ["p"])
    }

    @Test("an operation that fails after changing several tables and fixed parts changes nothing")
    func failedOperationIsUndone() throws {
        let harness = BackendHarness()
        try harness.signIn()
        let before = try harness.backend.storage.read { $0 }
        let error = #expect(throws: IdentityBackendError.self) {
            try harness.backend.storage.update { state throws(IdentityBackendError) in
                state.identity.accounts["new"] = EmbeddedAccount(uid: "new", createdAt: Date())
                state.identity.refreshTokens.removeAll()
                state.identity.usedNonces["n"] = Date()
                state.identity.accounts["new"]?.displayName = "changed twice"
                state.apple.authorizedClients["com.example.other"] = true
                state.apple.revokedClients.append("com.example.gone")
                state.identity.lastPrunedAt = Date(timeIntervalSince1970: 1)
                throw IdentityBackendError(.userNotFound, message: "fails after its changes")
            }
        }
        #expect(error?.code == .userNotFound)
        #expect(try harness.backend.storage.read { $0 } == before)
    }

    @Test(
        "expired nonces, codes and password attempts are pruned once a minute, and a kept one counts only while valid")
    func pruning() throws {
        let harness = BackendHarness()
        try harness.signIn(rawNonce: "first-nonce-0123456789abcdefghijkl")
        #expect(try harness.service.snapshot().usedNonces.count == 1)
        // Past the first token's expiry (and the skew), and past the pruning interval.
        harness.clock.advance(by: harness.issuer.tokenLifetime + harness.configuration.clockSkew + 61)
        try harness.signIn(rawNonce: "second-nonce-0123456789abcdefghijk")
        let state = try harness.service.snapshot()
        #expect(state.usedNonces.count == 1)
        #expect(state.lastPrunedAt == harness.clock.now())
        // Within the minute, nothing is scanned again: the third nonce joins the second.
        harness.clock.advance(by: 30)
        try harness.signIn(rawNonce: "third-nonce-0123456789abcdefghijkl")
        #expect(try harness.service.snapshot().usedNonces.count == 2)
    }
}
