// The Apple-only adapters of SignInInfrastructure, run on Linux against the behaving stand-ins of Tools/AppleStandIns:
// completion handlers on a queue of the system's, delegate callbacks on the main thread, cancel ending with a cancel
// callback, and the error domains and codes iOS 18 sends. Built and run by .ci/apple-behaviour, with Swift 6's
// run-time isolation checks: a closure that the system calls off the main thread but that Swift took for main-actor
// code stops the process, as it stops an app.
import AuthenticationServices
import Foundation
import Security
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
    StandInAuthorization.reset()
    StandInKeychain.reset()
    StandInAppleIDProvider.reset()
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

/// Waits, a bounded number of turns, until `condition` holds.
@MainActor
func waitUntil(_ what: String, line: Int = #line, _ condition: @MainActor () -> Bool) async {
    for _ in 0..<100_000 where !condition() { await Task.yield() }
    expect(condition(), "never: \(what)", line: line)
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
    await waitUntil("the sheet is up") { !StandInWebSession.started.isEmpty }
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

// MARK: - The authorization sheet (ASAuthorizationController): Sign in with Apple and passkeys

/// An authorization whose credential is an Apple ID credential with this token, as the system makes one.
final class AppleAuthorization: ASAuthorization {
    final class Credential: ASAuthorizationAppleIDCredential {
        override var user: String { "001234.apple-user" }
        override var identityToken: Data? { Data("header.payload.signature".utf8) }
    }
    override var credential: any ASAuthorizationCredential { Credential() }
}

let appleRequest = AppleIDRequest(scopes: [.email], nonce: "hashed-nonce")

await test("Sign in with Apple: the delegate's answer on the main thread reaches the app") {
    StandInAuthorization.outcome = .authorization(AppleAuthorization())
    let result = await AuthorizationControllerAuthorizer { UIWindow() }.authorize(appleRequest)
    guard case .authorized(let authorization) = result else { return expect(false, "the result: \(result)") }
    expect(authorization.user == "001234.apple-user", "the user: \(authorization.user)")
    expect(StandInAuthorization.alive.isEmpty, "the system let go of the controller after its callback")
}

await test("a cancelled task closes the Apple sheet, and the app gets the cancel") {
    StandInAuthorization.outcome = .never
    let waiting = Task { await AuthorizationControllerAuthorizer { UIWindow() }.authorize(appleRequest) }
    await waitUntil("the sheet is up") { !StandInAuthorization.alive.isEmpty }
    waiting.cancel()
    let result = await waiting.value
    expect(result == .failed(.canceled), "the result: \(result)")
    await waitUntil("the system lets go of the controller") { StandInAuthorization.alive.isEmpty }
    expect(StandInAuthorization.cancelCount == 1, "the sheet closed: \(StandInAuthorization.cancelCount)")
}

await test("a controller the system lets go of without an answer is told apart from code 1000") {
    StandInAuthorization.outcome = .releasedWithoutAnswer
    let result = await AuthorizationControllerAuthorizer { UIWindow() }.authorize(appleRequest)
    expect(result == .failed(.endedWithoutAnswer), "the result: \(result)")
    StandInAuthorization.outcome = .error(ASAuthorizationError(.unknown))
    let unknown = await AuthorizationControllerAuthorizer { UIWindow() }.authorize(appleRequest)
    guard case .failed(.other(1000, _)) = unknown else { return expect(false, "code 1000: \(unknown)") }
}

await test("an error of another domain is never read as the user's cancel") {
    StandInAuthorization.outcome = .error(NSError(domain: "WKErrorDomain", code: 1001))
    let result = await AuthorizationControllerAuthorizer { UIWindow() }.authorize(appleRequest)
    guard case .failed(.foreign("WKErrorDomain", 1001, _)) = result else { return expect(false, "\(result)") }
}

let assertion = PasskeyAssertionRequest(
    relyingPartyID: "example.com", challenge: [1, 2, 3], allowedCredentialIDs: [], requiresUserVerification: true)
let creation = PasskeyCreationRequest(
    relyingPartyID: "example.com", relyingPartyName: "Example", userID: [7], userName: "ada@example.com",
    userDisplayName: "Ada", challenge: [4, 5, 6], excludedCredentialIDs: [[9]])

await test("a device without a passkey says so at once, asking only for its own passkeys (iOS 18 ends with 1001)") {
    StandInAuthorization.outcome = .noCredentialAvailable
    do throws(AuthError) {
        let outcome = try await PlatformPasskeyAuthenticator { UIWindow() }.assert(assertion)
        expect(false, "answered \(outcome)")
    } catch {
        expect(error == .noPasskeyAvailable, "the error: \(error)")
    }
    expect(StandInAuthorization.performed == [.preferImmediatelyAvailableCredentials], "the options")
}

await test("the user's cancel of a passkey sheet that was shown is a cancel, not \"no passkey\"") {
    StandInAuthorization.outcome = .error(ASAuthorizationError(.canceled))
    let outcome = try await PlatformPasskeyAuthenticator { UIWindow() }.assert(assertion)
    expect(outcome == .cancelled, "the outcome: \(outcome)")
}

await test("a passkey the device already holds, reported in WebKit's domain (code 8), is \"already registered\"") {
    StandInAuthorization.outcome = .error(NSError(domain: "WKErrorDomain", code: 8))
    do throws(AuthError) {
        let outcome = try await PlatformPasskeyAuthenticator { UIWindow() }.register(creation)
        expect(false, "answered \(outcome)")
    } catch {
        expect(error == .passkeyAlreadyRegistered, "the error: \(error)")
    }
}

await test("iOS 18's 1000 for a registration that excluded the account's passkeys is \"already registered\"") {
    StandInAuthorization.outcome = .error(ASAuthorizationError(.unknown))
    do throws(AuthError) {
        let outcome = try await PlatformPasskeyAuthenticator { UIWindow() }.register(creation)
        expect(false, "answered \(outcome)")
    } catch {
        expect(error == .passkeyAlreadyRegistered, "the error: \(error)")
    }
    // With nothing excluded, 1000 stays an unknown failure.
    var first = creation
    first.excludedCredentialIDs = []
    do throws(AuthError) {
        let outcome = try await PlatformPasskeyAuthenticator { UIWindow() }.register(first)
        expect(false, "answered \(outcome)")
    } catch {
        guard case .uiClientFailed(.passkey, let reason) = error else { return expect(false, "the error: \(error)") }
        expect(reason.contains("ASAuthorizationError 1000"), "the reason: \(reason)")
    }
}

await test("a cancelled task closes the passkey sheet: nothing the user finishes afterwards is left on the device") {
    StandInAuthorization.outcome = .never
    let waiting = Task { try await PlatformPasskeyAuthenticator { UIWindow() }.register(creation) }
    await waitUntil("the sheet is up") { !StandInAuthorization.alive.isEmpty }
    waiting.cancel()
    let outcome = try await waiting.value
    expect(outcome == .cancelled, "the outcome: \(outcome)")
    await waitUntil("the system lets go of the controller") { StandInAuthorization.alive.isEmpty }
    expect(StandInAuthorization.cancelCount == 1, "the sheet closed: \(StandInAuthorization.cancelCount)")
}

await test("with no window to show a sheet over, nothing shows and each sign-in says so") {
    StandInAuthorization.outcome = .authorization(AppleAuthorization())
    let apple = await AuthorizationControllerAuthorizer { nil }.authorize(appleRequest)
    expect(apple == .failed(.noWindow), "Apple: \(apple)")
    do throws(AuthError) {
        _ = try await PlatformPasskeyAuthenticator { nil }.assert(assertion)
        expect(false, "the passkey sheet answered")
    } catch {
        expect(error == .uiClientFailed(.passkey, reason: "no window to show the sheet over"), "passkeys: \(error)")
    }
    expect(StandInAuthorization.performed.isEmpty, "a controller ran: \(StandInAuthorization.performed)")
    StandInWebSession.outcome = .redirect(URL(string: "com.example.app:/oauth2redirect?code=c")!)
    let web = WebAuthenticationSessionBrowser(
        provider: ProviderType(rawValue: "oidc.corp"), redirectURI: "com.example.app:/oauth2redirect",
        callbackScheme: "com.example.app"
    ) { nil }
    do {
        _ = try await web.authorize(page: page)
        expect(false, "the web sheet answered")
    } catch AuthError.uiClientFailed(_, let reason) {
        expect(reason == "no window to show the sheet over", "web: \(reason)")
    }
    expect(StandInWebSession.started.isEmpty, "a web session started")
}

// MARK: - Apple's credential state (ASAuthorizationAppleIDProvider)

await test("Apple's credential state, answered on a queue of the system's, reaches the app as each state") {
    let states: [(ASAuthorizationAppleIDProvider.CredentialState, AppleCredentialState)] = [
        (.authorized, .authorized), (.revoked, .revoked), (.notFound, .notFound), (.transferred, .notFound),
    ]
    for (apple, expected) in states {
        StandInAppleIDProvider.state = apple
        let state = try await AppleIDProviderCredentialChecker().credentialState(forUserID: "001234.apple-user")
        expect(state == expected, "\(apple): \(state)")
    }
    expect(StandInAppleIDProvider.asked == Array(repeating: "001234.apple-user", count: 4), "asked for the user")
}

await test("a credential state check that cannot reach Apple is a network error, never a revocation") {
    StandInAppleIDProvider.state = .revoked
    StandInAppleIDProvider.error = NSError(domain: NSURLErrorDomain, code: -1009)
    do throws(AuthError) {
        let state = try await AppleIDProviderCredentialChecker().credentialState(forUserID: "001234.apple-user")
        expect(false, "answered \(state)")
    } catch {
        guard case .network(let reason) = error else { return expect(false, "the error: \(error)") }
        expect(reason.contains("NSURLErrorDomain -1009"), "the reason: \(reason)")
    }
}

await test("Apple's revocation notice, posted on another thread, reaches the app's stream") {
    let center = NotificationCenter()
    let notices = AppleCredentialRevocations.notifications(center: center)
    let received = Task { () -> Bool in
        for await _ in notices { return true }
        return false
    }
    await Task.yield()
    DispatchQueue.global().async {
        center.post(name: ASAuthorizationAppleIDProvider.credentialRevokedNotification, object: nil)
    }
    expect(await received.value, "the notice never came")
}

// MARK: - The Keychain (SecItem…)

await test("a session item another process adds between the update and the add is updated, not lost") {
    let item = KeychainItemID(service: "app", account: "session", accessGroup: "TEAMID.com.example.app")
    // The update finds nothing; before the add, an app extension adds the item (the stand-in then answers the add
    // with errSecDuplicateItem, as the Keychain does).
    StandInKeychain.answers = [errSecItemNotFound]
    StandInKeychain.items[.init(service: "app", account: "session", group: "TEAMID.com.example.app")] = Data([9])
    let status = SecItemKeychain().write([1, 2, 3], to: item)
    expect(status == KeychainStatus(rawValue: errSecSuccess), "the status: \(status)")
    expect(StandInKeychain.calls == ["update", "add", "update"], "the calls: \(StandInKeychain.calls)")
    expect(SecItemKeychain().read(item) == .found([1, 2, 3], accessGroup: "TEAMID.com.example.app"), "not written")
}

await test("the app-only session stays out of the shared default group, and one kept there is moved, not lost") {
    StandInKeychain.groups = ["TEAMID.shared", "TEAMID.com.example.app"]
    let session = UserSession(
        uid: "u1", email: "a@example.com", providerIds: [.emailPassword],
        tokens: SessionTokens(
            idToken: Secret("id"), refreshToken: Secret("refresh"),
            expiresAt: Date(timeIntervalSince1970: 2_000_000_000)))
    // An earlier version named no group: its session is in the shared group.
    try await KeychainSessionStore(service: "com.example.app", keychain: SecItemKeychain()).save(session)
    expect(StandInKeychain.items.keys.map(\.group) == ["TEAMID.shared"], "saved in \(StandInKeychain.items.keys)")
    let appOnly = PlatformStorage.appOnlyKeychainGroup(info: [
        "AppIdentifierPrefix": "TEAMID.", "CFBundleIdentifier": "com.example.app",
    ])
    let store = KeychainSessionStore(service: "com.example.app", accessGroup: appOnly, keychain: SecItemKeychain())
    expect(try await store.load() == session, "the session was not read back")
    expect(StandInKeychain.items.keys.map(\.group) == ["TEAMID.com.example.app"], "in \(StandInKeychain.items.keys)")
    try await store.clear()
    expect(StandInKeychain.items.isEmpty, "left after a sign-out: \(StandInKeychain.items.keys)")
    expect(try await store.load() == nil, "a signed-out session came back")
}

print("apple behaviour: \(passed) passed, \(failures.count) failed")
for failure in failures { print("  \(failure)") }
exit(failures.isEmpty ? 0 : 1)
