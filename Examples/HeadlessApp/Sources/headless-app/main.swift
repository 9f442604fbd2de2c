import Foundation
import HeadlessApp
import HeadlessAppLayers
import HeadlessFlow

// A headless app on Firebase, or on its Auth emulator, as the environment says: a guest becomes an email account.
// `--layers` wires it layer by layer (LayeredAppRoot) instead of in one call (AppRoot).
let environment = ProcessInfo.processInfo.environment
let layers = CommandLine.arguments.dropFirst().first == "--layers"
let sessionFile = environment["HEADLESS_APP_SESSION_FILE"] ?? NSTemporaryDirectory() + "headless-app/session.json"
let email = "headless-\(UInt32.random(in: .min ... .max))@example.com"
do {
    let viewModel =
        layers
        ? try LayeredAppRoot.firebase(environment: environment, sessionFile: sessionFile)
        : try AppRoot.firebase(environment: environment, sessionFile: sessionFile).viewModel
    let uid = try await GuestUpgradeFlow(viewModel: viewModel).run(email: email, password: "correct horse battery")
    print("OK (\(layers ? "layer by layer" : "SignInClient")): the guest's account \(uid) now signs in with email")
} catch {
    FileHandle.standardError.write(Data("headless-app: FAILED: \(FlowFailure(explaining: error))\n".utf8))
    exit(1)
}
