/// One request to the API: which operation, by what method, to which configured path. The error mapping reads
/// the operation (a `401` means wrong credentials on a login, an expired session on a bearer call); the traces and
/// the network errors read ``name``.
struct RESTCall: Hashable, Sendable {
    /// The operations of the API.
    enum Operation: Hashable, Sendable {
        case signUp, signIn, me, refresh, signOut, forgotPassword, resetPassword, deleteAccount
    }

    /// The operation.
    var operation: Operation
    /// The HTTP method.
    var method: String
    /// The configured path.
    var path: String

    /// `POST auth/login`: the method and the path, which hold no secret.
    var name: String { "\(method) \(path)" }
}
