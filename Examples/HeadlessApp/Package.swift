// swift-tools-version: 6.0
// An app that uses the sign-in package as any app would: by path, through its library products only.
import PackageDescription

/// The sign-in package. `name:` makes its products `package: "SignIn"` whatever the clone's folder is called
/// (a path dependency's identity is otherwise the folder's name).
let signIn = "SignIn"

let package = Package(
    name: "HeadlessApp",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: signIn, path: "../..")],
    targets: [
        // The app: its composition root (AppRoot.swift) and the flow it runs.
        .target(
            name: "HeadlessApp",
            dependencies: [
                .product(name: "SignInDomain", package: signIn),
                .product(name: "SignInPresentation", package: signIn),
                .product(name: "SignInData", package: signIn),
                .product(name: "SignInInfrastructure", package: signIn),
                .product(name: "SignInFirebase", package: signIn),
            ]
        ),
        .executableTarget(name: "headless-app", dependencies: ["HeadlessApp"]),
        .testTarget(
            name: "HeadlessAppTests",
            dependencies: [
                "HeadlessApp",
                .product(name: "SignInTesting", package: signIn),
                .product(name: "SignInDataTesting", package: signIn),
            ]
        ),
    ]
)
