/// A rule of the password policy.
public enum PasswordRule: String, Hashable, Sendable, CaseIterable {
    /// Fewer than ``PasswordPolicy/minimumLength`` characters.
    case tooShort
    /// Every character is the same (`aaaaaaaa`).
    case allSameCharacter
}

/// The password policy, checked on the client before any call: at least 8 characters, not all the same
/// character. Length counts characters as a person sees them, not bytes.
public enum PasswordPolicy {
    /// The shortest password accepted.
    public static let minimumLength = 8

    /// The first rule `password` breaks, or `nil` when it is acceptable.
    public static func violation(of password: String) -> PasswordRule? {
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
