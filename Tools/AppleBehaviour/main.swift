// The Apple-only adapters of SignInInfrastructure, run on Linux against the behaving stand-ins of Tools/AppleStandIns:
// completion handlers on a queue of the system's, delegate callbacks on the main thread, cancel ending with a cancel
// callback, and the error domains and codes iOS 18 sends. Built and run by .ci/apple-behaviour, with Swift 6's
// run-time isolation checks: a closure that the system calls off the main thread but that Swift took for main-actor
// code stops the process, as it stops an app.
import AuthenticationServices
import Foundation
import SignInData
import SignInDomain
import SignInInfrastructure
import UIKit

var failures: [String] = []
var passed = 0

/// Records a failed expectation.
@MainActor
func expect(_ condition: Bool, _ what: String, line: Int = #line) {
    if !condition { failures.append("line \(line): \(what)") }
}

/// Runs one test.
@MainActor
func test(_ name: String, _ body: @MainActor () async throws -> Void) async {
    StandInWebSession.reset()
    let before = failures.count
    do {
        try await body()
    } catch {
        failures.append("\(name): threw \(error)")
    }
    if failures.count == before {
        passed += 1
        print("passed: \(name)")
    } else {
        print("FAILED: \(name)")
    }
}

// MARK: - The web sign-in sheet (ASWebAuthenticationSession)

@MainActor
func browser() -> WebAuthenticationSessionBrowser {
    WebAuthenticationSessionBrowser(
        provider: ProviderType(rawValue: "oidc.corp"), redirectURI: "com.example.app:/oauth2redirect",
        callbackScheme: "com.example.app"
    ) { UIWindow() }
}

let page: @Sendable (String) -> URL = { _ in URL(string: "https://idp.example/authorize?client_id=app")! }

await test("the redirect, which the system reports on a queue of its own, reaches the app") {
    let redirect = URL(string: "com.example.app:/oauth2redirect?code=c1&state=s1")!
    StandInWebSession.outcome = .redirect(redirect)
    let answer = try await browser().authorize(page: page)
    expect(answer?.url == redirect, "the redirect: \(String(describing: answer))")
    expect(answer?.redirectURI == "com.example.app:/oauth2redirect", "the redirect URI")
}

await test("the user's cancel is no answer, not an error") {
    StandInWebSession.outcome = .error(ASWebAuthenticationSessionError(.canceledLogin))
    let answer = try await browser().authorize(page: page)
    expect(answer == nil, "a cancel: \(String(describing: answer))")
}

await test("a cancelled task closes the sheet, and the wait ends") {
    StandInWebSession.outcome = .never
    let browser = browser()
    let waiting = Task { try await browser.authorize(page: page) }
    while StandInWebSession.started.isEmpty { await Task.yield() }
    waiting.cancel()
    let answer = try await waiting.value
    expect(answer == nil, "no answer after a cancel")
    expect(StandInWebSession.cancelCount == 1, "the sheet closed once: \(StandInWebSession.cancelCount)")
}

await test("each web-session error is told apart: a missing window, another domain, a session that cannot start") {
    let cases: [(any Error, String)] = [
        (ASWebAuthenticationSessionError(.presentationContextNotProvided), "no window to show the sheet over"),
        (ASWebAuthenticationSessionError(.presentationContextInvalid), "no window to show the sheet over"),
        (NSError(domain: NSURLErrorDomain, code: -1009), "NSURLErrorDomain -1009"),
        (NSError(domain: ASWebAuthenticationSessionError.errorDomain, code: 99), "ASWebAuthenticationSessionError 99"),
    ]
    for (error, reason) in cases {
        StandInWebSession.outcome = .error(error)
        do {
            let answer = try await browser().authorize(page: page)
            expect(false, "\(reason): answered \(String(describing: answer))")
        } catch AuthError.uiClientFailed(let provider, let said) {
            expect(provider.rawValue == "oidc.corp" && said.contains(reason), "\(reason): said \(said)")
        }
    }
    StandInWebSession.startSucceeds = false
    do {
        _ = try await browser().authorize(page: page)
        expect(false, "a session that cannot start answered")
    } catch AuthError.openIDConnect(_, let failure) {
        expect(failure == .redirectUnavailable, "cannot start: \(failure)")
    }
}

await test("a sheet nobody finishes closes at the timeout, and the sign-in says it timed out") {
    StandInWebSession.outcome = .never
    let browser = WebAuthenticationSessionBrowser(
        provider: ProviderType(rawValue: "oidc.corp"), redirectURI: "com.example.app:/oauth2redirect",
        callbackScheme: "com.example.app", timeout: 0.05
    ) { UIWindow() }
    do {
        _ = try await browser.authorize(page: page)
        expect(false, "answered without a redirect")
    } catch AuthError.openIDConnect(_, let failure) {
        expect(failure == .timedOut, "the failure: \(failure)")
    }
    expect(StandInWebSession.cancelCount == 1, "the sheet closed: \(StandInWebSession.cancelCount)")
}

print("apple behaviour: \(passed) passed, \(failures.count) failed")
for failure in failures { print("  \(failure)") }
exit(failures.isEmpty ? 0 : 1)
