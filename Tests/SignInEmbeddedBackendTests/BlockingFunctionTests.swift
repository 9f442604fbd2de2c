import Foundation
import SignInCrypto
import SignInData
import SignInDomain
import SignInEmbeddedBackend
import SignInEmbeddedIssuers
import SignInEmbeddedStore
import SignInJOSE
import SignInLocking
import SignInTesting
import Testing

/// A blocking function's endpoint, in process: it answers each URL with what a test queued and keeps what came.
struct StubBlockingFunctions: BlockingFunctionTransport {
    let answers = Locked<[String: [(Int, String)]]>([:])
    /// Each call's URL and the JWT payload it carried.
    let received = Locked<[(url: String, payload: Data)]>([])

    /// The claims of the `index`th call's JWT.
    func claims(_ index: Int) -> [String: Any] {
        let payload = received.withLock { $0.indices.contains(index) ? $0[index].payload : Data() }
        return (try? JSONSerialization.jsonObject(with: payload)) as? [String: Any] ?? [:]
    }

    func answer(_ url: String, status: Int = 200, _ body: String) {
        answers.withLock { $0[url, default: []].append((status, body)) }
    }

    func post(_ body: Data, to url: URL, timeout: TimeInterval) throws(IdentityBackendError) -> (
        status: Int, body: Data
    ) {
        let envelope = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        let jwt = (envelope?["data"] as? [String: Any])?["jwt"] as? String ?? ""
        let payload = jwt.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first.flatMap {
            Base64URL.decode(utf8: Array($0.utf8))
        }
        received.withLock { $0.append((url.absoluteString, Data(payload ?? []))) }
        let next = answers.withLock { queued -> (Int, String)? in
            guard var list = queued[url.absoluteString], !list.isEmpty else { return nil }
            let first = list.removeFirst()
            queued[url.absoluteString] = list
            return first
        }
        guard let (status, text) = next else {
            throw IdentityBackendError(.blockingFunctionErrorResponse, message: "((no answer))")
        }
        return (status, Data(text.utf8))
    }
}

@Suite("Blocking functions")
struct BlockingFunctionTests {
    let clock = TestClock()
    let functions = StubBlockingFunctions()
    let backend: EmbeddedBackend
    var service: EmbeddedIdentityService { backend.identityService }
    let create = "http://127.0.0.1:1/beforeCreate"
    let signIn = "http://127.0.0.1:1/beforeSignIn"

    init() {
        let random = SeededRandomBytes(seed: 42)
        backend = EmbeddedBackend(
            storage: InMemoryBackendStateStorage(.fresh(random: random)),
            configuration: BackendHarness.fastConfiguration,
            clock: clock, random: random, blockingFunctions: functions)
    }

    func use(_ events: [BlockingFunctionEvent: String]) {
        service.updateProjectSettings { $0.blockingFunctions = events }
    }

    func claims(_ session: BackendSessionResponse) throws -> SessionTokenClaims {
        let parts = try #require(JWS.parse(session.idToken.value))
        return try #require(TokenJSON.sessionClaims(from: parts.payload))
    }

    @Test("beforeCreate then beforeSignIn change the new account by their masks; session claims stay in the session")
    func changes() throws {
        use([.beforeCreate: create, .beforeSignIn: signIn])
        functions.answer(
            create,
            #"{"userRecord": {"updateMask": "displayName,customClaims", "displayName": "old", "photoUrl": "ignored", "customClaims": {"tier": 1}}}"#
        )
        functions.answer(
            signIn,
            #"{"userRecord": {"updateMask": "displayName,emailVerified,sessionClaims", "displayName": "Ada", "emailVerified": true, "sessionClaims": {"device": "laptop"}}}"#
        )
        let session = try service.signUp(email: "ada@example.com", password: "correct horse battery")
        let token = try claims(session)
        #expect(token.name == "Ada" && token.emailVerified == true)
        #expect(token.customClaims["tier"] == .integer(1) && token.customClaims["device"] == .string("laptop"))
        let account = try #require(try service.account(uid: session.localId))
        #expect(account.displayName == "Ada" && account.photoURL == nil && account.emailVerified)
        #expect(account.customAttributes == #"{"tier":1}"#, "session claims are not the account's")

        #expect(functions.received.withLock { $0.map(\.url) } == [create, signIn])
        #expect(functions.claims(0)["event_type"] as? String == "beforeCreate")
        #expect(functions.claims(0)["sign_in_method"] as? String == "password")
        let record = functions.claims(1)["user_record"] as? [String: Any]
        #expect(record?["uid"] as? String == session.localId && record?["display_name"] as? String == "old")

        // A refresh is no sign-in: no function is called, and the session keeps its claims.
        let refreshed = try service.refreshSession(refreshToken: session.refreshToken)
        #expect(functions.received.withLock { $0.count } == 2)
        #expect(try claims(refreshed).customClaims["device"] == .string("laptop"))
    }

