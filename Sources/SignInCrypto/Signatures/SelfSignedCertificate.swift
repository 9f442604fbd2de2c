package import Foundation

/// A self-signed X.509 v3 certificate (RFC 5280) of an RSA key, signed with sha256WithRSAEncryption: how Google
/// publishes the keys of Firebase ID tokens as PEM certificates beside their JWK Set, for clients that read
/// certificates (the Admin SDKs). The certificate carries the public key; its name and dates are what a reader checks.
package enum SelfSignedCertificate {
    /// The DER encoding of the certificate of `key`, named `commonName`, valid from `notBefore` to `notAfter`.
    /// - Throws: ``RSASigningKeyError/libraryFailed`` when the key did not sign.
    package static func der(
        of key: RSASigningKey, commonName: String, serial: [UInt8], notBefore: Date, notAfter: Date
    ) throws(RSASigningKeyError) -> [UInt8] {
        let sha256WithRSA = DERWriter.sequence([DERWriter.oid([1, 2, 840, 113_549, 1, 1, 11]), DERWriter.null])
        let rsaEncryption = DERWriter.sequence([DERWriter.oid([1, 2, 840, 113_549, 1, 1, 1]), DERWriter.null])
        let name = DERWriter.sequence([
            DERWriter.set([DERWriter.sequence([DERWriter.oid([2, 5, 4, 3]), DERWriter.utf8String(commonName)])])
        ])
        let publicKey = DERWriter.sequence([
            DERWriter.unsignedInteger(key.publicKey.modulus), DERWriter.unsignedInteger(key.publicKey.exponent),
        ])
        let tbs = DERWriter.sequence([
            DERWriter.contextTag(0, DERWriter.unsignedInteger([2])), DERWriter.unsignedInteger(serial), sha256WithRSA,
            name, DERWriter.sequence([DERWriter.time(notBefore), DERWriter.time(notAfter)]), name,
            DERWriter.sequence([rsaEncryption, DERWriter.bitString(publicKey)]),
        ])
        return DERWriter.sequence([tbs, sha256WithRSA, DERWriter.bitString(try key.signature(for: tbs))])
    }

    /// `der` as PEM: base64 in lines of 64 characters between the `CERTIFICATE` armour lines.
    package static func pem(_ der: [UInt8]) -> String {
        let text = Data(der).base64EncodedString()
        var lines: [Substring] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            lines.append(rest.prefix(64))
            rest = rest.dropFirst(64)
        }
        return "-----BEGIN CERTIFICATE-----\n" + lines.joined(separator: "\n") + "\n-----END CERTIFICATE-----\n"
    }
}

/// The few DER encodings a certificate needs (X.690).
enum DERWriter {
    static func element(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        [tag] + length(content.count) + content
    }

    static func length(_ count: Int) -> [UInt8] {
        guard count >= 0x80 else { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var rest = count
        while rest > 0 {
            bytes.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }

    static func sequence(_ parts: [[UInt8]]) -> [UInt8] { element(0x30, parts.flatMap { $0 }) }
    static func set(_ parts: [[UInt8]]) -> [UInt8] { element(0x31, parts.flatMap { $0 }) }
    static let null: [UInt8] = [0x05, 0x00]
    static func utf8String(_ text: String) -> [UInt8] { element(0x0C, Array(text.utf8)) }
    static func bitString(_ bytes: [UInt8]) -> [UInt8] { element(0x03, [0x00] + bytes) }
    static func contextTag(_ number: UInt8, _ content: [UInt8]) -> [UInt8] { element(0xA0 | number, content) }

    /// A non-negative INTEGER from big-endian bytes: leading zeros dropped, one added when the top bit is set.
    static func unsignedInteger(_ bytes: [UInt8]) -> [UInt8] {
        var digits = Array(bytes.drop { $0 == 0 })
        if digits.isEmpty { digits = [0] }
        if digits[0] & 0x80 != 0 { digits.insert(0, at: 0) }
        return element(0x02, digits)
    }

    static func oid(_ arcs: [UInt]) -> [UInt8] {
        var content = [UInt8(arcs[0] * 40 + arcs[1])]
        for arc in arcs.dropFirst(2) {
            var chunk = [UInt8(arc & 0x7F)]
            var rest = arc >> 7
            while rest > 0 {
                chunk.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
                rest >>= 7
            }
            content += chunk
        }
        return element(0x06, content)
    }

    /// UTCTime until 2049, GeneralizedTime after (RFC 5280 §4.1.2.5), in UTC to the second.
    static func time(_ date: Date) -> [UInt8] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let year = parts.year ?? 1970
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        let rest = two(parts.month) + two(parts.day) + two(parts.hour) + two(parts.minute) + two(parts.second) + "Z"
        return year < 2050
            ? element(0x17, Array((two(year % 100) + rest).utf8))
            : element(0x18, Array((String(format: "%04d", year) + rest).utf8))
    }
}
