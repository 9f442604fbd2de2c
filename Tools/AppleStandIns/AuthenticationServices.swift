// Stand-in for the part of Apple's AuthenticationServices that the Apple-only files of this repository use, so that
// CI can type-check them on Linux, and run them (.ci/apple-behaviour) where the stand-in behaves as Apple documents.
// Declarations follow Apple's documentation (Objective-C optional requirements become requirements with empty
// defaults; the delegate protocols are `@MainActor`, as the iOS 18 SDK declares them). The `@available(…,
// unavailable)` marks are Apple's: Linux ignores them, and they are the reference of the platform guards. Never
// part of a product: see Tools/AppleStandIns/README.md.
import Foundation
import UIKit

@available(watchOS, unavailable)
public typealias ASPresentationAnchor = UIWindow

public struct ASAuthorizationError: CustomNSError, Hashable, Sendable {
    public struct Code: RawRepresentable, Hashable, Sendable {
        public var rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let unknown = Code(rawValue: 1000)
        public static let canceled = Code(rawValue: 1001)
        public static let invalidResponse = Code(rawValue: 1002)
        public static let notHandled = Code(rawValue: 1003)
        public static let failed = Code(rawValue: 1004)
        public static let notInteractive = Code(rawValue: 1005)
    }
    public static let errorDomain = "com.apple.AuthenticationServices.AuthorizationError"
    public var code: Code
    public init(_ code: Code) { self.code = code }
    // As Apple's, it bridges to an `NSError` of its domain and code.
    public var errorCode: Int { code.rawValue }
}

public protocol ASAuthorizationCredential: NSObjectProtocol {}

open class ASAuthorizationRequest: NSObject {}

open class ASAuthorizationOpenIDRequest: ASAuthorizationRequest {
    open var requestedScopes: [ASAuthorization.Scope]? = nil
    open var nonce: String? = nil
}

open class ASAuthorizationAppleIDRequest: ASAuthorizationOpenIDRequest {}

open class ASAuthorization: NSObject {
    public struct Scope: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let fullName = Scope(rawValue: "full_name")
        public static let email = Scope(rawValue: "email")
    }
    open var credential: any ASAuthorizationCredential { fatalError("stand-in") }
}

open class ASAuthorizationAppleIDCredential: NSObject, ASAuthorizationCredential {
    open var user: String { fatalError("stand-in") }
    open var identityToken: Data? { nil }
    open var authorizationCode: Data? { nil }
    open var fullName: PersonNameComponents? { nil }
    open var email: String? { nil }
}

open class ASAuthorizationAppleIDProvider: NSObject {
    public enum CredentialState: Int, Sendable {
        case revoked = 0
        case authorized = 1
        case notFound = 2
        case transferred = 3
    }
    public class var credentialRevokedNotification: NSNotification.Name {
        NSNotification.Name("ASAuthorizationAppleIDProviderCredentialRevokedNotification")
    }
    public override init() {}
    open func createRequest() -> ASAuthorizationAppleIDRequest { ASAuthorizationAppleIDRequest() }
    /// As Apple's: asks Apple's servers, and answers on a queue of the system's, never the main one.
    open func getCredentialState(
        forUserID userID: String, completion: @escaping (CredentialState, (any Error)?) -> Void
    ) {
        StandInAppleIDProvider.asked.append(userID)
        let (state, error) = (StandInAppleIDProvider.state, StandInAppleIDProvider.error)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) { completion(state, error) }
    }
    /// The async form Swift makes of `getCredentialState(forUserID:completion:)`.
    open func credentialState(forUserID userID: String) async throws -> CredentialState {
        try await withCheckedThrowingContinuation { continuation in
            getCredentialState(forUserID: userID) { state, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: state) }
            }
        }
    }
}

@MainActor
public protocol ASAuthorizationControllerDelegate: NSObjectProtocol {
    func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization)
    func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error)
}

extension ASAuthorizationControllerDelegate {
    public func authorizationController(
        controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
    ) {}
    public func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: any Error) {}
}

