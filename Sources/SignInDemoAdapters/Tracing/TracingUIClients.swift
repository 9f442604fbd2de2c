package import SignInDemoTrace
package import SignInDomain
package import SignInInfrastructure
import SignInPresentation

/// A UI client that records the use case's question and the user's answer, around the client it wraps: the
/// crossing from Domain into the provider's screen (Infrastructure).
package struct TracingSignInUIClient: SignInUIClient {
    private let base: any SignInUIClient
    private let component: String
    private let tracer: any FlowTracer

    /// Wraps `base`; steps are recorded as `name.getCredential` (the wrapped type's name by default).
    package init(_ base: any SignInUIClient, name: String? = nil, tracer: any FlowTracer) {
        self.base = base
        self.component = "\(name ?? String(describing: type(of: base))).getCredential"
        self.tracer = tracer
    }

    package var providerType: ProviderType { base.providerType }

    package func getCredential() async throws(AuthError) -> CredentialOutcome {
        tracer.record(.infrastructure, component, .uiCredentialAsked(provider: providerType))
        return try await tracer.recordingOutcome(
            .infrastructure, component,
            answered: { outcome in
                switch outcome {
                case .credential(let credential): .uiCredentialGiven(credential)
                case .cancelled: .uiCredentialCancelled
                }
            }, failed: { .uiFailed(TraceErrorName.of($0)) }
        ) { () throws(AuthError) in try await base.getCredential() }
    }
}

/// A passkey authenticator that records what the use case asks the device and whether it answered, around the
/// authenticator it wraps: the crossing from Domain into the device's passkey sheet (Infrastructure).
package struct TracingPasskeyAuthenticator: PasskeyAuthenticator {
    private let base: any PasskeyAuthenticator
    private let name: String
    private let tracer: any FlowTracer

    /// Wraps `base`; steps are named after the wrapped type.
    package init(_ base: any PasskeyAuthenticator, tracer: any FlowTracer) {
        self.base = base
        self.name = String(describing: type(of: base))
        self.tracer = tracer
    }

    package func register(_ request: PasskeyCreationRequest) async throws(AuthError) -> PasskeyOutcome<
        PasskeyRegistration
    > {
        let component = "\(name).register"
        tracer.record(.infrastructure, component, .passkeyCreationAsked(site: request.relyingPartyID))
        return try await tracer.recordingOutcome(
            .infrastructure, component, answered: Self.answer, failed: { .uiFailed(TraceErrorName.of($0)) }
        ) { () throws(AuthError) in try await base.register(request) }
    }

    package func assert(_ request: PasskeyAssertionRequest) async throws(AuthError) -> PasskeyOutcome<PasskeyAssertion>
    {
        let component = "\(name).assert"
        tracer.record(.infrastructure, component, .passkeyAssertionAsked(site: request.relyingPartyID))
        return try await tracer.recordingOutcome(
            .infrastructure, component, answered: Self.answer, failed: { .uiFailed(TraceErrorName.of($0)) }
        ) { () throws(AuthError) in try await base.assert(request) }
    }

    private static func answer<Value>(_ outcome: PasskeyOutcome<Value>) -> FlowMessage {
        switch outcome {
        case .completed: .passkeyGiven
        case .cancelled: .uiCredentialCancelled
        }
    }
}

/// An Apple authorizer that records the request the Apple UI client makes (its scopes; the nonce is a digest),
/// around the authorizer it wraps: Apple's sheet, or the demo's terminal stand-in.
package struct TracingAppleIDAuthorizer: AppleIDAuthorizer {
    private let base: any AppleIDAuthorizer
    private let tracer: any FlowTracer

    /// Wraps `base`.
    package init(_ base: any AppleIDAuthorizer, tracer: any FlowTracer) {
        self.base = base
        self.tracer = tracer
    }

    package func authorize(_ request: AppleIDRequest) async -> AppleIDAuthorizationResult {
        tracer.record(.infrastructure, "AppleUIClient.getCredential", .appleRequested(scopes: request.scopes))
        return await base.authorize(request)
    }
}

/// A Google account chooser that records that the Google UI client opens it with a nonce digest, around the chooser
/// it wraps.
package struct TracingGoogleAccountChooser: GoogleAccountChooser {
    private let base: any GoogleAccountChooser
    private let tracer: any FlowTracer

    /// Wraps `base`.
    package init(_ base: any GoogleAccountChooser, tracer: any FlowTracer) {
        self.base = base
        self.tracer = tracer
    }

    package func chooseAccount(nonce: String) async -> GoogleSignInResult {
        tracer.record(.infrastructure, "GoogleUIClient.getCredential", .googleChooserRequested)
        return await base.chooseAccount(nonce: nonce)
    }
}

/// An Apple credential-state checker that records the question and Apple's answer.
package struct TracingAppleCredentialStateChecker: AppleCredentialStateChecker {
    private let base: any AppleCredentialStateChecker
    private let tracer: any FlowTracer

    /// Wraps `base`.
    package init(_ base: any AppleCredentialStateChecker, tracer: any FlowTracer) {
        self.base = base
        self.tracer = tracer
    }

    package func credentialState(forUserID userID: String) async throws(AuthError) -> AppleCredentialState {
        let component = String(describing: type(of: base))
        tracer.record(.infrastructure, component, .appleCredentialStateAsked(user: userID))
        return try await tracer.recordingOutcome(
            .infrastructure, component, answered: { .appleCredentialStateAnswered($0) },
            failed: { .uiFailed(TraceErrorName.of($0)) }
        ) { () throws(AuthError) in try await base.credentialState(forUserID: userID) }
    }
}

/// A session store that records what the session manager writes: the session kept, or removed.
package struct TracingSessionStore: SessionStore {
    private let base: any SessionStore
    private let tracer: any FlowTracer
    private let name: String

    /// Wraps `base`.
    package init(_ base: any SessionStore, tracer: any FlowTracer) {
        self.base = base
        self.tracer = tracer
        self.name = String(describing: type(of: base))
    }

    package func load() async throws(AuthError) -> UserSession? { try await base.load() }

    package func save(_ session: UserSession) async throws(AuthError) {
        try await base.save(session)
        tracer.record(.infrastructure, "\(name).save", .sessionStored(uid: session.uid))
    }

    package func clear() async throws(AuthError) {
        try await base.clear()
        tracer.record(.infrastructure, "\(name).clear", .sessionCleared)
    }

    package func withExclusiveAccess<T: Sendable>(_ body: @Sendable () async throws(AuthError) -> T)
        async throws(AuthError) -> T
    {
        try await base.withExclusiveAccess(body)
    }
}

/// The name a trace gives an error: an ``SignInDomain/AuthError``'s message key, or the error's type.
enum TraceErrorName {
    static func of(_ error: any Error) -> String {
        if let error = error as? AuthError { return AuthErrorMessages.key(for: error).0.rawValue }
        return String(describing: type(of: error))
    }
}

extension FlowTracer {
    /// Runs `body` and records, under `layer` and `component`, what `answered` says of its value or what `failed`
    /// says of its error; the value or the error goes on unchanged. Every decorator that traces an answer uses it.
    func recordingOutcome<Value, Failure: Error>(
        _ layer: ArchitectureLayer, _ component: String, answered: (Value) -> FlowMessage,
        failed: (any Error) -> FlowMessage, _ body: () async throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        do throws(Failure) {
            let value = try await body()
            record(layer, component, answered(value))
            return value
        } catch {
            record(layer, component, failed(error))
            throw error
        }
    }
}
