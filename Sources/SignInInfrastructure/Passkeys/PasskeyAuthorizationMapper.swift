public import Foundation
public import SignInDomain

/// Why the device's passkey sheet did not complete, as plain values: the `ASAuthorizationError` codes a passkey
/// request can end with, and the answers the shell refuses. Kept apart from `AuthenticationServices` so that the
/// decisions are tested on every platform.
public enum PasskeyAuthorizationFailure: Hashable, Sendable {
    /// The user dismissed the sheet (1001). Not an error for the app.
    case canceled
    /// The device has no passkey for the relying party, or cannot make one: a request for the device's own passkeys
    /// ended with `canceled` (1001) before any sheet showed (how iOS 18 says it), the request was not handled (1003),
    /// no credential was available without asking (1005), or the device is not set up to make passkeys (1010: no
    /// passcode, iCloud Keychain off).
    case noPasskey
    /// The device already holds one of the account's passkeys, which the registration excluded (1006, WebKit's code 8,
    /// or 1000 for a registration that excluded some: see ``init(error:immediateAndUnpresented:excludedCredentials:)``).
    case matchedExcludedCredential
    /// There was no window to show the sheet over (``NoPresentationWindow``): nothing was shown.
    case noWindow
    /// The sheet answered, but not with what was asked: another kind of credential, a field missing or empty, or a
    /// passkey the request did not allow. The reason names it.
    case unexpectedAnswer(String)
    /// Any other failure (1004 failed: a wrong relying party, Associated Domains not set up, …), with its domain,
    /// code and the system's message.
    case other(domain: String, code: Int, message: String)

    /// `ASAuthorizationErrorDomain`: the domain whose codes mean what this type says.
    public static let authorizationErrorDomain = "com.apple.AuthenticationServices.AuthorizationError"

    /// Maps an `ASAuthorizationError` code and its message.
    public init(code: Int, message: String) {
        switch code {
        case 1001: self = .canceled
        case 1003, 1005, 1010: self = .noPasskey
        case 1006: self = .matchedExcludedCredential
        default: self = .other(domain: Self.authorizationErrorDomain, code: code, message: message)
        }
    }

    /// Whether a registration of `request` lists passkeys the device must not hold: never on tvOS and visionOS, where
    /// Apple's API has no `excludedCredentials` (there a device holding one may make a second).
    public static func excludes(_ request: PasskeyCreationRequest) -> Bool {
        #if os(tvOS) || os(visionOS)
            false
        #else
            !request.excludedCredentialIDs.isEmpty
        #endif
    }

    /// WebKit's error domain, in which iOS 18 can report a registration the device already holds (code 8).
    public static let webKitErrorDomain = "WKErrorDomain"

    /// Maps the error of `authorizationController(controller:didCompleteWithError:)`. Only an error of
    /// ``authorizationErrorDomain`` is read by its code; an error of another domain is ``other(domain:code:message:)``
    /// whatever its code, so that a failure elsewhere is never taken for the user's cancel, except WebKit's code 8
    /// (a credential the request excluded: ``matchedExcludedCredential``).
    ///
    /// iOS 18 can also end a registration that matched an excluded passkey with 1000 (unknown). So a 1000 for a
    /// registration that excluded passkeys is ``matchedExcludedCredential``; a 1000 for any other request stays
    /// ``other(domain:code:message:)``. A missing Associated Domains entitlement, the other usual cause of a failed
    /// passkey request, ends with 1004, not 1000.
    /// - Parameters:
    ///   - error: The controller's error.
    ///   - immediateAndUnpresented: The request asked only for the passkeys on the device
    ///     (`preferImmediatelyAvailableCredentials`) and no sheet was shown: then `canceled` (1001) is how the system
    ///     says there is none, not a cancel by the user (``noPasskey``).
    ///   - excludedCredentials: The request was a registration that listed passkeys the device must not hold.
    public init(error: any Error, immediateAndUnpresented: Bool = false, excludedCredentials: Bool = false) {
        if error is NoPresentationWindow {
            self = .noWindow
            return
        }
        let error = error as NSError
        if error.domain == Self.authorizationErrorDomain {
            self.init(code: error.code, message: error.localizedDescription)
            if self == .canceled, immediateAndUnpresented { self = .noPasskey }
            if error.code == 1000, excludedCredentials { self = .matchedExcludedCredential }
        } else if error.domain == Self.webKitErrorDomain, error.code == 8 {
            self = .matchedExcludedCredential
        } else {
            self = .other(domain: error.domain, code: error.code, message: error.localizedDescription)
        }
    }
}

/// What one passkey sheet reported: the device's answer, or why there is none.
public enum PasskeyAuthorizationResult<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The device answered.
    case completed(Value)
    /// The user cancelled, or the sheet failed.
    case failed(PasskeyAuthorizationFailure)
}

/// The pure steps of `PlatformPasskeyAuthenticator`: the fields of Apple's passkey credentials become the Domain's
/// `PasskeyRegistration` and `PasskeyAssertion`, and a result becomes a
/// `PasskeyOutcome` or a typed `AuthError`. The shell reads the fields and calls these;
/// they are tested on Linux.
public enum PasskeyAuthorizationMapper {
    /// The bridge of one passkey sheet: a cancelled task is the user's cancel; a controller gone without an answer is
    /// a failure (code 1000, unknown).
    /// - Parameter value: What the sheet answers with: `PasskeyRegistration` or
    ///   `PasskeyAssertion`.
    public static func bridge<Value>(for value: Value.Type)
        -> AuthorizationCallbackBridge<PasskeyAuthorizationResult<Value>>
    {
        AuthorizationCallbackBridge(
            cancelled: .failed(.canceled),
            unanswered: .failed(
                .other(
                    domain: PasskeyAuthorizationFailure.authorizationErrorDomain, code: 1000,
                    message: "the passkey sheet ended without an answer")))
    }