@MainActor
@available(watchOS, unavailable)
public protocol ASAuthorizationControllerPresentationContextProviding: NSObjectProtocol {
    func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor
}

open class ASAuthorizationController: NSObject {
    public struct RequestOptions: OptionSet, Sendable {
        public var rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let preferImmediatelyAvailableCredentials = RequestOptions(rawValue: 1)
    }
    open var authorizationRequests: [ASAuthorizationRequest]
    open weak var delegate: (any ASAuthorizationControllerDelegate)?
    // Properties that Apple marks unavailable somewhere are computed over storage the stand-in's behaviour reads, as
    // Swift allows no availability on stored properties.
    private weak var provider: AnyObject?
    private var askAnchor: (@MainActor (ASAuthorizationController) -> Void)?
    @available(watchOS, unavailable)
    open var presentationContextProvider: (any ASAuthorizationControllerPresentationContextProviding)? {
        get { provider as? any ASAuthorizationControllerPresentationContextProviding }
        set {
            provider = newValue
            askAnchor = { [weak newValue] controller in _ = newValue?.presentationAnchor(for: controller) }
        }
    }
    private var finished = false
    public init(authorizationRequests: [ASAuthorizationRequest]) { self.authorizationRequests = authorizationRequests }
    open func performRequests() { perform(options: []) }
    /// As Apple's: the system keeps the controller until it has called the delegate, on the main thread; with the
    /// sheet up it has asked for the anchor; with `preferImmediatelyAvailableCredentials` and no credential on the
    /// device it ends at once with `canceled` (1001) and shows nothing.
    @available(tvOS, unavailable) @available(watchOS, unavailable)
    open func performRequests(options: RequestOptions) { perform(options: options) }
    private func perform(options: RequestOptions) {
        StandInAuthorization.performed.append(options)
        let outcome = StandInAuthorization.outcome
        if case .releasedWithoutAnswer = outcome { return }
        StandInAuthorization.alive.append(self)
        if case .noCredentialAvailable = outcome, options.contains(.preferImmediatelyAvailableCredentials) {
            finish(.error(ASAuthorizationError(.canceled)))
            return
        }
        if let askAnchor { MainActor.assumeIsolated { askAnchor(self) } }
        switch outcome {
        case .authorization, .error: finish(outcome)
        case .noCredentialAvailable: finish(.error(ASAuthorizationError(.failed)))
        case .never, .releasedWithoutAnswer: break
        }
    }
    /// As Apple's: closes the sheet, and the delegate gets `canceled` (1001).
    open func cancel() {
        StandInAuthorization.cancelCount += 1
        finish(.error(ASAuthorizationError(.canceled)))
    }
    private func finish(_ outcome: StandInAuthorization.Outcome) {
        guard !finished else { return }
        finished = true
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                switch outcome {
                case .authorization(let authorization):
                    self.delegate?.authorizationController(
                        controller: self, didCompleteWithAuthorization: authorization)
                case .error(let error):
                    self.delegate?.authorizationController(controller: self, didCompleteWithError: error)
                default: break
                }
            }
            StandInAuthorization.alive.removeAll { $0 === self }
        }
    }
}

// Passkeys (iOS 15+, macOS 12+; `excludedCredentials` iOS 17.4+, macOS 13.5+): the platform provider, its two
// requests, their credential descriptor and the two credentials it answers with. Apple declares most of these
// properties in protocols the classes conform to (`ASAuthorizationPublicKeyCredentialRegistrationRequest`,
// `ASPublicKeyCredential`, `ASAuthorizationPublicKeyCredentialAssertion`, …); the stand-in declares on each class only
// the ones used, with Apple's Swift types (the assertion's `Data!` among them).
public struct ASAuthorizationPublicKeyCredentialUserVerificationPreference: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let preferred = ASAuthorizationPublicKeyCredentialUserVerificationPreference(rawValue: "preferred")
    public static let required = ASAuthorizationPublicKeyCredentialUserVerificationPreference(rawValue: "required")
}

open class ASAuthorizationPlatformPublicKeyCredentialDescriptor: NSObject {
    public init(credentialID: Data) {}
}

