import Foundation
import SignInDomain
import SignInInfrastructure
import Testing

/// The rule behind `AuthorizationControllerAuthorizer`: one authorization, one result, whatever the delegate does.
@Suite("AuthorizationResultBridge: resumed exactly once")
struct AuthorizationResultBridgeTests {
    static let authorized = AppleIDAuthorizationResult.authorized(
        AppleIDAuthorization(user: "001.apple", identityToken: Data("token".utf8)))

    @Test("the first callback is the result; a second one is ignored")
    func firstCallbackWins() async {
        let bridge = AuthorizationResultBridge()
        let result = await bridge.result {
            #expect(bridge.resolve(Self.authorized))
            #expect(!bridge.resolve(.failed(.failed("a late error"))))
        }
        #expect(result == Self.authorized)
        #expect(!bridge.resolve(.failed(.canceled)))
    }

    @Test("the user's cancel (1001) arrives as a cancel")
    func cancel() async {
        let bridge = AuthorizationResultBridge()
        let result = await bridge.result {
            bridge.resolve(.failed(AppleIDAuthorizationFailure(code: 1001, message: "")))
        }
        #expect(result == .failed(.canceled))
    }

    @Test("a controller released without calling back ends the wait")
    func releasedWithoutCallback() async {
        final class Owner: Sendable {
            // What the shell's delegate does in its deinit.
            let bridge: AuthorizationResultBridge
            init(_ bridge: AuthorizationResultBridge) { self.bridge = bridge }
            deinit { bridge.resolve(AuthorizationResultBridge.endedWithoutAnswer) }
        }
        let bridge = AuthorizationResultBridge()
        let result = await bridge.result {
            var owner: Owner? = Owner(bridge)
            #expect(owner != nil)
            owner = nil
        }
        #expect(result == AuthorizationResultBridge.endedWithoutAnswer)
    }

    @Test("a cancelled task gets a cancel at once, and the late callback is ignored")
    func cancelledTask() async {
        let bridge = AuthorizationResultBridge()
        let started = AsyncStream<Void>.makeStream()
        let waiting = Task { await bridge.result { started.continuation.yield() } }
        for await _ in started.stream { break }
        waiting.cancel()
        #expect(await waiting.value == .failed(.canceled))
        #expect(!bridge.resolve(Self.authorized))
    }

    @Test("a callback before the wait, and a task cancelled before it starts, are each delivered once")
    func earlyAnswers() async {
        let early = AuthorizationResultBridge()
        early.resolve(Self.authorized)
        #expect(await early.result { Issue.record("the UI must not be presented again") } == Self.authorized)

        let bridge = AuthorizationResultBridge()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await bridge.result { Issue.record("a cancelled task must not present the UI") }
        }
        #expect(await task.value == .failed(.canceled))
    }

    @Test("the system's values map as the mapper expects: name parts, error codes, credential states")
    func systemValues() {
        var parts = PersonNameComponents()
        parts.givenName = "Jane"
        parts.familyName = "Appleseed"
        let authorization = AppleIDAuthorization(
            user: "u", identityToken: nil, authorizationCode: nil, nameComponents: parts,
            email: "j@privaterelay.appleid.com")
        #expect(authorization.fullName == PersonName(givenName: "Jane", familyName: "Appleseed"))
        let noName = AppleIDAuthorization(
            user: "u", identityToken: nil, authorizationCode: nil, nameComponents: PersonNameComponents(), email: nil)
        #expect(noName.fullName == nil)

        let domain = "com.apple.AuthenticationServices.AuthorizationError"
        #expect(AppleIDAuthorizationFailure(error: NSError(domain: domain, code: 1001)) == .canceled)
        let failed = AppleIDAuthorizationFailure(
            error: NSError(domain: domain, code: 1004, userInfo: [NSLocalizedDescriptionKey: "no network"]))
        #expect(failed == .failed("no network"))
        if case .other(let code, _) = AppleIDAuthorizationFailure(error: NSError(domain: domain, code: 1000)) {
            #expect(code == 1000)
        } else {
            Issue.record("1000 is not a cancel or a failure")
        }
        // Another domain's 1001 is not the user's cancel; the controller gone without an answer is not code 1000.
        #expect(
            AppleIDAuthorizationFailure(error: NSError(domain: "WKErrorDomain", code: 1001))
                == .foreign(
                    domain: "WKErrorDomain", code: 1001,
                    message: NSError(domain: "WKErrorDomain", code: 1001)
                        .localizedDescription))
        #expect(AuthorizationResultBridge.endedWithoutAnswer == .failed(.endedWithoutAnswer))

        #expect(AppleCredentialState(appleIDProviderState: 0) == .revoked)
        #expect(AppleCredentialState(appleIDProviderState: 1) == .authorized)
        #expect(AppleCredentialState(appleIDProviderState: 2) == .notFound)
        #expect(AppleCredentialState(appleIDProviderState: 3) == .notFound)
        #expect(AppleCredentialState(appleIDProviderState: 99) == .notFound)
    }

    @Test("a credential state check that fails says why, with Apple's domain and code, and is never a revocation")
    func credentialCheckFailure() {
        let offline = NSError(domain: NSURLErrorDomain, code: -1009)
        guard case .network(let reason) = AppleCredentialState.checkFailure(offline) else {
            Issue.record("offline is not a network error: \(AppleCredentialState.checkFailure(offline))")
            return
        }
        #expect(reason.contains("NSURLErrorDomain -1009"))
        let apple = NSError(domain: AppleIDAuthorizationFailure.authorizationErrorDomain, code: 1000)
        guard case .uiClientFailed(.apple, let said) = AppleCredentialState.checkFailure(apple) else {
            Issue.record("Apple's error: \(AppleCredentialState.checkFailure(apple))")
            return
        }
        #expect(said.contains("ASAuthorizationError 1000"))
        #expect(AppleCredentialState.checkFailure(AuthError.notSignedIn) == .notSignedIn)
    }
}
