/// Compact JSON objects for token parts, written field by field: the bytes `JSONEncoder` makes with sorted keys and
/// unescaped slashes (tests compare the two), without its generic machinery, which dominated the cost of signing a
/// token. Callers add fields in sorted key order.
struct CompactJSONObject {
    private(set) var bytes: [UInt8] = [UInt8(ascii: "{")]

    init() {
        bytes.reserveCapacity(256)
    }

    /// The finished object.
    var finished: [UInt8] { bytes + [UInt8(ascii: "}")] }

    mutating func add(_ key: String, _ value: String?) {
        guard let value else { return }
        start(key)
        appendString(value)
    }

    mutating func add(_ key: String, _ value: Int?) {
        guard let value else { return }
        start(key)
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func add(_ key: String, _ value: Bool?) {
        guard let value else { return }
        start(key)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func add(_ key: String, _ values: [String]) {
        start(key)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendString(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A nested object, already written.
    mutating func add(_ key: String, _ object: CompactJSONObject) {
        start(key)
        bytes.append(contentsOf: object.finished)
    }

    private mutating func start(_ key: String) {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        appendString(key)
        bytes.append(UInt8(ascii: ":"))
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\b \f \n \r \t` or `\u00XX`, the rest as UTF-8.
    private mutating func appendString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

extension JOSEHeader {
    /// The header as compact JSON with sorted keys.
    public var compactJSON: [UInt8] {
        var object = CompactJSONObject()
        object.add("alg", alg)
        object.add("kid", kid)
        object.add("typ", typ)
        return object.finished
    }
}

extension IdentityTokenClaims {
    /// The claims as compact JSON with sorted keys (`aud` a string when there is one audience).
    /// The provider's own claims go in their sorted places among the others.
    public var compactJSON: [UInt8] {
        var object = CompactJSONObject()
        var extra = providerClaims.filter { !Self.standardNames.contains($0.key) }.sorted { $0.key < $1.key }[...]
        func add(before name: String) {
            while let next = extra.first, next.key < name {
                object.add(next.key, next.value)
                extra.removeFirst()
            }
        }
        add(before: "aud")
        if aud.count == 1 { object.add("aud", aud[0]) } else { object.add("aud", aud) }
        add(before: "azp")
        object.add("azp", azp)
        add(before: "email")
        object.add("email", email)
        add(before: "email_verified")
        object.add("email_verified", emailVerified)
        add(before: "exp")
        object.add("exp", exp)
        add(before: "iat")
        object.add("iat", iat)
        add(before: "is_private_email")
        object.add("is_private_email", isPrivateEmail)
        add(before: "iss")
        object.add("iss", iss)
        add(before: "name")
        object.add("name", name)
        add(before: "nonce")
        object.add("nonce", nonce)
        add(before: "sub")
        object.add("sub", sub)
        for (name, value) in extra { object.add(name, value) }
        return object.finished
    }
}

extension SessionTokenClaims {
    /// The claims as compact JSON with sorted keys, `firebase` and its `identities` included.
    public var compactJSON: [UInt8] {
        var identityObject = CompactJSONObject()
        for (provider, ids) in identities.sorted(by: { $0.key < $1.key }) { identityObject.add(provider, ids) }
        var firebase = CompactJSONObject()
        firebase.add("identities", identityObject)
        firebase.add("sign_in_provider", signInProvider)
        var object = CompactJSONObject()
        object.add("aud", aud)
        object.add("auth_time", authTime)
        object.add("email", email)
        object.add("email_verified", emailVerified)
        object.add("exp", exp)
        object.add("firebase", firebase)
        object.add("iat", iat)
        object.add("iss", iss)
        object.add("name", name)
        object.add("sid", sessionID)
        object.add("sub", sub)
        object.add("user_id", sub)
        return object.finished
    }
}
