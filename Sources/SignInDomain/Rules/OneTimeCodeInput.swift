/// A one-time code as a user types it: digits, perhaps in groups ("123 456"). Checked before any call, so that a
/// typo costs no attempt at the backend.
public enum OneTimeCodeInput {
    /// The code's digits without the spaces and hyphens between groups.
    /// - Throws: ``AuthError/invalidSecondFactorCode`` for anything else, or another number of digits than `digits`.
    public static func validate(_ typed: Secret, digits: Int = 6) throws(AuthError) -> Secret {
        var code = ""
        for character in typed.value {
            if character == " " || character == "-" { continue }
            guard character.isASCII, character.isNumber else { throw .invalidSecondFactorCode }
            code.append(character)
        }
        guard code.count == digits else { throw .invalidSecondFactorCode }
        return Secret(code)
    }
}
