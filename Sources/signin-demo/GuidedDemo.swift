import Foundation
import SignInData
import SignInDomain

/// The no-argument demo: seed 001's Apple flow step by step, then what makes a session last: restore on a
/// relaunch, refresh after expiry (with rotation), and an authorized call to the app's API.
@MainActor
struct GuidedDemo {
    let console: Console
    let paths: DataPaths
    let invocation: Invocation

    func run() async -> ExitCode {
        let clock = ShiftedClock()
        let tracer = ConsoleFlowTracer(write: console.out)
        func root() -> CompositionRoot {
            CompositionRoot(paths: paths, invocation: invocation, console: console, tracer: tracer, clock: clock)
        }
        console.out("signin-demo: the embedded backend runs in-process; data folder \(paths.root)\n")

        section("1. Launch: restore the stored session (RestoreSessionUseCase)")
        let first = root()
        switch try? await first.restoreSession() {
        case .restored(let session)?, .refreshed(let session)?:
            console.out("   found the session of \(session.uid) from an earlier run; signing in again anyway\n")
        case .discarded(let movedTo, _)?:
            console.out("   the stored session was unreadable and was kept as \(movedTo)\n")
        default:
            console.out("   no stored session: signed out\n")
        }

        section("2. Sign in with Apple (seed 001's flow)")
        tracer.record(.ui, "signin-demo", "the user taps \"Sign in with Apple\"")
        tracer.record(.ui, "SignInScreen.onAppleClick", "the screen forwards the tap to the view model")
        let code = await signInWithApple(first, console: console, showSession: false)
        guard code == .success, let signedIn = first.viewModel.state.session else { return code }
        console.out("\n" + SessionFormatter.describe(signedIn))

        section("3. Relaunch: a new process restores the session from \(paths.sessionFile)")
        let relaunched = root()
        guard case .restored(let restored)? = try? await relaunched.restoreSession(), restored.uid == signedIn.uid
        else {
            console.err("signin-demo: the session was not restored after a relaunch.\n")
            return .failure
        }
        console.out("   restored \(restored.uid): the same user, no sign-in needed\n")

        section("4. An hour later: the ID token has expired, so restore refreshes it")
        clock.advance(by: 3700)
        let later = root()
        guard case .refreshed(let refreshed)? = try? await later.restoreSession() else {
            console.err("signin-demo: the expired session was not refreshed.\n")
            return .failure
        }
        console.out("   new ID token, expires \(refreshed.tokens.expiresAt.formatted(.iso8601))\n")
        do {
            _ = try later.backend.identityService.refreshSession(refreshToken: signedIn.tokens.refreshToken)
            console.err("signin-demo: the old refresh token still works; rotation failed.\n")
            return .failure
        } catch {
            console.out("   the previous refresh token is refused now (\(error.code.rawValue)): tokens rotate\n")
        }

        section("5. Call the app's API as the signed-in user (AuthorizedAPIClient, GET /v1/me)")
        do {
            let response = try await later.apiClient.send(
                HTTPRequest(url: URL(string: "https://api.signin-demo.invalid/v1/me")!))
            console.out("   HTTP \(response.status): \(String(decoding: response.body, as: UTF8.self))\n")
        } catch {
            console.err("signin-demo: the API call failed: \(error)\n")
            return .failure
        }

        console.out(
            "\nDone: signed in as \(refreshed.uid) (\(refreshed.providerIds.map(\.rawValue).joined(separator: ", "))).\n"
                + "Try 'signin-demo status' and 'signin-demo sign-out'; they share this data folder.\n")
        return .success
    }

    private func section(_ title: String) {
        console.out("\n== \(title)\n")
    }
}
