import Foundation
import SignInCrypto
import SignInData
import SignInDemoTrace
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedStore
import SignInEmulator
import SignInTesting

/// An ``EmbeddedHTTPFace`` over a ``BackendHarness`` backend, and raw HTTP requests shaped as Firebase's REST
/// documentation and the Firebase Auth emulator have them: no Firebase client in between.
struct FaceHarness {
    let base: BackendHarness
    let tracer = RecordingFlowTracer()
    let face: EmbeddedHTTPFace

    /// Where `FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099` sends a client.
    static let origin = "http://127.0.0.1:9099"
    static let apiKey = "AIza-test-key-not-secret"

    /// A face over a new backend of `configuration`, with the face's settings `configure` changes.
    init(
        seed: UInt64 = 42, configuration: EmbeddedBackendConfiguration = BackendHarness.fastConfiguration,
        configure: (inout EmbeddedHTTPFace) -> Void = { _ in }
    ) {
        base = BackendHarness(seed: seed, configuration: configuration)
        var face = EmbeddedHTTPFace(backend: base.backend, tracer: tracer)
        configure(&face)
        self.face = face
    }

    init(storage: any BackendStateStorage) {
        base = BackendHarness(storage: storage)
        face = EmbeddedHTTPFace(backend: base.backend, tracer: tracer)
    }

    var clock: TestClock { base.clock }
    var service: EmbeddedIdentityService { base.service }

    // MARK: - Requests

    /// Sends a request to `path` (with `?key=` unless `key` is `nil`), from `client` (an IP address; none by default).
    func send(
        _ method: String, _ path: String, key: String? = FaceHarness.apiKey, body: Data? = nil,
        headers: [String: String] = [:], from client: String = ""
    ) -> Reply {
        let query = key.map { "?key=\($0)" } ?? ""
        guard let url = URL(string: Self.origin + path + query) else { return Reply(HTTPResponse(status: -1)) }
        return Reply(face.handle(HTTPRequest(method: method, url: url, headers: headers, body: body), from: client))
    }

    /// `POST /identitytoolkit.googleapis.com/v1/accounts:<method>?key=…` with a JSON body.
    func accounts(
        _ method: String, _ body: [String: Any], key: String? = FaceHarness.apiKey, from client: String = ""
    ) -> Reply {
        send(
            "POST", "/identitytoolkit.googleapis.com/v1/accounts:\(method)", key: key, body: Self.json(body),
            headers: ["Content-Type": "application/json"], from: client)
    }

    /// `POST /securetoken.googleapis.com/v1/token?key=…` with a form body, as Firebase's clients send it.
    func token(form: String, key: String? = FaceHarness.apiKey) -> Reply {
        send(
            "POST", "/securetoken.googleapis.com/v1/token", key: key, body: Data(form.utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
    }

    /// A JSON call to the emulator's or the simulators' endpoints (no key).
    func call(_ method: String, _ path: String, _ body: [String: Any]? = nil) -> Reply {
        send(method, path, key: nil, body: body.map(Self.json), headers: ["Content-Type": "application/json"])
    }

    // MARK: - Flows

    /// `accounts:signUp` with an email and password; the reply must be a success.
    func signUp(_ email: String = "jane@example.com", _ password: String = "correct horse 1") -> Reply {
        accounts("signUp", ["email": email, "password": password, "returnSecureToken": true])
    }

    /// The simulated Apple sheet's answer for `rawNonce`, as a remote client gets it.
    func appleAuthorization(rawNonce: String) -> Reply {
        call(
            "POST", "/embedded/v1/apple/authorize",
            [
                "clientId": base.configuration.appleClientID, "nonce": SHA256.hexDigest(rawNonce), "wantsName": true,
                "wantsEmail": true, "shareEmail": true,
            ])
    }

    /// The simulated Google chooser's tokens for `email` and `rawNonce`.
    func googleCredential(_ email: String = "jane.appleseed@gmail.com", rawNonce: String) -> Reply {
        call("POST", "/embedded/v1/google/signIn", ["email": email, "nonce": SHA256.hexDigest(rawNonce)])
    }

    /// `accounts:signInWithIdp` with `postBody` built from `parameters`, as Firebase's clients build it.
    func signInWithIdp(_ parameters: [(String, String)], extra: [String: Any] = [:]) -> Reply {
        var body: [String: Any] = [
            "requestUri": "http://localhost", "postBody": Self.form(parameters), "returnSecureToken": true,
            "returnIdpCredential": true,
        ]
        body.merge(extra) { _, new in new }
        return accounts("signInWithIdp", body)
    }

    /// A Google sign-in through the simulated chooser and `accounts:signInWithIdp`.
    func googleSignIn(
        _ email: String = "jane.appleseed@gmail.com", rawNonce: String = UUID().uuidString, extra: [String: Any] = [:]
    ) -> Reply {
        let google = googleCredential(email, rawNonce: rawNonce)
        return signInWithIdp(
            [
                ("providerId", "google.com"), ("id_token", google.string("idToken") ?? ""),
                ("access_token", google.string("accessToken") ?? ""), ("nonce", rawNonce),
            ], extra: extra)
    }

    // MARK: - Encoding

    static func json(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    }

    /// `application/x-www-form-urlencoded`, every byte but unreserved ones escaped.
    static func form(_ pairs: [(String, String)]) -> String {
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return pairs.map { name, value in
            let escaped = value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
            return "\(name)=\(escaped)"
        }.joined(separator: "&")
    }
}

/// A response, with its body read as JSON.
struct Reply {
    let status: Int
    let headers: [String: String]
    let text: String
    let json: [String: Any]

    init(_ response: HTTPResponse) {
        status = response.status
        headers = response.headers
        text = String(decoding: response.body, as: UTF8.self)
        json = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
    }

    func string(_ key: String) -> String? { json[key] as? String }
    func bool(_ key: String) -> Bool? { json[key] as? Bool }
    func object(_ key: String) -> [String: Any]? { json[key] as? [String: Any] }
    func objects(_ key: String) -> [[String: Any]] { json[key] as? [[String: Any]] ?? [] }

    /// The sorted keys of the body.
    var keys: [String] { json.keys.sorted() }

    /// The envelope's `error.message`.
    var errorMessage: String? { object("error")?["message"] as? String }

    /// The error code: the envelope's message before ` : `.
    var errorCode: String? {
        errorMessage.map { String($0.split(separator: " ", maxSplits: 1).first ?? "") }
    }
}
