/// A rule of the password policy.
public enum PasswordRule: String, Hashable, Sendable, CaseIterable {
    /// Fewer than ``PasswordPolicy/minimumLength`` characters.
    case tooShort
    /// Every character is the same (`aaaaaaaa`).
    case allSameCharacter
    /// More than ``PasswordPolicy/maximumLength`` characters (or ``PasswordPolicy/maximumByteCount`` bytes).
    case tooLong
    /// The backend's own policy refused it (Firebase's password policy: `PASSWORD_DOES_NOT_MEET_REQUIREMENTS`).
    case rejectedByBackend
}

/// The password policy, checked on the client before any call and again by the backend: at least 8 and at most
/// 128 characters, not all the same character. Length counts characters as a person sees them, not bytes; the
/// byte bound keeps the cost of hashing bounded whatever the characters.
public enum PasswordPolicy {
    /// The shortest password accepted.
    public static let minimumLength = 8
    /// The longest password accepted, in characters (password managers make 20 to 64).
    public static let maximumLength = 128
    /// The longest password accepted, in UTF-8 bytes: four per character at most.
    public static let maximumByteCount = 4 * maximumLength

    /// Whether `password` is short enough to be checked at all. A sign-in with a longer one is refused without
    /// hashing it, the same way for every email.
    public static func isWithinLimits(_ password: String) -> Bool {
        password.utf8.count <= maximumByteCount && password.count <= maximumLength
    }

    /// The first rule `password` breaks, or `nil` when it is acceptable.
    /// - Parameters:
    ///   - password: The password.
    ///   - minimumLength: The shortest length taken: the policy's ``minimumLength`` unless a backend keeps another
    ///     (Firebase's is 6).
    public static func violation(of password: String, minimumLength: Int = minimumLength) -> PasswordRule? {
        if !isWithinLimits(password) { return .tooLong }
        if password.count < minimumLength { return .tooShort }
        if let first = password.first, password.allSatisfy({ $0 == first }) { return .allSameCharacter }
        return nil
    }

    /// Checks `password`.
    /// - Throws: ``AuthError/weakPassword(_:)``.
    public static func validate(_ password: String) throws(AuthError) {
        if let rule = violation(of: password) { throw .weakPassword(rule) }
    }
}
