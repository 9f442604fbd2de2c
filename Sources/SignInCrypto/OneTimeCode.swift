/// The hash under a one-time code: SHA-1 is what RFC 6238 and every authenticator app default to.
public enum OneTimeCodeAlgorithm: String, Sendable, Hashable, CaseIterable {
    case sha1 = "SHA1"
    case sha256 = "SHA256"

    func authenticationCode(for message: [UInt8], key: [UInt8]) -> [UInt8] {
        switch self {
        case .sha1: HMACSHA1.authenticationCode(for: message, key: key)
        case .sha256: HMACSHA256.authenticationCode(for: message, key: key)
        }
    }
}

/// One-time codes: HOTP (RFC 4226) from a counter, and TOTP (RFC 6238), whose counter is the number of whole periods
/// since the Unix epoch. Checked against both RFCs' published vectors.
public struct OneTimeCodeGenerator: Sendable, Hashable {
    /// The hash (SHA-1 unless the enrolment said otherwise).
    public let algorithm: OneTimeCodeAlgorithm
    /// How many decimal digits a code has: 6 to 8.
    public let digits: Int
    /// Seconds a time-based code lasts.
    public let period: Int

    /// What authenticator apps assume when an `otpauth://` URI says nothing: SHA-1, 6 digits, 30 seconds.
    public static let standard = OneTimeCodeGenerator(uncheckedAlgorithm: .sha1, digits: 6, period: 30)

    /// `nil` unless `digits` is 6 to 8 (RFC 4226 §5.3 asks for at least 6; more than 8 would need bits that the
    /// dynamic truncation does not give) and `period` is 1 s to 1 hour.
    public init?(algorithm: OneTimeCodeAlgorithm, digits: Int, period: Int) {
        guard (6...8).contains(digits), (1...3_600).contains(period) else { return nil }
        self.init(uncheckedAlgorithm: algorithm, digits: digits, period: period)
    }

    private init(uncheckedAlgorithm algorithm: OneTimeCodeAlgorithm, digits: Int, period: Int) {
        self.algorithm = algorithm
        self.digits = digits
        self.period = period
    }

    /// The HOTP code for `counter`, zero-padded to `digits`.
    public func code(secret: [UInt8], counter: UInt64) -> String {
        let message = (0..<8).map { UInt8(truncatingIfNeeded: counter >> (56 - 8 * UInt64($0))) }
        let mac = algorithm.authenticationCode(for: message, key: secret)
        // RFC 4226 §5.3: the low nibble of the last byte picks 4 bytes; their top bit is dropped.
        let offset = Int(mac[mac.count - 1] & 0x0f)
        let truncated =
            UInt32(mac[offset] & 0x7f) << 24 | UInt32(mac[offset + 1]) << 16 | UInt32(mac[offset + 2]) << 8
            | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let value = String(truncated % modulus)
        return String(repeating: "0", count: digits - value.count) + value
    }

    /// The time step that `unixTime` (seconds since 1970) falls in; times before 1970 count as step 0.
    public func counter(at unixTime: Int64) -> UInt64 {
        UInt64(max(0, unixTime) / Int64(period))
    }

    /// The TOTP code at `unixTime`.
    public func code(secret: [UInt8], at unixTime: Int64) -> String {
        code(secret: secret, counter: counter(at: unixTime))
    }
}
