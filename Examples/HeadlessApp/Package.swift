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
        // The flow the app runs, through the screen's view model, whichever way it was wired.
        .target(
            name: "HeadlessFlow",
            dependencies: [
                .product(name: "SignInDomain", package: signIn),
                .product(name: "SignInPresentation", package: signIn),
                .product(name: "SignInFirebase", package: signIn),
            ]
        ),
        // The composition root in one call: one import, `SignInClient` (AppRoot.swift).
        .target(name: "HeadlessApp", dependencies: [.product(name: "SignIn", package: signIn)]),
        // The same composition root layer by layer, for a team that swaps pieces (LayeredAppRoot.swift).
        .target(
            name: "HeadlessAppLayers",
            dependencies: [
                .product(name: "SignInDomain", package: signIn),
                .product(name: "SignInPresentation", package: signIn),
                .product(name: "SignInData", package: signIn),
                .product(name: "SignInInfrastructure", package: signIn),
                .product(name: "SignInFirebase", package: signIn),
            ]
        ),
        .executableTarget(name: "headless-app", dependencies: ["HeadlessApp", "HeadlessAppLayers", "HeadlessFlow"]),
        .testTarget(
            name: "HeadlessAppTests",
            dependencies: [
                "HeadlessApp", "HeadlessAppLayers", "HeadlessFlow",
                .product(name: "SignInTesting", package: signIn),
                .product(name: "SignInDataTesting", package: signIn),
            ]
        ),
    ]
)
