public import Foundation
import SignInCrypto
public import SignInData
import SignInEmbeddedStore
import SignInJOSE
import SignInLocking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The events a blocking function may be called on, as Identity Platform's blocking functions have them: before an
/// account is made, and before a sign-in gets its session.
public enum BlockingFunctionEvent: String, Hashable, Sendable, CaseIterable {
    case beforeCreate
    case beforeSignIn
}

/// Where the calls to blocking functions go: an HTTP `POST` of a JSON body, answered within a deadline.
public protocol BlockingFunctionTransport: Sendable {
    /// Posts `body` to `url` and returns the answer's status and body.
    /// - Throws: `BLOCKING_FUNCTION_ERROR_RESPONSE` when no answer came within `timeout` seconds.
    func post(_ body: Data, to url: URL, timeout: TimeInterval) throws(IdentityBackendError) -> (
        status: Int, body: Data
    )
}

/// The transport over `URLSession`.
public struct URLSessionBlockingFunctionTransport: BlockingFunctionTransport {
    /// Creates the transport.
    public init() {}

    public func post(_ body: Data, to url: URL, timeout: TimeInterval) throws(IdentityBackendError) -> (
        status: Int, body: Data
    ) {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let result = Locked<(status: Int, body: Data)?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = URLSession.shared.dataTask(with: request) { data, response, _ in
            if let response = response as? HTTPURLResponse, let data, data.count <= 256 * 1024 {
                result.withLock { $0 = (response.statusCode, data) }
            }
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + timeout) == .timedOut {
            task.cancel()
            throw IdentityBackendError(
                .blockingFunctionErrorResponse,
                message: "((Deadline exceeded making request to \(url.absoluteString).))")
        }
        guard let answer = result.withLock({ $0 }) else {
            throw IdentityBackendError(
                .blockingFunctionErrorResponse, message: "((Failed to make request to \(url.absoluteString).))")
        }
        return answer
    }
}

/// Blocking functions: when the project names a function for an event (``EmbeddedProjectSettings/blockingFunctions``),
/// the service calls it with the account before the event completes, and takes what it answers.
///
/// The call is an HTTP `POST` of `{"data": {"jwt": …}}`, the JWT naming the event and the account
/// (`user_record`), unsigned, as Google's Auth emulator sends it. The answer's `userRecord` may change, by its
/// `updateMask`, the display name, the photo, `emailVerified`, the custom claims and `disabled`, which the account
/// keeps; and, before a sign-in, `sessionClaims`, which only this session's ID token carries. A function that
/// disables the account refuses the sign-in (`USER_DISABLED`), and nothing is written. An error, a deadline
/// (``blockingFunctionTimeout``) passed or an answer that is not JSON refuses the operation
/// (`BLOCKING_FUNCTION_ERROR_RESPONSE`).
///
/// The function is called while the operation holds the backend's state, so that what it changes is written with
/// the operation: it must not call back into this backend, or the call waits until the deadline.
extension EmbeddedIdentityService {
    /// How long a blocking function may take, in seconds: Identity Platform's deadline.
    public static let blockingFunctionTimeout: TimeInterval = 7

    /// What a sign-in tells a blocking function about itself.
    struct SignInEvent {
        /// `password`, `emailLink`, `phone`, or the identity provider's id.
        var method: String
        /// The second factor that ended it, when one did (`phone`, `totp`).
        var secondFactor: String?
        /// The identity provider's ID token and access token, for a sign-in with a provider: the functions get
        /// those ``EmbeddedProjectSettings/forwardedCredentials`` names.
        var providerIDToken: String?
        var providerAccessToken: String?
        /// What a SAML provider asserted at this sign-in (its attribute statements), for the session's tokens and
        /// the functions (`sign_in_attributes`).
        var samlAttributes: [String: JSONValue]?
    }

    /// Runs the functions for a sign-in of `account` (`beforeCreate` first when it is new): the account as they
    /// changed it, and the claims for this session alone.
    func runBlockingFunctions(
        for account: EmbeddedAccount, isNewUser: Bool, event: SignInEvent, now: Date
    ) throws(IdentityBackendError) -> (account: EmbeddedAccount, sessionClaims: [String: JSONValue]) {
        let functions = projectSettings.blockingFunctions
        var changed = account
        var sessionClaims: [String: JSONValue] = [:]
        if isNewUser, let uri = functions[.beforeCreate] {
            let answer = try callBlockingFunction(uri, .beforeCreate, account: changed, event: event, now: now)
            changed = try Self.apply(answer, to: changed, event: .beforeCreate, sessionClaims: &sessionClaims)
        }
        if !changed.isDisabled, let uri = functions[.beforeSignIn] {
            let answer = try callBlockingFunction(uri, .beforeSignIn, account: changed, event: event, now: now)
            changed = try Self.apply(answer, to: changed, event: .beforeSignIn, sessionClaims: &sessionClaims)
        }
        return (changed, sessionClaims)
    }