    /// Maps the fields of an `ASAuthorizationPlatformPublicKeyCredentialRegistration`.
    /// - Parameters:
    ///   - credentialID: `credentialID`.
    ///   - clientDataJSON: `rawClientDataJSON`.
    ///   - attestationObject: `rawAttestationObject` (optional in Apple's API).
    /// - Returns: The registration, or ``PasskeyAuthorizationFailure/unexpectedAnswer(_:)`` when a field is missing
    ///   or empty: nothing incomplete goes to the backend.
    public static func registration(credentialID: Data, clientDataJSON: Data, attestationObject: Data?)
        -> PasskeyAuthorizationResult<PasskeyRegistration>
    {
        if let missing = firstMissing([
            ("credential id", credentialID), ("client data", clientDataJSON), ("attestation object", attestationObject),
        ]) {
            return .failed(.unexpectedAnswer("the passkey registration has no \(missing)"))
        }
        return .completed(
            PasskeyRegistration(
                credentialID: Array(credentialID), clientDataJSON: Array(clientDataJSON),
                attestationObject: Array(attestationObject ?? Data())))
    }

    /// Maps the fields of an `ASAuthorizationPlatformPublicKeyCredentialAssertion`.
    /// - Parameters:
    ///   - credentialID: `credentialID`.
    ///   - clientDataJSON: `rawClientDataJSON`.
    ///   - authenticatorData: `rawAuthenticatorData`.
    ///   - signature: `signature`.
    ///   - userID: `userID`, the user handle; empty or missing becomes `nil` (WebAuthn's user handles are 1 to 64
    ///     bytes).
    ///   - allowedCredentialIDs: The request's allowed credentials; empty: any.
    /// - Returns: The assertion, or ``PasskeyAuthorizationFailure/unexpectedAnswer(_:)`` when a field is missing or
    ///   empty, or when the request allowed some credentials and the device signed with another.
    public static func assertion(
        credentialID: Data, clientDataJSON: Data, authenticatorData: Data?, signature: Data?, userID: Data?,
        allowedCredentialIDs: [[UInt8]] = []
    ) -> PasskeyAuthorizationResult<PasskeyAssertion> {
        if let missing = firstMissing([
            ("credential id", credentialID), ("client data", clientDataJSON), ("authenticator data", authenticatorData),
            ("signature", signature),
        ]) {
            return .failed(.unexpectedAnswer("the passkey assertion has no \(missing)"))
        }
        let id = Array(credentialID)
        guard allowedCredentialIDs.isEmpty || allowedCredentialIDs.contains(id) else {
            return .failed(.unexpectedAnswer("the device signed with a passkey the request did not allow"))
        }
        return .completed(
            PasskeyAssertion(
                credentialID: id, clientDataJSON: Array(clientDataJSON),
                authenticatorData: Array(authenticatorData ?? Data()), signature: Array(signature ?? Data()),
                userHandle: userID.flatMap { $0.isEmpty ? nil : Array($0) }))
    }

    /// The result of a sheet whose credential is not the kind that was asked for (an Apple ID or a password where a
    /// passkey was asked).
    /// - Parameter kind: What was asked: "registration" or "assertion".
    public static func notAPasskey<Value>(_ kind: String) -> PasskeyAuthorizationResult<Value> {
        .failed(.unexpectedAnswer("the sheet answered with a credential that is not a passkey \(kind)"))
    }

    /// What the authenticator returns for a result.
    /// - Returns: `PasskeyOutcome.completed(_:)` with the device's answer, or
    ///   `PasskeyOutcome.cancelled` for the user's cancel.
    /// - Throws: `AuthError.noPasskeyAvailable` when the device has no passkey or cannot make one,
    ///   `AuthError.passkeyAlreadyRegistered` when it holds an excluded one, and
    ///   `AuthError.uiClientFailed(_:reason:)` (`ProviderType.passkey`) for any other
    ///   failure.
    public static func outcome<Value>(for result: PasskeyAuthorizationResult<Value>) throws(AuthError)
        -> PasskeyOutcome<Value>
    {
        switch result {
        case .completed(let value):
            return .completed(value)
        case .failed(.canceled):
            return .cancelled
        case .failed(.noPasskey):
            throw .noPasskeyAvailable
        case .failed(.matchedExcludedCredential):
            throw .passkeyAlreadyRegistered
        case .failed(.unexpectedAnswer(let reason)):
            throw .uiClientFailed(.passkey, reason: reason)
        case .failed(.noWindow):
            throw NoPresentationWindow.error(.passkey)
        case .failed(.other(let domain, let code, let message)):
            let name = domain == PasskeyAuthorizationFailure.authorizationErrorDomain ? "ASAuthorizationError" : domain
            throw .uiClientFailed(.passkey, reason: "\(name) \(code)\(message.isEmpty ? "" : ": \(message)")")
        }
    }

    /// The name of the first field that is missing or empty.
    private static func firstMissing(_ fields: [(String, Data?)]) -> String? {
        fields.first { $0.1?.isEmpty ?? true }?.0
    }
}
