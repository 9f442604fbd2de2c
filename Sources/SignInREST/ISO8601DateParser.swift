public import Foundation

/// Reads the ISO 8601 date-times that REST backends send, without `DateFormatter` and its locale, calendar and
/// time-zone pitfalls, and without `ISO8601DateFormatter`'s all-or-nothing options (it reads fractional seconds
/// or not, a zone or not, never both forms with one setting).
///
/// Accepted: `YYYY-MM-DDThh:mm:ss`, then optional fractional seconds of 1 to 9 digits after `.` or `,`, then an
/// optional zone: `Z`, `±hh:mm`, `±hhmm` or `±hh`. `T` and `Z` may be lower case, and a space may stand for `T`
/// (Python's `str(datetime)`). A date-time with no zone is read as UTC: that is what the FastAPI notes service sends
/// (`2024-03-05T19:43:01.123456`, a naive `datetime.utcnow()`). Every field is range-checked (month, day in its
/// month with leap years, hour 0–23, minute 0–59, second 0–60, where 60 is a leap second and counts as the first
/// second of the next minute; zone at most ±23:59). Anything else, a date alone included, is refused.
///
/// ```swift
/// ISO8601DateParser.date(from: "2024-03-05T19:43:01.123456")   // 2024-03-05 19:43:01.123456 UTC
/// ISO8601DateParser.date(from: "2024-03-05T21:43:01+02:00")    // 2024-03-05 19:43:01 UTC
/// ISO8601DateParser.date(from: "05/03/2024")                   // nil
/// ```
public enum ISO8601DateParser {
    /// The longest text read; a longer one is refused without being scanned.
    public static let maximumLength = 64

    /// The instant `text` names, or `nil` when it is not an accepted ISO 8601 date-time.
    public static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumLength else { return nil }
        var scanner = Scanner(bytes: bytes)
        guard let year = scanner.digits(4), scanner.skip("-"),
            let month = scanner.digits(2), scanner.skip("-"),
            let day = scanner.digits(2), scanner.skip(anyOf: "Tt "),
            let hour = scanner.digits(2), scanner.skip(":"),
            let minute = scanner.digits(2), scanner.skip(":"),
            let second = scanner.digits(2)
        else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), (0...23).contains(hour),
            (0...59).contains(minute), (0...60).contains(second)
        else { return nil }

        var nanoseconds = 0
        if scanner.skip(".") || scanner.skip(",") {
            guard let (fraction, count) = scanner.fraction(maximumDigits: 9) else { return nil }
            nanoseconds = fraction
            for _ in count..<9 { nanoseconds *= 10 }
        }

        var offsetSeconds = 0
        if scanner.skip(anyOf: "Zz") {
            // UTC.
        } else if let sign = scanner.sign() {
            guard let hours = scanner.digits(2), hours <= 23 else { return nil }
            var minutes = 0
            if !scanner.isAtEnd {
                _ = scanner.skip(":")
                guard let parsed = scanner.digits(2), parsed <= 59 else { return nil }
                minutes = parsed
            }
            offsetSeconds = sign * (hours * 3600 + minutes * 60)
        }
        guard scanner.isAtEnd else { return nil }

        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: TimeInterval(seconds) + TimeInterval(nanoseconds) / 1_000_000_000)
    }

    /// The number of days in `month` of `year` in the proleptic Gregorian calendar.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// Days from 1970-01-01 to the date (negative before it): Howard Hinnant's `days_from_civil`.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Reads ASCII fields from the front of the bytes.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        /// Exactly `count` ASCII digits, as a number.
        mutating func digits(_ count: Int) -> Int? {
            guard bytes.count - index >= count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard let digit = Self.digit(byte) else { return nil }
                value = value * 10 + digit
            }
            index += count
            return value
        }

        /// 1 to `maximumDigits` digits, as a number and a count. More digits than that refuse the text.
        mutating func fraction(maximumDigits: Int) -> (Int, Int)? {
            var value = 0
            var count = 0
            while index < bytes.count, let digit = Self.digit(bytes[index]) {
                count += 1
                guard count <= maximumDigits else { return nil }
                value = value * 10 + digit
                index += 1
            }
            return count == 0 ? nil : (value, count)
        }

        /// `+1` or `-1` for an ASCII sign (the Unicode minus sign, U+2212, is not accepted).
        mutating func sign() -> Int? {
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "+"):
                index += 1
                return 1
            case UInt8(ascii: "-"):
                index += 1
                return -1
            default:
                return nil
            }
        }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func skip(anyOf characters: String) -> Bool {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }

        static func digit(_ byte: UInt8) -> Int? {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
        }
    }
}
