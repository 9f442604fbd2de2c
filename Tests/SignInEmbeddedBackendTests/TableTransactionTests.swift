import Foundation
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInTesting
import Testing

@Suite("State changes in place: tables, transactions, pruning")
struct TableTransactionTests {
    @Test("a table reads and encodes like a dictionary, so stored documents keep their shape")
    func tableIsADictionary() throws {
        var table: Table<Int> = ["a": 1]
        table["b"] = 2
        table["a"] = nil
        #expect(table.count == 1 && table["b"] == 2 && !table.isEmpty)
        table.removeAll { $0.value == 2 }
        #expect(table.isEmpty)
        let data = try JSONEncoder().encode(Table<Int>(["x": 7]))
        #expect(String(decoding: data, as: UTF8.self) == #"{"x":7}"#)
        #expect(try JSONDecoder().decode(Table<Int>.self, from: data) == ["x": 7])
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

    @Test("expired nonces, codes and password attempts are pruned once a minute, and a kept one counts only while valid")
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
