public import Foundation
public import SignInData
public import SignInDomain
import SignInEmbeddedIssuers
public import SignInJOSE
import SignInLocking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where the published keys of a real OpenID Connect issuer come from: its discovery document's `jwks_uri`. Called
/// outside any state update, so that a slow provider holds up no other request.
public protocol KeySetFetcher: Sendable {
    /// The JWK Set of `issuer`, and the issuer its discovery document names.
    /// - Parameter issuer: The registered issuer.
    /// - Throws: `IdentityBackendError` with `invalidIdPResponse` and what failed.
    func publishedKeys(issuer: String) throws(IdentityBackendError) -> PublishedKeys
}

/// What a real issuer publishes: its keys, and its issuer as its discovery document names it.
public struct PublishedKeys: Hashable, Sendable {
    /// The JWK Set.
    public var keys: JSONWebKeySet
    /// The document's `issuer`: the registered one, or a multi-tenant template (`…/{tenantid}/v2.0` for a registered
    /// `…/common/v2.0`), whose tenants' tokens are then accepted when their `tid` names the tenant.
    public var announcedIssuer: String

    /// Creates what an issuer publishes.
    public init(keys: JSONWebKeySet, announcedIssuer: String) {
        self.keys = keys
        self.announcedIssuer = announcedIssuer
    }
}

/// The published keys of the real issuers, cached by issuer: read again after ``maximumAge``, or sooner when a token
/// names a key (`kid`) the cached set lacks, as providers rotate keys, but not more often than
/// ``minimumRefreshInterval``, so that tokens with made-up key ids cannot make the backend fetch on every request.
/// When a fetch fails, the keys fetched last go on being used.
public final class PublishedKeySets: Sendable {
    /// How long a key set is used before it is fetched again, in seconds.
    public let maximumAge: TimeInterval
    /// The shortest time between two fetches for one issuer, in seconds.
    public let minimumRefreshInterval: TimeInterval
    private let fetcher: any KeySetFetcher
    private let clock: any WallClock
    private let entries = Locked<[String: Entry]>([:])

    private struct Entry {
        var keys: JSONWebKeySet?
        var fetchedAt: Date
        var template: String?
    }

    /// Creates the cache.
    /// - Parameters:
    ///   - fetcher: Where key sets come from.
    ///   - clock: The time ages are measured with.
    ///   - maximumAge: How long a key set is used, in seconds (an hour by default).
    ///   - minimumRefreshInterval: The shortest time between two fetches for one issuer, in seconds.
    public init(
        fetcher: any KeySetFetcher, clock: any WallClock, maximumAge: TimeInterval = 3600,
        minimumRefreshInterval: TimeInterval = 30
    ) {
        self.fetcher = fetcher
        self.clock = clock
        self.maximumAge = maximumAge
        self.minimumRefreshInterval = minimumRefreshInterval
    }

    /// Makes sure the keys that can verify `token` are at hand, fetching them when needed: when none were fetched
    /// yet, when they are older than ``maximumAge``, or when the token names a key they lack; the last two, and a
    /// fetch that failed, at most once per ``minimumRefreshInterval``. Of requests that find a fetch due at once, one
    /// fetches; the others go on with the keys there are.
    /// - Parameters:
    ///   - issuer: The issuer whose keys sign the token.
    ///   - token: The compact token, whose header's `kid` is looked for.
    /// - Throws: The fetch's error, when it failed and no keys were ever fetched for `issuer`.
    func prepare(issuer: String, token: String) throws(IdentityBackendError) {
        let now = clock.now()
        let kid = JWS.parse(token).flatMap { try? JSONDecoder().decode(JOSEHeader.self, from: Data($0.header)) }?.kid
        // Deciding and claiming the fetch under one lock: the claim is the attempt's time.
        let due = entries.withLock { entries in
            guard let entry = entries[issuer] else {
                entries[issuer] = Entry(keys: nil, fetchedAt: now)
                return true
            }
            let age = now.timeIntervalSince(entry.fetchedAt)
            let lacksKey = kid.map { kid in entry.keys?.keys.contains { $0.kid == kid } != true } ?? false
            let isDue =
                (entry.keys != nil && age >= maximumAge)
                || ((entry.keys == nil || lacksKey) && age >= minimumRefreshInterval)
            if isDue { entries[issuer]?.fetchedAt = now }
            return isDue
        }
        guard due else { return }
        do throws(IdentityBackendError) {
            let published = try fetcher.publishedKeys(issuer: issuer)
            // Only a template the registered issuer is one tenant of: a document cannot widen the issuers otherwise.
            let template = IssuerTemplate(published.announcedIssuer).flatMap {
                $0.acceptsSomeTenant(issuer) ? $0.template : nil
            }
            entries.withLock { $0[issuer] = Entry(keys: published.keys, fetchedAt: now, template: template) }
        } catch {
            // The attempt's time stays, so that a provider that is down is not asked again on every request.
            if entries.withLock({ $0[issuer]?.keys }) == nil { throw error }
        }
    }