open class ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest: ASAuthorizationRequest {
    open var displayName: String? = nil
    open var userVerificationPreference = ASAuthorizationPublicKeyCredentialUserVerificationPreference.preferred
    private var excluded: [ASAuthorizationPlatformPublicKeyCredentialDescriptor]?
    @available(tvOS, unavailable) @available(visionOS, unavailable)
    open var excludedCredentials: [ASAuthorizationPlatformPublicKeyCredentialDescriptor]? {
        get { excluded }
        set { excluded = newValue }
    }
}

open class ASAuthorizationPlatformPublicKeyCredentialAssertionRequest: ASAuthorizationRequest {
    open var allowedCredentials: [ASAuthorizationPlatformPublicKeyCredentialDescriptor] = []
    open var userVerificationPreference = ASAuthorizationPublicKeyCredentialUserVerificationPreference.preferred
}

@available(watchOS, unavailable)
open class ASAuthorizationPlatformPublicKeyCredentialProvider: NSObject {
    public init(relyingPartyIdentifier: String) {}
    open func createCredentialRegistrationRequest(challenge: Data, name: String, userID: Data)
        -> ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest
    { ASAuthorizationPlatformPublicKeyCredentialRegistrationRequest() }
    open func createCredentialAssertionRequest(challenge: Data)
        -> ASAuthorizationPlatformPublicKeyCredentialAssertionRequest
    { ASAuthorizationPlatformPublicKeyCredentialAssertionRequest() }
}

open class ASAuthorizationPlatformPublicKeyCredentialRegistration: NSObject, ASAuthorizationCredential {
    open var credentialID: Data { fatalError("stand-in") }
    open var rawClientDataJSON: Data { fatalError("stand-in") }
    open var rawAttestationObject: Data? { nil }
}

open class ASAuthorizationPlatformPublicKeyCredentialAssertion: NSObject, ASAuthorizationCredential {
    open var credentialID: Data { fatalError("stand-in") }
    open var rawClientDataJSON: Data { fatalError("stand-in") }
    open var rawAuthenticatorData: Data! { nil }
    open var signature: Data! { nil }
    open var userID: Data! { nil }
}

// ASWebAuthenticationSession (iOS 12+, macOS 10.15+; `Callback` iOS 17.4+, macOS 14.4+): the browser sheet of an
// OpenID Connect sign-in.
@MainActor
@available(tvOS, unavailable) @available(watchOS, unavailable)
public protocol ASWebAuthenticationPresentationContextProviding: NSObjectProtocol {
    func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor
}

public struct ASWebAuthenticationSessionError: CustomNSError, Hashable, Sendable {
    public struct Code: RawRepresentable, Hashable, Sendable {
        public var rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let canceledLogin = Code(rawValue: 1)
        public static let presentationContextNotProvided = Code(rawValue: 2)
        public static let presentationContextInvalid = Code(rawValue: 3)
    }
    public static let errorDomain = "com.apple.AuthenticationServices.WebAuthenticationSession"
    public var code: Code
    public init(_ code: Code) { self.code = code }
    // As Apple's, it bridges to an `NSError` of its domain and code.
    public var errorCode: Int { code.rawValue }
}

