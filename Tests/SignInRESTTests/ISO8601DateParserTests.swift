import Foundation
import Testing

@testable import SignInREST

/// ``ISO8601DateParser``: every form a REST service sends, checked against instants computed elsewhere (Python's
/// `datetime.fromisoformat(…).timestamp()`), and the texts it must refuse.
@Suite("ISO8601DateParser")
struct ISO8601DateParserTests {
    /// 2024-03-05T19:43:01Z.
    static let instant: TimeInterval = 1_709_667_781

    @Test(
        "every accepted form of 2024-03-05 19:43:01 UTC",
        arguments: [
            ("2024-03-05T19:43:01.123456", 0.123456),  // the FastAPI notes service: no zone, microseconds
            ("2024-03-05T19:43:01", 0),
            ("2024-03-05T19:43:01Z", 0),
            ("2024-03-05T19:43:01z", 0),
            ("2024-03-05t19:43:01Z", 0),
            ("2024-03-05 19:43:01.123456", 0.123456),  // Python's str(datetime)
            ("2024-03-05T19:43:01.1Z", 0.1),
            ("2024-03-05T19:43:01.12Z", 0.12),
            ("2024-03-05T19:43:01.123Z", 0.123),
            ("2024-03-05T19:43:01.1234Z", 0.1234),
            ("2024-03-05T19:43:01.12345Z", 0.12345),
            ("2024-03-05T19:43:01.123456Z", 0.123456),
            ("2024-03-05T19:43:01.1234567Z", 0.1234567),  // .NET
            ("2024-03-05T19:43:01.12345678Z", 0.12345678),
            ("2024-03-05T19:43:01.123456789Z", 0.123456789),  // Go's RFC3339Nano
            ("2024-03-05T19:43:01,5Z", 0.5),
            ("2024-03-05T19:43:01+00:00", 0),
            ("2024-03-05T19:43:01-00:00", 0),
            ("2024-03-05T21:43:01+02:00", 0),
            ("2024-03-05T21:43:01.123456+02:00", 0.123456),
            ("2024-03-05T14:43:01-05:00", 0),
            ("2024-03-06T01:13:01+05:30", 0),
            ("2024-03-06T01:13:01+0530", 0),
            ("2024-03-05T22:43:01+03", 0),
            ("2024-03-05T07:43:01-12:00", 0),
            ("2024-03-06T09:43:01+14:00", 0),
        ] as [(String, Double)])
    func accepted(text: String, fraction: Double) throws {
        let date = try #require(ISO8601DateParser.date(from: text))
        #expect(abs(date.timeIntervalSince1970 - (Self.instant + fraction)) < 0.000_001, "\(text)")
    }

    @Test(
        "the calendar is right across epochs, leap years and centuries",
        arguments: [
            ("1970-01-01T00:00:00Z", 0),
            ("1969-12-31T23:59:59Z", -1),
            ("2000-02-29T12:00:00Z", 951_825_600),
            ("2024-12-31T23:59:59Z", 1_735_689_599),
            ("0001-01-01T00:00:00Z", -62_135_596_800),
            ("9999-12-31T23:59:59Z", 253_402_300_799),
            ("2016-12-31T23:59:60Z", 1_483_228_800),  // a leap second: the next minute's first
            ("2026-01-01T00:00:00Z", 1_767_225_600),
        ] as [(String, Double)])
    func calendar(text: String, seconds: Double) throws {
        #expect(try #require(ISO8601DateParser.date(from: text)).timeIntervalSince1970 == seconds)
    }

    @Test(
        "anything else is refused",
        arguments: [
            "", "2024-03-05", "2024-03-05T", "2024-03-05T19:43", "2024-03-05T19:43Z", "19:43:01",
            "2024-3-5T19:43:01", "24-03-05T19:43:01", "+2024-03-05T19:43:01", "2024/03/05T19:43:01",
            "2024-03-05X19:43:01", "2024-03-05T19:43:01.", "2024-03-05T19:43:01.Z", "2024-03-05T19:43:01.1234567890",
            "2024-03-05T19:43:01.12a", "2024-03-05T19:43:01+", "2024-03-05T19:43:01+2", "2024-03-05T19:43:01+02:",
            "2024-03-05T19:43:01+02:0", "2024-03-05T19:43:01+0200x", "2024-03-05T19:43:01Z ", " 2024-03-05T19:43:01",
            "2024-03-05T19:43:01ZZ", "2024-03-05T19:43:01 +02:00", "2024-03-05T19:43:01−02:00",
            "2024-00-05T19:43:01", "2024-13-05T19:43:01", "2024-03-00T19:43:01", "2024-03-32T19:43:01",
            "2023-02-29T00:00:00", "1900-02-29T00:00:00", "2024-04-31T00:00:00", "2024-03-05T24:00:00",
            "2024-03-05T19:60:01", "2024-03-05T19:43:61", "2024-03-05T19:43:01+24:00", "2024-03-05T19:43:01+02:60",
            "２０２４-03-05T19:43:01", "2024-03-05T19:43:01.١٢٣", "1709667781", "yesterday",
            "2024-03-05T19:43:01" + String(repeating: "0", count: 64),
        ])
    func refused(text: String) {
        #expect(ISO8601DateParser.date(from: text) == nil, "\(text)")
    }

    @Test("leap years: every 4th year, not every 100th, every 400th")
    func leapYears() {
        #expect(ISO8601DateParser.date(from: "2024-02-29T00:00:00") != nil)
        #expect(ISO8601DateParser.date(from: "2000-02-29T00:00:00") != nil)
        #expect(ISO8601DateParser.date(from: "2100-02-29T00:00:00") == nil)
        #expect(ISO8601DateParser.date(from: "2023-02-28T00:00:00") != nil)
        for month in 1...12 {
            let last = ISO8601DateParser.daysIn(month: month, year: 2023)
            let text = String(format: "2023-%02d-%02dT00:00:00Z", month, last)
            #expect(ISO8601DateParser.date(from: text) != nil, "\(text)")
            let next = String(format: "2023-%02d-%02dT00:00:00Z", month, last + 1)
            #expect(ISO8601DateParser.date(from: next) == nil, "\(next)")
        }
    }

    @Test("every day from 1960 to 2040 agrees with Foundation's Gregorian calendar in UTC")
    func agreesWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var components = DateComponents(year: 1960, month: 1, day: 1)
        var day = try #require(calendar.date(from: components))
        let end = try #require(calendar.date(from: DateComponents(year: 2040, month: 12, day: 31)))
        while day <= end {
            components = calendar.dateComponents([.year, .month, .day], from: day)
            let text = String(
                format: "%04d-%02d-%02dT12:34:56Z", components.year ?? 0, components.month ?? 0, components.day ?? 0)
            #expect(ISO8601DateParser.date(from: text) == day.addingTimeInterval(12 * 3600 + 34 * 60 + 56))
            day = day.addingTimeInterval(86_400)
        }
    }
}
