// swift-tools-version: 6.0
// The layered sign-in package. Dependencies point inward only; see Architecture.md for the table and
// Tests/SignInEndToEndTests/PackageStructureTests.swift for the check that enforces it.
import PackageDescription

/// Settings shared by every target: Swift 6 language mode (the tools version's default, stated so that
/// nobody lowers it by accident) and the upcoming checks a careful package turns on, which cost nothing at run time:
/// `any` spelled out for every existential, imports internal unless a file says `public import` (a module's public
/// API names what it re-exposes), and members visible only from modules a file imports.
let sharedSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "SignIn",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        // One import for an app: the four layers, Firebase's backend and `SignInClient`, which wires them.
        .library(name: "SignIn", targets: ["SignIn"]),
        .library(name: "SignInDomain", targets: ["SignInDomain"]),
        .library(name: "SignInPresentation", targets: ["SignInPresentation"]),
        .library(name: "SignInInfrastructure", targets: ["SignInInfrastructure"]),
        .library(name: "SignInData", targets: ["SignInData"]),
        .library(
            name: "SignInEmbeddedBackend",
            targets: [
                "SignInEmbeddedBackend", "SignInEmbeddedStore", "SignInEmbeddedIssuers", "SignInJOSE", "SignInWebAuthn",
            ]),
        .library(name: "SignInFirebase", targets: ["SignInFirebase"]),
        .library(name: "SignInREST", targets: ["SignInREST"]),
        .library(name: "SignInTesting", targets: ["SignInTesting"]),
        .library(name: "SignInDataTesting", targets: ["SignInDataTesting"]),
        .library(name: "SignInInfrastructureTesting", targets: ["SignInInfrastructureTesting"]),
        .executable(name: "signin-demo", targets: ["signin-demo"]),
        .executable(name: "signin-bench", targets: ["signin-bench"]),
    ],
    targets: [
        // Innermost: entities, ports, use cases. Depends on nothing.
        .target(name: "SignInDomain"),
        // Leaf utility: SHA-256, HMAC, base64url, CSPRNG bytes. Depends on nothing.
        .target(name: "SignInCrypto"),
        // Leaf utility: atomic file writes, file locks, the per-user data folder. Depends on nothing.
        .target(name: "SignInFileSystem"),
        // Leaf utility: the system's SQLite, loaded at run time. Depends on nothing.
        .target(name: "SignInSQLite"),
        .target(name: "SignInPresentation", dependencies: ["SignInDomain"]),
        // A value behind a lock ThreadSanitizer understands (a pthread mutex): what every type shared between
        // threads keeps its state in. Depends on nothing.
        .target(name: "SignInLocking"),
        .target(name: "SignInData", dependencies: ["SignInDomain"]),
        // The identity backend over Firebase Authentication's REST API. An app without Firebase does not link it.
        .target(name: "SignInFirebase", dependencies: ["SignInDomain", "SignInData"]),
        // The identity backend over a team's own REST API (sign-up, login → access token, me), shaped by default
        // like the FastAPI notes service. An app that talks to Firebase does not link it.
        .target(name: "SignInREST", dependencies: ["SignInDomain", "SignInData"]),
        .target(
            name: "SignInInfrastructure",
            dependencies: ["SignInDomain", "SignInData", "SignInCrypto", "SignInFileSystem", "SignInLocking"]
        ),
        // Compact JWS (HS256) and JSON: signing and verifying the embedded backend's tokens and the identity tokens
        // of its simulated issuers.
        .target(name: "SignInJOSE", dependencies: ["SignInCrypto", "SignInData"]),
        // WebAuthn's data and a relying party's checks: CBOR, COSE keys, authenticator data, client data, the `none`
        // and `packed` self attestation, assertions. What the embedded backend's passkeys are checked with.
        .target(name: "SignInWebAuthn", dependencies: ["SignInCrypto"]),
        // The embedded backend's state: its tables, in memory or in SQLite, and the records they hold.
        .target(
            name: "SignInEmbeddedStore",
            dependencies: [
                "SignInDomain", "SignInData", "SignInCrypto", "SignInFileSystem", "SignInSQLite", "SignInJOSE",
                "SignInLocking",
            ]
        ),
        // The simulated issuers: Apple's sheet, Google's chooser and each registered provider's page, signing the
        // identity tokens the embedded backend accepts.
        .target(
            name: "SignInEmbeddedIssuers",
            dependencies: ["SignInDomain", "SignInData", "SignInCrypto", "SignInJOSE", "SignInEmbeddedStore"]
        ),
        // The embedded backend: the identity rules over the store, the outbox, password hashing, the app's API.
        .target(
            name: "SignInEmbeddedBackend",
            dependencies: [
                "SignInDomain", "SignInData", "SignInCrypto", "SignInFileSystem", "SignInJOSE", "SignInEmbeddedStore",
                "SignInEmbeddedIssuers", "SignInLocking", "SignInWebAuthn",
            ]
        ),
        // The one import of an app: re-exports the four layers and Firebase's backend, and `SignInClient` wires the
        // usual app from their public types (a backend, its providers, the platform's session store, the view model).
        .target(
            name: "SignIn",
            dependencies: [
                "SignInDomain", "SignInPresentation", "SignInInfrastructure", "SignInData", "SignInFirebase",
                "SignInEmbeddedBackend",
            ]
        ),
        // The test kit, one target per layer, each depending only on what its doubles need: a Domain-only test
        // compiles Domain and SignInTesting and nothing else.
        .target(name: "SignInTesting", dependencies: ["SignInDomain", "SignInCrypto", "SignInLocking"]),
        .target(name: "SignInDataTesting", dependencies: ["SignInDomain", "SignInData", "SignInTesting"]),
        .target(
            name: "SignInInfrastructureTesting",
            dependencies: ["SignInDomain", "SignInInfrastructure", "SignInTesting"]
        ),

        // ---- The demo: what shows the library off. No library product depends on these. ----
        // The small HTTP/1.1 server behind `signin-demo serve`. Depends on nothing but the lock.
        .target(name: "SignInHTTPServer", dependencies: ["SignInLocking"]),
        // The demo's trace: labelled steps, a tracer that records them. Every layer crossing it shows comes from a
        // decorator the composition root wraps around a port it wires (SignInDemoAdapters/Tracing).
        .target(name: "SignInDemoTrace", dependencies: ["SignInLocking"]),
        // The embedded backend's Firebase-shaped HTTP face: what `signin-demo serve` answers with.
        .target(
            name: "SignInEmulator",
            dependencies: [
                "SignInDomain", "SignInData", "SignInCrypto", "SignInEmbeddedBackend", "SignInJOSE", "SignInDemoTrace",
                "SignInEmbeddedStore", "SignInLocking",
            ]
        ),
        // The demo's own adapters: terminal prompts standing in for Apple's sheet, Google's chooser and an app's
        // form, and the bridge from the Data layer's HTTP types to the HTTP server.
        .target(
            name: "SignInDemoAdapters",
            dependencies: [
                "SignInDomain", "SignInData", "SignInInfrastructure", "SignInPresentation", "SignInHTTPServer",
                "SignInDemoTrace", "SignInCrypto", "SignInWebAuthn",
            ]
        ),
        // The demo CLI: its commands, the composition root of every run, the tour, the menu, `serve`.
        .target(
            name: "SignInDemoCLI",
            dependencies: [
                "SignInDomain", "SignInPresentation", "SignInInfrastructure", "SignInData",
                "SignInEmbeddedBackend", "SignInCrypto", "SignInFileSystem", "SignInFirebase", "SignInHTTPServer",
                "SignInREST", "SignInEmulator", "SignInDemoAdapters", "SignInDemoTrace", "SignInEmbeddedIssuers",
                "SignInLocking",
            ]
        ),
        // The executable: a main that runs the CLI on the process's terminal.
        .executableTarget(name: "signin-demo", dependencies: ["SignInDemoCLI"]),
        // Benchmarks: prints the figures behind the performance claims (`swift run -c release signin-bench`).
        .executableTarget(
            name: "signin-bench",
            dependencies: [
                "SignInDomain", "SignInData", "SignInInfrastructure", "SignInEmbeddedBackend", "SignInCrypto",
                "SignInFirebase", "SignInHTTPServer", "SignInPresentation", "SignInEmulator", "SignInDemoAdapters",
                "SignInEmbeddedStore", "SignInEmbeddedIssuers",
            ]
        ),

        // Checks SignInCrypto's RS256 and ES256 verification against Wycheproof's and NIST's vectors and against
        // Python's `cryptography` (run by Examples/crypto-vectors/run in CI). Not a product.
        .executableTarget(name: "signin-crypto-vectors", dependencies: ["SignInCrypto"], path: "Tools/CryptoVectors"),

        .testTarget(name: "SignInDomainTests", dependencies: ["SignInDomain", "SignInTesting"]),
        .testTarget(name: "SignInTests", dependencies: ["SignIn", "SignInTesting"]),
        .testTarget(name: "SignInCryptoTests", dependencies: ["SignInLocking", "SignInCrypto"]),
        .testTarget(name: "SignInWebAuthnTests", dependencies: ["SignInWebAuthn", "SignInCrypto"]),
        .testTarget(name: "SignInFileSystemTests", dependencies: ["SignInFileSystem", "SignInTesting"]),
        .testTarget(name: "SignInHTTPServerTests", dependencies: ["SignInLocking", "SignInHTTPServer"]),
        .testTarget(name: "SignInPresentationTests", dependencies: ["SignInPresentation", "SignInTesting"]),
        .testTarget(name: "SignInDataTests", dependencies: ["SignInDataTesting", "SignInData", "SignInTesting"]),
        .testTarget(
            name: "SignInFirebaseTests", dependencies: ["SignInDataTesting", "SignInFirebase", "SignInTesting"]),
        .testTarget(name: "SignInRESTTests", dependencies: ["SignInDataTesting", "SignInREST", "SignInTesting"]),
        .testTarget(
            name: "SignInInfrastructureTests",
            dependencies: [
                "SignInLocking", "SignInInfrastructure", "SignInCrypto", "SignInTesting", "SignInInfrastructureTesting",
            ]
        ),
        .testTarget(name: "SignInJOSETests", dependencies: ["SignInJOSE", "SignInCrypto"]),
        .testTarget(
            name: "SignInEmbeddedBackendTests",
            dependencies: [
                "SignInEmbeddedBackend", "SignInEmulator", "SignInSQLite", "SignInJOSE", "SignInCrypto",
                "SignInTesting", "SignInDataTesting", "SignInDemoTrace", "SignInEmbeddedStore", "SignInEmbeddedIssuers",
                "SignInWebAuthn", "SignInLocking",
            ]
        ),
        .testTarget(
            name: "SignInTestingTests",
            dependencies: ["SignInLocking", "SignInTesting", "SignInDataTesting", "SignInInfrastructureTesting"]
        ),
        .testTarget(
            name: "SignInDemoAdaptersTests",
            dependencies: [
                "SignInLocking",
                "SignInDemoAdapters", "SignInDemoTrace", "SignInInfrastructure", "SignInPresentation", "SignInData",
                "SignInCrypto", "SignInTesting", "SignInDataTesting",
            ]
        ),
        .testTarget(
            name: "signin-demoTests",
            dependencies: [
                "SignInLocking",
                "signin-demo", "SignInDemoCLI", "SignInFirebase", "SignInTesting", "SignInDataTesting",
                "SignInDemoTrace", "SignInDemoAdapters", "SignInEmbeddedIssuers", "SignInInfrastructure",
            ]
        ),
        .testTarget(
            name: "SignInEndToEndTests",
            dependencies: [
                "SignInLocking",
                "signin-demo", "SignInDemoCLI", "SignInDomain", "SignInData", "SignInInfrastructure",
                "SignInEmbeddedBackend", "SignInJOSE",
                "SignInCrypto", "SignInTesting", "SignInFirebase", "SignInHTTPServer", "SignInPresentation",
                "SignInEmulator", "SignInDemoAdapters", "SignInDataTesting", "SignInInfrastructureTesting",
                "SignInDemoTrace", "SignInEmbeddedStore",
            ]
        ),
    ]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + sharedSettings
}
