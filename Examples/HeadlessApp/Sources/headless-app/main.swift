import Foundation
import HeadlessApp

// A headless app on Firebase, or on its Auth emulator, as the environment says: a guest becomes an email account.
let environment = ProcessInfo.processInfo.environment
let sessionFile = environment["HEADLESS_APP_SESSION_FILE"] ?? NSTemporaryDirectory() + "headless-app/session.json"
let email = "headless-\(UInt32.random(in: .min ... .max))@example.com"
do {
    let viewModel = try AppRoot.firebase(environment: environment, sessionFile: sessionFile)
    let uid = try await GuestUpgradeFlow(viewModel: viewModel).run(email: email, password: "correct horse battery")
    print("OK: the guest's account \(uid) now signs in with email and password")
} catch {
    FileHandle.standardError.write(Data("headless-app: FAILED: \(FlowFailure(explaining: error))\n".utf8))
    exit(1)
}
