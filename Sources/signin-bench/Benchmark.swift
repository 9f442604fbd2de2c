import Foundation
import SignInCrypto
import SignInData
import SignInDemoAdapters
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedIssuers
import SignInEmbeddedStore
import SignInEmulator
import SignInFirebase
import SignInHTTPServer
import SignInInfrastructure
import SignInPresentation

/// Prints the figures the project's performance claims rest on, each as a median with its spread, with the machine
/// and the date. Run it in release: `swift run -c release signin-bench` (`--quick`: smaller sizes, for CI).
@main
struct Benchmark {
    static func main() async throws {
        let arguments = CommandLine.arguments
        let quick = arguments.contains("--quick")
        // `--only SECTION` (layers, growth, throughput, sustained, openssl, serve, hostile, other): one section, for profiling.
        let only = arguments.firstIndex(of: "--only").flatMap {
            arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
        }
        func runs(_ section: String) -> Bool { only == nil || only == section }
        print("signin-bench, \(isDebug ? "debug" : "release") build\(quick ? ", --quick" : ""), \(Machine.date)")
        print("machine: \(Machine.description)")

        if runs("layers") { try await layers(quick: quick) }
        if runs("growth") {
            try await growth(sizes: quick ? [1, 1_000] : [1, 1_000, 10_000, 100_000, 1_000_000], quick: quick)
        }
        if runs("throughput") { try await throughput(quick: quick) }
        if runs("sustained") { try sustained(count: 20_000, block: 2_000) }
        if runs("openssl") { comparisons(quick: quick) }
        if runs("serve") { try ServeLoad.run(quick: quick) }
        if runs("hostile") { try HostileLoad.run(quick: quick) }
        if runs("other") {
            print("\nother figures")
            try await overHTTP(backend: .inMemory())
            try await singleFlight(backend: .inMemory())
        }
    }

    /// One Apple sign-in through every layer, with the in-memory and the file session store.
    @MainActor
    static func layers(quick: Bool) async throws {
        print(
            "\none Apple sign-in through every layer (view model, use case, UI client, provider, backend, session store)"
        )
        print(
            "  goals: ≤ 60 µs median and ≤ 120 µs p99 through every layer; the floor within 1.5× of the hops it needs")
        let layered = FullLayerSignIn(backend: .inMemory(), store: InMemorySessionStore())
        let count = Int(ProcessInfo.processInfo.environment["SIGNIN_BENCH_LAYER_RUNS"] ?? "") ?? (quick ? 1_000 : 5_000)
        line(
            "backend in memory, InMemorySessionStore",
            try await sample(count: count, warmUp: 200) { _ in
                try await layered.signIn()
            }.summary)
        let empty = EmptyLayerSignIn()
        let floor = try await sample(count: count, warmUp: 200) { _ in try await empty.signIn() }
        line("the same layers with nothing behind them (their floor)", floor.summary)
        let probe = HopProbe()
        let hops = await sample(count: count, warmUp: 200) { _ in _ = await probe.roundTrip() }
        line("the hops alone: main actor → task → pool → an actor → back", hops.summary)
        line("the floor ÷ the hops (medians)", String(format: "%.2f× (goal ≤ 1.50×)", floor.median / hops.median))
        let sessionFolder = temporaryFolder("session")
        defer { try? FileManager.default.removeItem(atPath: sessionFolder) }
        let filed = FullLayerSignIn(
            backend: .inMemory(), store: FileSessionStore(path: "\(sessionFolder)/session.json"))
        line(
            "backend in memory, FileSessionStore",
            try await sample(count: quick ? 200 : 1_000, warmUp: 20) { _ in
                try await filed.signIn()
            }.summary)
        let launchBackend = EmbeddedBackend.inMemory()
        let launchFile = "\(sessionFolder)/launch.json"
        try await FullLayerSignIn(backend: launchBackend, store: FileSessionStore(path: launchFile)).signIn()
        line(
            "a relaunch: start() until state shows the stored session",
            try await sample(count: quick ? 200 : 1_000, warmUp: 20) { _ in
                try await launch(backend: launchBackend, sessionFile: launchFile)
            }.summary)
    }

