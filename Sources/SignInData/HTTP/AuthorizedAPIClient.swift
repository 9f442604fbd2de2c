public import SignInDomain

/// A client for the app's own API (the FastAPI notes service's API client): adds `Authorization: Bearer <ID token>` from the
/// current session, and on a `401` refreshes once and retries once.
public struct AuthorizedAPIClient: Sendable {
    private let sessions: SessionManager
    private let transport: any HTTPTransport

    /// Creates the client.
    public init(sessions: SessionManager, transport: any HTTPTransport) {
        self.sessions = sessions
        self.transport = transport
    }

    /// Sends `request` as the signed-in user.
    /// - Returns: The response; any status but a second `401` is the caller's to read.
    /// - Throws: `AuthError/notSignedIn`; `AuthError/signedOut(_:)` when the session could not be
    ///   refreshed or the API refused it again after a refresh (the user is then signed out);
    ///   `AuthError/network(reason:)` when no response arrived.
    public func send(_ request: HTTPRequest) async throws(AuthError) -> HTTPResponse {
        let session = try await sessions.validSession()
        let first = try await send(request, bearer: session.tokens.idToken)
        guard first.status == 401 else { return first }

        let refreshed = try await sessions.validSession(forceRefresh: true)
        let second = try await send(request, bearer: refreshed.tokens.idToken)
        guard second.status == 401 else { return second }
        try? await sessions.signOut(reason: .unauthorized)
        throw .signedOut(.unauthorized)
    }

    private func send(_ request: HTTPRequest, bearer: Secret) async throws(AuthError) -> HTTPResponse {
        var authorized = request
        authorized.headers["Authorization"] = "Bearer \(bearer.value)"
        do {
            return try await transport.send(authorized)
        } catch let error as AuthError {
            throw error
        } catch {
            throw .network(reason: String(describing: error))
        }
    }
}