open class ASWebAuthenticationSession: NSObject {
    public struct Callback: Sendable {
        public static func customScheme(_ customScheme: String) -> Callback { Callback() }
        public static func https(host: String, path: String) -> Callback { Callback() }
    }
    public typealias CompletionHandler = (URL?, (any Error)?) -> Void
    private let url: URL
    private let completionHandler: CompletionHandler
    private var finished = false
    private let lock = NSLock()
    public init(url URL: URL, callback: Callback, completionHandler: @escaping CompletionHandler) {
        self.url = URL
        self.completionHandler = completionHandler
    }
    private weak var provider: AnyObject?
    private var askAnchor: (@MainActor (ASWebAuthenticationSession) -> Void)?
    @available(tvOS, unavailable) @available(watchOS, unavailable)
    open var presentationContextProvider: (any ASWebAuthenticationPresentationContextProviding)? {
        get { provider as? any ASWebAuthenticationPresentationContextProviding }
        set {
            provider = newValue
            askAnchor = { [weak newValue] session in _ = newValue?.presentationAnchor(for: session) }
        }
    }
    private var ephemeral = false
    @available(tvOS, unavailable)
    open var prefersEphemeralWebBrowserSession: Bool {
        get { ephemeral }
        set { ephemeral = newValue }
    }
    /// As Apple's: asks the provider for the anchor (on the main thread, where `start()` is called), then ends with
    /// the completion handler on a queue of the system's, never the main one; `false` when it cannot start.
    open func start() -> Bool {
        StandInWebSession.started.append(url)
        guard StandInWebSession.startSucceeds else { return false }
        guard let askAnchor, provider != nil else {
            finish(nil, ASWebAuthenticationSessionError(.presentationContextNotProvided))
            return true
        }
        MainActor.assumeIsolated { askAnchor(self) }
        switch StandInWebSession.outcome {
        case .redirect(let redirect): finish(redirect, nil)
        case .error(let error): finish(nil, error)
        case .never: break
        }
        return true
    }
    /// As Apple's: closes the sheet, and the completion handler reports `canceledLogin`.
    open func cancel() {
        StandInWebSession.cancelCount += 1
        finish(nil, ASWebAuthenticationSessionError(.canceledLogin))
    }
    private func finish(_ url: URL?, _ error: (any Error)?) {
        let first = lock.withLock { () -> Bool in
            defer { finished = true }
            return !finished
        }
        guard first else { return }
        let handler = completionHandler
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) { handler(url, error) }
    }
}

// MARK: - Stand-in control (not Apple's API)

/// What the stand-in's web sessions do, scripted by the behaviour tests (`Tools/AppleBehaviour`). Not Apple's API.
public enum StandInWebSession {
    /// How a started session ends.
    public enum Outcome {
        /// The provider redirected to the app's scheme.
        case redirect(URL)
        /// The session failed with this error.
        case error(any Error)
        /// The sheet stays up until `cancel()`.
        case never
    }

    nonisolated(unsafe) public static var outcome = Outcome.never
    nonisolated(unsafe) public static var startSucceeds = true
    nonisolated(unsafe) public static var started: [URL] = []
    nonisolated(unsafe) public static var cancelCount = 0

    /// Back to the defaults, between tests.
    public static func reset() {
        outcome = .never
        startSucceeds = true
        started = []
        cancelCount = 0
    }
}

/// What the stand-in's Apple ID provider answers, scripted by the behaviour tests. Not Apple's API.
public enum StandInAppleIDProvider {
    nonisolated(unsafe) public static var state = ASAuthorizationAppleIDProvider.CredentialState.authorized
    nonisolated(unsafe) public static var error: (any Error)?
    nonisolated(unsafe) public static var asked: [String] = []

    /// Back to the defaults, between tests.
    public static func reset() {
        state = .authorized
        error = nil
        asked = []
    }
}

/// What the stand-in's authorization controllers do, scripted by the behaviour tests. Not Apple's API.
public enum StandInAuthorization {
    /// How a controller's requests end.
    public enum Outcome {
        /// The user authorized.
        case authorization(ASAuthorization)
        /// The sheet failed with this error.
        case error(any Error)
        /// The device has no credential for the requests: with `preferImmediatelyAvailableCredentials`, `canceled`
        /// at once and no sheet; without it, the sheet fails (1004).
        case noCredentialAvailable
        /// The sheet stays up until `cancel()`.
        case never
        /// The system lets go of the controller without calling back.
        case releasedWithoutAnswer
    }

    nonisolated(unsafe) public static var outcome = Outcome.never
    nonisolated(unsafe) public static var performed: [ASAuthorizationController.RequestOptions] = []
    nonisolated(unsafe) public static var alive: [ASAuthorizationController] = []
    nonisolated(unsafe) public static var cancelCount = 0

    /// Back to the defaults, between tests.
    public static func reset() {
        outcome = .never
        performed = []
        alive = []
        cancelCount = 0
    }
}