    private func callBlockingFunction(
        _ uri: String, _ kind: BlockingFunctionEvent, account: EmbeddedAccount, event: SignInEvent, now: Date
    ) throws(IdentityBackendError) -> [String: JSONValue] {
        func refuse(_ why: String) -> IdentityBackendError {
            IdentityBackendError(.blockingFunctionErrorResponse, message: "((\(why)))")
        }
        guard let url = URL(string: uri) else { throw refuse("\(uri) is not a URL.") }
        let issuedAt = Int(now.timeIntervalSince1970)
        var record: [String: JSONValue] = [
            "uid": .string(account.uid), "email_verified": .bool(account.emailVerified),
            "disabled": .bool(account.isDisabled),
            "custom_claims": .object(account.customAttributes.flatMap(JSONValue.object(fromJSON:)) ?? [:]),
            "metadata": .object([
                "creation_time": .integer(Int(account.createdAt.timeIntervalSince1970 * 1000)),
                "last_sign_in_time": account.lastSignInAt.map { .integer(Int($0.timeIntervalSince1970 * 1000)) }
                    ?? .null,
            ]),
            "provider_data": .array(
                account.identities.map { identity in
                    .object(["provider_id": .string(identity.providerId), "uid": .string(identity.subject)])
                }),
        ]
        record["email"] = account.email.map(JSONValue.string)
        record["display_name"] = account.displayName.map(JSONValue.string)
        record["photo_url"] = account.photoURL.map(JSONValue.string)
        record["phone_number"] = account.phoneNumber.map(JSONValue.string)
        record["tenant_id"] = configuration.tenantID.map(JSONValue.string)
        var claims: [String: JSONValue] = [
            "iss": .string(configuration.sessionIssuer), "aud": .string(uri), "iat": .integer(issuedAt),
            "exp": .integer(issuedAt + Int(Self.blockingFunctionTimeout)), "sub": .string(account.uid),
            "event_id": .string(random.token(byteCount: 16)), "event_type": .string(kind.rawValue),
            "ip_address": .string(EmbeddedBackend.client), "locale": "en", "user_record": .object(record),
            "sign_in_method": .string(event.method),
        ]
        claims["sign_in_second_factor"] = event.secondFactor.map(JSONValue.string)
        claims["sign_in_attributes"] = event.samlAttributes.map(JSONValue.object)
        let forwarded = projectSettings.forwardedCredentials
        if forwarded.contains(.idToken) { claims["oauth_id_token"] = event.providerIDToken.map(JSONValue.string) }
        if forwarded.contains(.accessToken) {
            claims["oauth_access_token"] = event.providerAccessToken.map(JSONValue.string)
        }
        claims["tenant_id"] = configuration.tenantID.map(JSONValue.string)
        let header = Base64URL.encode(Array(#"{"alg":"none","typ":"JWT"}"#.utf8))
        let jwt = header + "." + Base64URL.encode(Array(JSONValue.object(claims).jsonText.utf8)) + "."
        let body = Data(JSONValue.object(["data": .object(["jwt": .string(jwt)])]).jsonText.utf8)
        let answer = try blockingFunctions.post(body, to: url, timeout: Self.blockingFunctionTimeout)
        guard (200..<300).contains(answer.status) else {
            let text = String(decoding: answer.body.prefix(200), as: UTF8.self)
            throw refuse("HTTP request to \(uri) returned HTTP error \(answer.status): \(text)")
        }
        guard let object = JSONValue.object(fromJSON: String(decoding: answer.body, as: UTF8.self)) else {
            throw refuse("Response body is not valid JSON.")
        }
        return object
    }

    /// `account` with the changes the function's `userRecord` names in its `updateMask`.
    private static func apply(
        _ answer: [String: JSONValue], to account: EmbeddedAccount, event: BlockingFunctionEvent,
        sessionClaims: inout [String: JSONValue]
    ) throws(IdentityBackendError) -> EmbeddedAccount {
        guard case .object(let record)? = answer["userRecord"] else { return account }
        guard case .string(let mask)? = record["updateMask"] else {
            throw IdentityBackendError(
                .blockingFunctionErrorResponse, message: "((Response UserRecord is missing updateMask.))")
        }
        var changed = account
        for field in mask.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            let value = record[field] ?? .null
            switch field {
            case "displayName": changed.displayName = boundedName(value.text)
            case "photoUrl": changed.photoURL = value.text
            case "emailVerified": changed.emailVerified = value.truthy
            case "disabled": changed.disabledAt = value.truthy ? (changed.disabledAt ?? changed.createdAt) : nil
            case "customClaims":
                guard case .object = value else {
                    changed.customAttributes = nil
                    continue
                }
                do throws(IdentityBackendError) {
                    let text = try checkedClaims(value.jsonText)
                    changed.customAttributes = text == "{}" ? nil : text
                } catch {
                    throw IdentityBackendError(
                        .blockingFunctionErrorResponse, message: "((Response has invalid custom claims.))")
                }
            case "sessionClaims" where event == .beforeSignIn:
                guard case .object(let claims) = value else { continue }
                sessionClaims.merge(claims) { _, new in new }
            default: continue
            }
        }
        return changed
    }
}

extension JSONValue {
    /// A string's text, a number's or a boolean's as text; `nil` otherwise.
    fileprivate var text: String? {
        switch self {
        case .string(let text): text
        case .integer(let value): String(value)
        case .number(let value): String(value)
        case .bool(let value): String(value)
        default: nil
        }
    }

    /// The value as compact JSON with sorted keys.
    fileprivate var jsonText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings, numbers and booleans cannot fail.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// JavaScript's `!!value`.
    fileprivate var truthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .integer(let value): value != 0
        case .number(let value): value != 0
        case .string(let text): !text.isEmpty
        case .array, .object: true
        }
    }
}
