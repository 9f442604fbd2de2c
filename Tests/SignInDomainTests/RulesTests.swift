import Foundation
import FoundationEssentials
import SignInDomain
import Testing

@Suite("EmailAddress")
struct EmailAddressTests {
    @Test(
        "accepts ordinary addresses, trimmed",
        arguments: ["jane@example.com", " jane.appleseed+news@mail.example.co.uk ", "a_b-c@x-y.io", "J@EXAMPLE.COM"])
    func valid(email: String) throws {
        #expect(try EmailAddress.validate(email) == email.trimmingCharacters(in: .whitespaces))
    }

    @Test(
        "refuses malformed addresses",
        arguments: [
            "", "   ", "jane", "jane@", "@example.com", "jane@example", "jane@@example.com", "jane@example.c",
            "ja ne@example.com", ".jane@example.com", "jane.@example.com", "ja..ne@example.com", "jane@-example.com",
            "jane@example-.com", "jane@exa_mple.com", "jane@example.123", "jané@example.com", "a@b@c.com",
            String(repeating: "a", count: 65) + "@example.com", "jane@" + String(repeating: "a", count: 250) + ".com",
        ])
    func invalid(email: String) {
        #expect(throws: AuthError.invalidEmail) { try EmailAddress.validate(email) }
    }
}

@Suite("PasswordPolicy")
struct PasswordPolicyTests {
    @Test(
        "states its rules: at least 8 characters, not all the same character",
        arguments: [
            ("", PasswordRule.tooShort), ("1234567", .tooShort), ("aaaaaaaa", .allSameCharacter),
            ("ßßßßßßßßßß", .allSameCharacter), ("🔑🔑🔑🔑🔑🔑🔑", .tooShort),
        ])
    func refuses(password: String, rule: PasswordRule) {
        #expect(PasswordPolicy.violation(of: password) == rule)
        #expect(throws: AuthError.weakPassword(rule)) { try PasswordPolicy.validate(password) }
    }

    @Test("accepts passwords that follow them", arguments: ["12345678", "aaaaaaab", "correct horse", "🔑🔑🔑🔑🔑🔑🔑🗝"])
    func accepts(password: String) throws {
        #expect(PasswordPolicy.violation(of: password) == nil)
        try PasswordPolicy.validate(password)
    }
}

@Suite("PhoneNumber")
struct PhoneNumberTests {
    @Test(
        "E.164 with an assigned country calling code is kept as + and digits; separators between digits go",
        arguments: [
            ("+15555550100", "+15555550100"), (" +1 (555) 555-0100 ", "+15555550100"),
            ("+44 20 7946 0958", "+442079460958"), ("+90 212 555 01 00", "+902125550100"),
            ("+886 2 2345 6789", "+886223456789"), ("+358.40.123.4567", "+358401234567"),
        ])
    func accepted(text: String, kept: String) {
        #expect(PhoneNumber.normalized(text) == kept)
    }

    @Test(
        "national forms, unassigned country codes, wrong lengths and other characters are refused",
        arguments: [
            "5555550100", "(555) 555-0100", "05555550100", "+0 555 555 0100", "+", "+1", "+1555", "+1234567890123456",
            "+384 12345678", "+1 555 555 0100 ext 2", "+1-555-555-01OO", "++15555550100", "invalid", "",
            String(repeating: "1", count: 100),
        ])
    func refused(text: String) {
        #expect(PhoneNumber.normalized(text) == nil)
    }

    @Test("country calling codes are prefix-free: a number has one, of one, two or three digits")
    func countryCodes() {
        #expect(PhoneNumber.countryCallingCode(of: "15555550100") == "1")
        #expect(PhoneNumber.countryCallingCode(of: "442079460958") == "44")
        #expect(PhoneNumber.countryCallingCode(of: "886223456789") == "886")
        #expect(PhoneNumber.countryCallingCode(of: "3841234567") == nil)
    }
}
