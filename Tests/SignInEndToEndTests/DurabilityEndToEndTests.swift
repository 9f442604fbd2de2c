import Foundation
import SignInData
import SignInDomain
import SignInFirebase
import SignInInfrastructure
import SignInLocking
import SignInTesting
import Testing

/// `signin-demo serve` killed with SIGKILL while 8 clients sign up as guests: every sign-up it answered must be
/// there when it starts again on the same folder.
@Suite("signin-demo serve, killed mid-load", .serialized)
struct DurabilityEndToEndTests {
    static let tries = 20
    static let clients = 8

    static func backend(_ serve: ServeProcess) -> FirebaseIdentityBackend {
        FirebaseIdentityBackend(
            configuration: FirebaseConfiguration(apiKey: "durability-key", emulatorHost: serve.host, timeout: 10),
            transport: URLSessionTransport())
    }

    @Test("kill -9 under 8 concurrent guest sign-ups loses none that was answered, in 20 tries")
    func killedUnderLoad() async throws {
        let data = TemporaryFolder(prefix: "signin-durability")
        let dataFolder = URL(fileURLWithPath: data.path).appendingPathComponent("data")
        var generator = SystemRandomNumberGenerator()
        var answered: [(uid: String, idToken: String)] = []
        for attempt in 1...Self.tries {
            let serve = try ServeProcess(environment: [:], dataFolder: dataFolder)
            let identity = Self.backend(serve)
            let acknowledged = Locked<[(uid: String, idToken: String)]>([])
            let killAfter = UInt64.random(in: 20...200, using: &generator)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<Self.clients {
                    group.addTask {
                        // Until the server is gone (bounded, should it never go).
                        for _ in 0..<100_000 {
                            guard let session = try? await identity.signUpAnonymously() else { return }
                            acknowledged.withLock { $0.append((session.localId, session.idToken.value)) }
                        }
                    }
                }
                group.addTask {
                    // The clock starts at the first answer, so that a slow start (a busy machine) still kills mid-load.
                    for _ in 0..<1_000 where acknowledged.withLock({ $0.isEmpty }) {
                        try await Task.sleep(nanoseconds: 10_000_000)
                    }
                    try await Task.sleep(nanoseconds: killAfter * 1_000_000)
                    serve.crash()
                }
                try await group.waitForAll()
            }
            let round = acknowledged.withLock { $0 }
            #expect(!round.isEmpty, "try \(attempt): no sign-up was answered before the kill")
            answered += round

            let restarted = try ServeProcess(environment: [:], dataFolder: dataFolder)
            let lookups = Self.backend(restarted)
            var missing: [String] = []
            for (uid, idToken) in round {
                let found = try? await lookups.lookup(idToken: Secret(idToken))
                if found?.localId != uid { missing.append(uid) }
            }
            #expect(missing.isEmpty, "try \(attempt): \(missing.count) of \(round.count) answered sign-ups lost")
            _ = restarted.stop()
        }
        #expect(Set(answered.map(\.uid)).count == answered.count)
    }
}
