/// The address to listen on and the limits that keep one client from holding the server.
///
/// Start from `HTTPServerConfiguration()` and change what you need; every limit has a default fit for a
/// local development server.
package struct HTTPServerConfiguration: Sendable {
    /// The IPv4 address to listen on, as a literal (`127.0.0.1`, `0.0.0.0`); `localhost` means `127.0.0.1`.
    package var host: String = "127.0.0.1"
    /// The TCP port; 0 lets the system pick a free one, which ``HTTPServer/start()`` returns.
    package var port: UInt16 = 0
    /// The most bytes a request line and its headers may take, blank line included. A request over it is
    /// answered 431 and its connection closed.
    package var maximumHeaderBytes = 16 * 1024
    /// The largest `Content-Length` accepted. A request that announces more is answered 413 and its
    /// connection closed without reading the body.
    package var maximumBodyBytes = 1024 * 1024
    /// Seconds allowed to receive one whole request once its first byte has arrived; after that the client is
    /// answered 408 and disconnected, so a client trickling bytes (slow loris) cannot hold a thread. A new
    /// connection that sends nothing within this time is closed without an answer.
    package var readTimeout: Double = 10
    /// Seconds a keep-alive connection may wait for its next request before it is closed without an answer.
    package var idleTimeout: Double = 30
    /// Seconds a response may take to send to a client that does not read it, or reads it a trickle at a time; then
    /// the connection is closed (a send already blocked may take this long again).
    package var writeTimeout: Double = 10
    /// The most connections served at once. When one more arrives, the connection that has waited longest for a
    /// request gives its slot up (from the client holding the most); when every connection is busy with a request,
    /// the new one is answered 503 and closed at once.
    package var maximumConnections = 128
    /// The most connections one client (one IP address) holds at once. When it opens one more, its own connection
    /// that has waited longest for a request gives its slot up; when all of its connections are busy with a
    /// request, the new one is answered 503 and closed at once.
    package var maximumConnectionsPerClient = 64

    /// Creates the default configuration: 127.0.0.1, any free port, 16 KiB of headers, 1 MiB of body, 10 s to
    /// read a request, 30 s of keep-alive, 10 s per response sent, 128 connections, 64 of them from one client.
    package init() {}
}