    /// The multi-tenant template `issuer`'s discovery document named, when it named one the registered issuer is a
    /// tenant of.
    func template(issuer: String) -> String? {
        entries.withLock { $0[issuer]?.template }
    }

    /// The keys last fetched for `issuer`.
    /// - Throws: `invalidIdPResponse` when none were.
    func keys(issuer: String) throws(IdentityBackendError) -> JSONWebKeySet {
        guard let keys = entries.withLock({ $0[issuer]?.keys }) else {
            throw IdentityBackendError(.invalidIdPResponse, message: "the keys of \(issuer) could not be fetched")
        }
        return keys
    }
}

/// Fetches key sets over HTTP with `URLSession`: the discovery document (whose `issuer` must be the one asked for),
/// then its `jwks_uri` (`https`, or `http` on this machine's loopback). Each request waits at most ``timeout``; the
/// calling thread waits with it.
public struct URLSessionKeySetFetcher: KeySetFetcher {
    /// How long each request may take, in seconds.
    public let timeout: TimeInterval

    /// Creates a fetcher.
    /// - Parameter timeout: How long each request may take, in seconds.
    public init(timeout: TimeInterval = 10) {
        self.timeout = timeout
    }

    public func publishedKeys(issuer: String) throws(IdentityBackendError) -> PublishedKeys {
        let base = issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer
        guard let discovery = URL(string: base + "/.well-known/openid-configuration") else {
            throw IdentityBackendError(.invalidIdPResponse, message: "\(issuer) is not a web address")
        }
        let metadata: OpenIDProviderMetadata
        do {
            metadata = try OpenIDProviderMetadata(json: try get(discovery), issuer: issuer)
        } catch let error as IdentityBackendError {
            throw error
        } catch {
            throw IdentityBackendError(
                .invalidIdPResponse, message: "the discovery document of \(issuer) was refused (\(error))")
        }
        guard let keys = JSONWebKeySet(json: Array(try get(metadata.jwksURI))) else {
            throw IdentityBackendError(.invalidIdPResponse, message: "the key set of \(issuer) is not a JWK Set")
        }
        return PublishedKeys(keys: keys, announcedIssuer: metadata.issuer)
    }

    /// The body of a `GET` of `url` that answered `200`.
    private func get(_ url: URL) throws(IdentityBackendError) -> Data {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let result = Locked<Result<Data, IdentityBackendError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = URLSession.shared.dataTask(with: request) { data, response, error in
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            let outcome: Result<Data, IdentityBackendError> =
                if let data, status == 200, data.count <= 256 * 1024 {
                    .success(data)
                } else {
                    .failure(
                        IdentityBackendError(
                            .invalidIdPResponse,
                            message: "\(url.absoluteString) answered \(error.map { "\($0)" } ?? "status \(status)")"))
                }
            result.withLock { $0 = outcome }
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + timeout + 1) == .timedOut {
            task.cancel()
            throw IdentityBackendError(.invalidIdPResponse, message: "\(url.absoluteString) did not answer in time")
        }
        guard let outcome = result.withLock({ $0 }) else {
            throw IdentityBackendError(.invalidIdPResponse, message: "\(url.absoluteString) gave no answer")
        }
        return try outcome.get()
    }
}
