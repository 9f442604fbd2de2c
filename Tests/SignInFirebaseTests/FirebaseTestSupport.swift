import Foundation
import SignInData
import SignInDataTesting
import SignInDomain
import SignInTesting
import Testing

@testable import SignInFirebase

/// Answers and checks shaped like Firebase's REST reference, for the tests of ``FirebaseIdentityBackend``.
enum Wire {
    static let apiKey = "AIzaTestKey-0123456789"

    static func backend(_ spy: SpyHTTPTransport, tenant: String? = nil, emulator: String? = nil)
        -> FirebaseIdentityBackend
    {
        FirebaseIdentityBackend(
            configuration: FirebaseConfiguration(
                apiKey: Secret(apiKey), tenantID: tenant, emulatorHost: emulator, timeout: 7),
            transport: spy)
    }

    /// An ID token as Firebase issues it, with an unchecked signature: only its payload matters to the client.
    static func idToken(uid: String, provider: String) -> String {
        let payload: [String: Any] = ["user_id": uid, "sub": uid, "firebase": ["sign_in_provider": provider]]
        let data = (try? JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys])) ?? Data()
        let encoded = data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return "eyJhbGciOiJSUzI1NiJ9.\(encoded).c2lnbmF0dXJl"
    }

    static func ok(_ object: [String: Any], status: Int = 200) -> Result<HTTPResponse, UnexpectedCallError> {
        .success(
            HTTPResponse(
                status: status, headers: ["Content-Type": "application/json; charset=UTF-8"],
                body: (try? JSONSerialization.data(withJSONObject: object)) ?? Data()))
    }

    /// Firebase's error envelope.
    static func failure(_ message: String, status: Int = 400) -> Result<HTTPResponse, UnexpectedCallError> {
        ok(
            [
                "error": [
                    "code": status, "message": message,
                    "errors": [["message": message, "domain": "global", "reason": "invalid"]],
                ]
            ], status: status)
    }

    /// The answer of a call that signs in: `localId`, `idToken`, `refreshToken`, `expiresIn` as a string.
    static func tokens(uid: String, provider: String, extra: [String: Any] = [:]) -> Result<
        HTTPResponse, UnexpectedCallError
    > {
        ok(
            [
                "kind": "identitytoolkit#SignupNewUserResponse", "localId": uid,
                "idToken": idToken(uid: uid, provider: provider), "refreshToken": "refresh-\(uid)",
                "expiresIn": "3600",
            ].merging(extra) { _, new in new })
    }

    /// The answer of `accounts:lookup`.
    static func lookup(
        uid: String, email: String? = nil, displayName: String? = nil, providers: [(String, String)] = [],
        photoURL: String? = nil
    )
        -> Result<HTTPResponse, UnexpectedCallError>
    {
        var user: [String: Any] = [
            "localId": uid, "emailVerified": false, "validSince": "1767225600", "createdAt": "1767225600000",
            "providerUserInfo": providers.map { ["providerId": $0.0, "rawId": $0.1, "federatedId": $0.1] },
        ]
        if let email { user["email"] = email }
        if let displayName { user["displayName"] = displayName }
        if let photoURL { user["photoUrl"] = photoURL }
        return ok(["kind": "identitytoolkit#GetAccountInfoResponse", "users": [user]])
    }

    /// A request's JSON body.
    static func json(_ request: HTTPRequest) throws -> [String: Any] {
        let body = try #require(request.body)
        return try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    }

    /// Decodes `application/x-www-form-urlencoded` the way a server does.
    static func form(_ text: String) -> [String: String] {
        FormURLEncoding.decode(text)
    }

    /// Checks the URL, method and content type of a call to an Identity Toolkit v1 method on production.
    static func expectCall(
        _ request: HTTPRequest, _ method: String, version: String = "v1",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            request.url.absoluteString == "https://identitytoolkit.googleapis.com/\(version)/\(method)?key=\(apiKey)",
            sourceLocation: sourceLocation)
        #expect(request.method == "POST", sourceLocation: sourceLocation)
        #expect(request.headers["Content-Type"] == "application/json", sourceLocation: sourceLocation)
        #expect(request.timeout == 7, sourceLocation: sourceLocation)
    }
}
