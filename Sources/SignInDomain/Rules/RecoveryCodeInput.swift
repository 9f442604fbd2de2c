/// A recovery code as a user types it: ten letters and digits, perhaps in two groups of five ("k7m2p-x9q4r"), in any
/// case. Checked before any call, so that a typo costs no attempt at the backend.
public enum RecoveryCodeInput {
    /// Characters of a code: digits and lower-case letters without `0`, `1`, `i`, `l` and `o`, which are read
    /// wrong from paper.
    public static let alphabet = Array("23456789abcdefghjkmnpqrstuvwxyz")
    /// Characters in a code.
    public static let length = 10

    /// The code's characters, lower case, without the spaces and hyphens between groups.
    /// - Throws: ``AuthError/invalidRecoveryCode`` for another length or a character no code has.
    public static func validate(_ typed: Secret) throws(AuthError) -> Secret {
        var code = ""
        for character in typed.value {
            if character == " " || character == "-" { continue }
            let lower = Character(character.lowercased())
            guard alphabet.contains(lower) else { throw .invalidRecoveryCode }
            code.append(lower)
        }
        guard code.count == length else { throw .invalidRecoveryCode }
        return Secret(code)
    }

    /// `code` as it is shown: two groups of five joined by a hyphen.
    public static func grouped(_ code: Secret) -> String {
        let characters = Array(code.value)
        guard characters.count == length else { return code.value }
        return String(characters[..<5]) + "-" + String(characters[5...])
    }
}
