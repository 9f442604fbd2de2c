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
