/// Phone numbers in E.164, the only form a sign-in by SMS takes: `+`, a country calling code that ITU-T has
/// assigned, then the national number, 15 digits at most in all (ITU-T E.164 §6). Spaces, dashes, dots and brackets
/// between digits are dropped; a number without `+` (a national form such as `(555) 555-0100` or `05555550100`) is
/// refused, since the country it belongs to cannot be known.
public enum PhoneNumber {
    /// The expected form, for messages that say what to type.
    public static let example = "+15555550100"

    /// The number in E.164 (`+` and digits only), or `nil` when it is not one.
    public static func normalized(_ text: String) -> String? {
        // Bounded before any other work.
        guard text.utf8.count <= 64 else { return nil }
        let trimmed = text.trimmingWhitespace
        guard trimmed.first == "+" else { return nil }
        var digits = ""
        for character in trimmed.dropFirst() {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if !" -.()".contains(character) {
                return nil
            }
        }
        guard (8...15).contains(digits.count), digits.first != "0", let code = countryCallingCode(of: digits),
            digits.count - code.count >= 4
        else { return nil }
        return "+" + digits
    }

    /// The assigned country calling code `digits` starts with: country codes are prefix-free, so at most one of its
    /// first one, two or three digits is one.
    public static func countryCallingCode(of digits: String) -> String? {
        for length in 1...3 where digits.count > length {
            let prefix = String(digits.prefix(length))
            if assignedCodes.contains(prefix) { return prefix }
        }
        return nil
    }

    /// The country calling codes ITU-T has assigned (E.164 list of assigned codes), countries, global services and
    /// networks alike.
    static let assignedCodes: Set<String> = {
        var codes: Set<String> = [
            "1", "7", "20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44", "45", "46", "47",
            "48", "49", "51", "52", "53", "54", "55", "56", "57", "58", "60", "61", "62", "63", "64", "65", "66",
            "81", "82", "84", "86", "90", "91", "92", "93", "94", "95", "98",
        ]
        let threeDigit = [
            "211", "212", "213", "216", "218", "220-258", "260-269", "290", "291", "297", "298", "299", "350-359",
            "370-382", "385", "386", "387", "389", "420", "421", "423", "500-509", "590-599", "670", "672-683",
            "685-692", "800", "808", "850", "852", "853", "855", "856", "870", "878", "880", "881", "882", "883",
            "886", "888", "960-968", "970-977", "979", "992-996", "998",
        ]
        for entry in threeDigit {
            let bounds = entry.split(separator: "-").compactMap { Int($0) }
            guard let low = bounds.first, let high = bounds.last else { continue }
            for code in low...high { codes.insert(String(code)) }
        }
        return codes
    }()
}
