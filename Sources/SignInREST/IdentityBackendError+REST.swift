import SignInData

extension IdentityBackendError.Code {
    /// The API answered with a success whose body is not what the contract says.
    static let invalidResponse = IdentityBackendError.Code(rawValue: "INVALID_RESPONSE")

    /// An error status the mapping does not know for the call: `HTTP_502`.
    static func http(_ status: Int) -> IdentityBackendError.Code {
        IdentityBackendError.Code(rawValue: "HTTP_\(status)")
    }
}

extension IdentityBackendError {
    /// An answer that is not what the contract says.
    static func invalidResponse(_ message: String) -> IdentityBackendError {
        IdentityBackendError(.invalidResponse, message: message)
    }
}
