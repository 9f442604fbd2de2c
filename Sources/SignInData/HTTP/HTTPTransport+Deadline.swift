public import Foundation

extension HTTPTransport {
    /// Sends `request`, giving up after `timeout` seconds whatever the transport does with ``HTTPRequest/timeout``
    /// (URLSession on Linux counts it in whole seconds): the send is cancelled, and the error is a timeout
    /// (`URLError.timedOut`). The REST backends send every request this way.
    public func send(_ request: HTTPRequest, within timeout: TimeInterval) async throws -> HTTPResponse {
        try await withThrowingTaskGroup(of: HTTPResponse?.self) { group in
            group.addTask { try await self.send(request) }
            group.addTask {
                try await Task.sleep(for: .seconds(timeout))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let response = first else { throw URLError(.timedOut) }
            return response
        }
    }
}