    @Test(
        "attack: a function that fails, disables the account or answers nonsense refuses the sign-in; nothing is made")
    func refusals() throws {
        use([.beforeCreate: create])
        let answers: [(Int, String, IdentityBackendError.Code)] = [
            (500, "{}", .blockingFunctionErrorResponse), (200, "not json", .blockingFunctionErrorResponse),
            (200, #"{"userRecord": {"displayName": "x"}}"#, .blockingFunctionErrorResponse),
            (
                200, #"{"userRecord": {"updateMask": "customClaims", "customClaims": {"sub": "x"}}}"#,
                .blockingFunctionErrorResponse
            ),
            (200, #"{"userRecord": {"updateMask": "disabled", "disabled": true}}"#, .userDisabled),
        ]
        let before = try service.snapshot()
        for (status, body, code) in answers {
            functions.answer(create, status: status, body)
            #expect(
                errorCode { () throws(IdentityBackendError) in
                    _ = try service.signUp(email: "eve@example.com", password: "correct horse battery")
                } == code, "\(body)")
        }
        // And no answer at all (the function is down).
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signUp(email: "eve@example.com", password: "correct horse battery")
            } == .blockingFunctionErrorResponse)
        #expect(try service.snapshot().accounts == before.accounts, "no account was made")
    }

    /// A genuine Google sign-in request for `email`, from the backend's own Google issuer.
    func googleRequest(_ email: String) throws -> IdPSignInRequest {
        let nonce = UUID().uuidString
        let issued = try backend.googleIssuer.signIn(email: email, nonce: SHA256.hexDigest(nonce))
        return IdPSignInRequest(
            providerId: "google.com", idToken: Secret(issued.idToken), rawNonce: Secret(nonce),
            accessToken: Secret(issued.accessToken))
    }

    @Test("linking a provider's identity is a sign-in with it: beforeSignIn hears of it; a refusal links nothing")
    func linkIsSignIn() throws {
        let ada = try service.signUp(email: "ada@example.com", password: "correct horse battery")
        let eve = try service.signUp(email: "eve@example.com", password: "correct horse battery")
        // Two of the chooser's accounts, whose emails are none of these accounts'.
        let accounts = try backend.googleIssuer.accounts()
        try #require(accounts.count >= 2)
        use([.beforeSignIn: signIn])
        functions.answer(signIn, #"{"userRecord": {"updateMask": "displayName", "displayName": "Ada L."}}"#)
        let linked = try service.linkWithIdP(idToken: ada.idToken, try googleRequest(accounts[0].email))
        let token = try claims(linked)
        #expect(token.name == "Ada L." && token.identities["google.com"] != nil)
        #expect(functions.claims(0)["event_type"] as? String == "beforeSignIn")
        #expect(functions.claims(0)["sign_in_method"] as? String == "google.com")

        functions.answer(signIn, status: 500, "{}")
        let request = try googleRequest(accounts[1].email)
        #expect(
            errorCode { () throws(IdentityBackendError) in _ = try service.linkWithIdP(idToken: eve.idToken, request) }
                == .blockingFunctionErrorResponse)
        #expect(try service.account(uid: eve.localId)?.providerIds == ["password"], "nothing was linked")
    }

    @Test("the provider's credentials go to the functions only as forwardInboundCredentials names them")
    func forwardedCredentials() throws {
        let accounts = try backend.googleIssuer.accounts()
        use([.beforeSignIn: signIn])
        functions.answer(signIn, "{}")
        let first = try googleRequest(accounts[0].email)
        _ = try service.signInWithIdP(first)
        #expect(functions.claims(0)["oauth_id_token"] == nil && functions.claims(0)["oauth_access_token"] == nil)

        service.updateProjectSettings { $0.forwardedCredentials = [.idToken] }
        functions.answer(signIn, "{}")
        let second = try googleRequest(accounts[0].email)
        _ = try service.signInWithIdP(second)
        #expect(functions.claims(1)["oauth_id_token"] as? String == second.idToken.value)
        #expect(functions.claims(1)["oauth_access_token"] == nil)

        service.updateProjectSettings { $0.forwardedCredentials = [.accessToken, .refreshToken] }
        functions.answer(signIn, "{}")
        let third = try googleRequest(accounts[0].email)
        _ = try service.signInWithIdP(third)
        #expect(functions.claims(2)["oauth_access_token"] as? String == third.accessToken?.value)
        #expect(functions.claims(2)["oauth_id_token"] == nil && functions.claims(2)["oauth_refresh_token"] == nil)
    }

    @Test("guests, administrators and a sign-in waiting for its second factor meet no function")
    func notCalled() throws {
        use([.beforeCreate: create, .beforeSignIn: signIn])
        _ = try service.signUpAnonymously()
        _ = try service.createAccount(.init(uid: "made-by-admin", email: "admin-made@example.com"))
        var admin = EmbeddedIdentityService.NewAccount(
            uid: "with-factor", email: "mfa@example.com", password: "correct horse battery", emailVerified: true)
        admin.secondFactors = [.init(phoneNumber: "+15555550100")]
        _ = try service.createAccount(admin)
        #expect(
            errorCode { () throws(IdentityBackendError) in
                _ = try service.signInWithPassword(email: "mfa@example.com", password: "correct horse battery")
            } == .secondFactorRequired)
        #expect(functions.received.withLock { $0.isEmpty })
    }
}