    /// A relaunch as an app makes it: a new session manager and view model over the stored session, and `start()`.
    @MainActor
    static func launch(backend: EmbeddedBackend, sessionFile: String) async throws {
        let tokens = BackendSessionTokenService(backend: backend.identityService)
        let sessions = SessionManager(store: FileSessionStore(path: sessionFile), tokenService: tokens)
        let viewModel = SignInViewModel(
            signIn: SignInUseCase(authProviders: [], sessions: sessions),
            signOut: SignOutUseCase(sessions: sessions, tokenService: tokens), uiClients: [:])
        guard case .success(.restored) = await viewModel.start(), viewModel.state.session != nil else {
            throw BenchError("the launch did not restore the stored session")
        }
        viewModel.stop()
    }

    static func temporaryFolder(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("signin-bench-\(name)-\(UUID().uuidString)").path
    }

    /// One Apple sign-in with 1 to 1,000,000 accounts stored: in memory, and up to 100,000 on disk and through the
    /// CLI.
    static func growth(sizes: [Int], quick: Bool) async throws {
        print("\none Apple sign-in at the backend with N accounts stored (bulk-loaded and the token made, not timed)")
        print("  goal: ≤ 25 µs median in memory, flat from 1 to 1,000,000 accounts")
        let demo = try demoBinary()
        // `SIGNIN_BENCH_MEMORY_RUNS=N`: N sign-ins in memory and nothing on disk, for a profile of the backend alone.
        let memoryRuns = Int(ProcessInfo.processInfo.environment["SIGNIN_BENCH_MEMORY_RUNS"] ?? "")
        for size in sizes {
            let state = Growth.state(accounts: size)
            let memory = EmbeddedBackend(storage: InMemoryBackendStateStorage(state))
            line(
                "N = \(size), in memory",
                try Growth.timedSignIns(memory, runs: memoryRuns ?? 300, warmUp: 20).summary)
            // A database of a million accounts takes longer to build than the rest of the run: in memory only.
            guard size <= 100_000, memoryRuns == nil else { continue }
            let root = temporaryFolder("growth-\(size)")
            defer { try? FileManager.default.removeItem(atPath: root) }
            let folder = try Growth.folder(with: state, in: root)
            let disk = EmbeddedBackend.persistent(folder: folder)
            let diskRuns = quick ? 30 : 100
            line("N = \(size), on disk", try Growth.timedSignIns(disk, runs: diskRuns, warmUp: 1).summary)
            if let demo {
                let cliRuns = quick ? 5 : 10
                line(
                    "N = \(size), signin-demo sign-in apple -y",
                    try await sample(count: cliRuns, warmUp: 1) { _ in
                        try runDemo(demo, ["--data-dir", root, "sign-in", "apple", "-y"])
                    }.summary)
            }
        }
        if demo == nil { print("  (signin-demo: no release binary beside this one, and building it failed; skipped)") }
    }

