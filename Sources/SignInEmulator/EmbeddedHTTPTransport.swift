package import SignInData
import SignInEmbeddedBackend

/// Sends requests to an ``EmbeddedHTTPFace`` in-process: a Firebase REST client talks to the embedded backend
/// with no socket, in tests and in the demo.
package struct EmbeddedHTTPTransport: HTTPTransport {
    private let face: EmbeddedHTTPFace

    /// Creates the transport.
    /// - Parameter face: The face that answers every request.
    package init(face: EmbeddedHTTPFace) {
        self.face = face
    }

    /// Answers `request` with the face. No network is involved, so nothing times out.
    /// - Throws: `CancellationError` when the task was cancelled before the request was handled.
    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        return face.handle(request)
    }
}
