/// The protected header of a JWT: `alg`, `typ` and an optional `kid`.
public struct JOSEHeader: Codable, Hashable, Sendable {
    /// The algorithm; only `HS256` is accepted by the embedded backend.
    public var alg: String
    /// The type, `JWT`.
    public var typ: String?
    /// The key id.
    public var kid: String?

    /// Creates a header.
    public init(alg: String = "HS256", typ: String? = "JWT", kid: String? = nil) {
        self.alg = alg
        self.typ = typ
        self.kid = kid
    }
}