    /// Sign-ins per second at the in-memory backend with 1, 2, 4 and 8 concurrent tasks, each signing in over and
    /// over (through `AppleAuthProvider`).
    static func throughput(quick: Bool) async throws {
        print("\nsign-ins per second, concurrent tasks (backend in memory, through AppleAuthProvider)")
        let perTask = quick ? 300 : 1_000
        for tasks in [1, 2, 4, 8] {
            var rates = Samples()
            for _ in 0..<3 {
                let backend = EmbeddedBackend.inMemory()
                let provider = AppleAuthProvider(backend: backend.identityService)
                let clientID = backend.configuration.appleClientID
                let start = ContinuousClock.now
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for task in 0..<tasks {
                        group.addTask {
                            for index in 0..<perTask {
                                let nonce = "throughput-\(task)-\(index)-0123456789abcdef"
                                let issued = try backend.appleIssuer.authorize(
                                    clientID: clientID, nonceSHA256: SHA256.hexDigest(nonce), shareEmail: true)
                                _ = try await provider.signIn(
                                    with: AuthCredential(
                                        provider: .apple, idToken: issued.identityToken, rawNonce: Secret(nonce)))
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                // Stored as seconds per sign-in, so that the median is of rates.
                rates.add(seconds: Samples.seconds(ContinuousClock.now - start) / Double(tasks * perTask))
            }
            let perSecond = { (seconds: Double) in String(format: "%.0f", 1 / seconds) }
            line(
                "\(tasks) task\(tasks == 1 ? "" : "s") × \(perTask) sign-ins",
                "median \(perSecond(rates.median))/s  min–max \(perSecond(rates.maximum))–\(perSecond(rates.minimum))/s (3 runs)"
            )
        }
    }

    /// 20,000 sign-ins of one user, in blocks: the cost must not grow as the user's refresh tokens pile up.
    static func sustained(count: Int, block: Int) throws {
        print("\n\(count) sign-ins of one user at the backend in memory, per block of \(block)")
        let backend = EmbeddedBackend.inMemory()
        var medians: [Double] = []
        var index = 0
        while index < count {
            let samples = try Growth.timedSignIns(backend, runs: block, warmUp: 0)
            index += block
            medians.append(samples.median)
            line("sign-ins \(index - block + 1)–\(index)", samples.summary)
        }
        if let first = medians.first, let last = medians.last {
            line("last block ÷ first block (medians)", String(format: "%.2f×", last / first))
        }
    }

    /// PBKDF2 and SHA-256 against OpenSSL's, alternating in this run.
    static func comparisons(quick: Bool) {
        print("\nours against OpenSSL (Python's hashlib), alternating, in this run")
        guard let python = OpenSSLComparison.python() else {
            print("  no python3 with OpenSSL's hashlib here: skipped")
            return
        }
        print("  \(OpenSSLComparison.version(python)); ours hash with \(HashingImplementation.current.description)")
        print("  goal: within 1.05× of OpenSSL's time")
        let password = Array("correct horse".utf8)
        let salt = [UInt8](repeating: 7, count: 16)
        let pbkdf2 = "hashlib.pbkdf2_hmac('sha256', b'correct horse', b'\\x07' * 16, 600000, 32)"
        OpenSSLComparison.compare(
            "PBKDF2-HMAC-SHA256, 600,000 iterations", rounds: quick ? 2 : 5, python: python, setup: "",
            statement: pbkdf2
        ) {
            _ = PBKDF2.sha256(password: password, salt: salt, iterations: 600_000, keyLength: 32)
        }
        OpenSSLComparison.compare(
            "the same, the Swift implementation (where no library is)", rounds: quick ? 2 : 3, python: python,
            setup: "", statement: pbkdf2
        ) {
            _ = PBKDF2.software(password: password, salt: salt, iterations: 600_000, keyLength: 32)
        }
        let size = 64 << 20
        let data = [UInt8](repeating: 0x61, count: size)
        let setup = "data = b'a' * \(size)"
        let statement = "hashlib.sha256(data).digest()"
        OpenSSLComparison.compare(
            "SHA-256 of 64 MiB, OpenSSL with SHA extensions", rounds: quick ? 2 : 5, python: python, setup: setup,
            statement: statement
        ) { _ = SHA256.hash(data) }
        OpenSSLComparison.compare(
            "the same, the Swift implementation (where no library is)", rounds: quick ? 2 : 3, python: python,
            setup: setup, statement: statement
        ) { _ = SoftwareSHA256.hash(data) }
    }

    /// The release `signin-demo` beside this binary, built if it is missing; `nil` when it cannot be had.
    static func demoBinary() throws -> String? {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let binary = folder.appendingPathComponent("signin-demo").path
        if FileManager.default.isExecutableFile(atPath: binary) { return binary }
        guard !isDebug else { return nil }
        // The package root: three levels above this file (Sources/signin-bench/Benchmark.swift).
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        print("\n(building the release signin-demo for the CLI figures: swift build -c release --product signin-demo)")
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        build.arguments = ["swift", "build", "-c", "release", "--product", "signin-demo", "--package-path", root]
        build.standardOutput = FileHandle.nullDevice
        try build.run()
        build.waitUntilExit()
        return FileManager.default.isExecutableFile(atPath: binary) ? binary : nil
    }

    static func runDemo(_ binary: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError("signin-demo \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
    }

    /// The same sign-in through the whole HTTP path, on loopback: `FirebaseIdentityBackend` (signInWithIdp, then
    /// lookup) → `URLSessionTransport` → `HTTPServer` → `EmbeddedHTTPFace` → the same in-memory service.
    static func overHTTP(backend: EmbeddedBackend) async throws {
        let face = EmbeddedHTTPFace(backend: backend)
        let server = HTTPServerAdapter.server(handler: face.handle)
        let port = try server.start()
        defer { server.stop(drainTimeout: 2) }
        let firebase = FirebaseIdentityBackend(
            configuration: FirebaseConfiguration(apiKey: "bench", emulatorHost: "127.0.0.1:\(port)"),
            transport: URLSessionTransport())
        let clientID = backend.configuration.appleClientID
        let samples = try await sample(count: 300, warmUp: 20) { index in
            let nonce = "http-nonce-\(index)-0123456789abcdefghij"
            let issued = try backend.appleIssuer.authorize(
                clientID: clientID, nonceSHA256: SHA256.hexDigest(nonce), shareEmail: true)
            _ = try await firebase.signInWithIdP(
                IdPSignInRequest(providerId: "apple.com", idToken: issued.identityToken, rawNonce: Secret(nonce)))
        }
        line("an Apple sign-in over HTTP on loopback (signInWithIdp + lookup)", samples.summary)
    }

    static var isDebug: Bool {
        #if DEBUG
            true
        #else
            false
        #endif
    }

    /// 100 concurrent callers ask for a valid session whose token has expired: one refresh must serve all.
    static func singleFlight(backend: EmbeddedBackend) async throws {
        let rawNonce = "bench-single-flight-nonce-0123456789"
        let issued = try backend.appleIssuer.authorize(
            clientID: backend.configuration.appleClientID, nonceSHA256: SHA256.hexDigest(rawNonce), shareEmail: true)
        var session = try await AppleAuthProvider(backend: backend.identityService)
            .signIn(with: AuthCredential(provider: .apple, idToken: issued.identityToken, rawNonce: Secret(rawNonce)))
        session.tokens.expiresAt = Date(timeIntervalSinceNow: -1)
        let counter = CountingTokenService(inner: BackendSessionTokenService(backend: backend.identityService))
        let manager = SessionManager(store: InMemorySessionStore(session: session), tokenService: counter)
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<100 { group.addTask { _ = try await manager.validSession() } }
            try await group.waitForAll()
        }
        let elapsed = Samples.format(Samples.seconds(ContinuousClock.now - start))
        line("100 concurrent validSession() calls on an expired session", "\(elapsed) in all, one run")
        print("    refresh calls made: \(await counter.count) (target: exactly 1)")
    }
}

/// Counts the refreshes that reach the backend.
actor CountingTokenService: SessionTokenService {
    let inner: BackendSessionTokenService
    private(set) var count = 0

    init(inner: BackendSessionTokenService) { self.inner = inner }

    nonisolated var canRefresh: Bool { inner.canRefresh }

    func refresh(_ session: UserSession) async throws(AuthError) -> UserSession {
        count += 1
        return try await inner.refresh(session)
    }

    func revoke(_ session: UserSession) async throws(AuthError) { try await inner.revoke(session) }
}
