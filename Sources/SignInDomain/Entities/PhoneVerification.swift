/// A code sent by SMS, waiting for the user to type it: the number it went to, and the backend's id of the
/// verification (Firebase's `sessionInfo`). The id is a secret: with the code, it signs in.
public struct PhoneVerification: Hashable, Sendable, Codable {
    /// The number the code went to, in E.164.
    public var phoneNumber: String
    /// The backend's id of the verification.
    public var id: Secret

    /// Creates a verification.
    public init(phoneNumber: String, id: Secret) {
        self.phoneNumber = phoneNumber
        self.id = id
    }
}
