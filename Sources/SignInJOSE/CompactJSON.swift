import SignInData

/// Compact JSON objects for token parts, written field by field: the bytes `JSONEncoder` makes with sorted keys and
/// unescaped slashes (tests compare the two), without its generic machinery, which dominated the cost of signing a
/// token. Callers add fields in sorted key order.
struct CompactJSONObject {
    private(set) var bytes: [UInt8] = [UInt8(ascii: "{")]
    /// Members of free-form value still to be written, in name order: each goes in before the first member added
    /// whose name sorts after it, the rest at the end.
    private var pending: ArraySlice<(name: String, value: JSONValue)> = []

    init() {
        bytes.reserveCapacity(256)
    }

    /// The finished object.
    var finished: [UInt8] {
        var rest = self
        rest.writePending(before: nil)
        return rest.bytes + [UInt8(ascii: "}")]
    }

    /// Members to write in their sorted places among those added next (which are added in sorted order).
    mutating func interleave(_ members: [String: JSONValue]) {
        pending = members.map { (name: $0.key, value: $0.value) }.sorted { $0.name < $1.name }[...]
    }

    /// A free-form value (a custom claim's).
    mutating func add(_ key: String, _ value: JSONValue) {
        start(key)
        appendValue(value)
    }

    private mutating func writePending(before key: String?) {
        while let next = pending.first, key.map({ next.name < $0 }) ?? true {
            pending.removeFirst()
            add(next.name, next.value)
        }
    }

    private mutating func appendValue(_ value: JSONValue) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let whole): bytes.append(contentsOf: String(whole).utf8)
        case .number(let number): bytes.append(contentsOf: (number.isFinite ? "\(number)" : "null").utf8)
        case .string(let text): appendString(text)
        case .array(let list):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in list.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                appendValue(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            var object = CompactJSONObject()
            for (name, member) in members.sorted(by: { $0.key < $1.key }) { object.add(name, member) }
            bytes.append(contentsOf: object.finished)
        }
    }

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
        if !pending.isEmpty { writePending(before: key) }
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
    /// The claims as compact JSON with sorted keys (`aud` a string when there is one audience). The provider's own
    /// claims go in their sorted places among the others.
    public var compactJSON: [UInt8] {
        var object = CompactJSONObject()
        object.interleave(providerClaims.filter { !Self.standardNames.contains($0.key) }.mapValues(JSONValue.string))
        if aud.count == 1 { object.add("aud", aud[0]) } else { object.add("aud", aud) }
        object.add("azp", azp)
        object.add("email", email)
        object.add("email_verified", emailVerified)
        object.add("exp", exp)
        object.add("iat", iat)
        object.add("is_private_email", isPrivateEmail)
        object.add("iss", iss)
        object.add("name", name)
        object.add("nonce", nonce)
        object.add("sub", sub)
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
        firebase.add("second_factor_identifier", secondFactorIdentifier)
        if let signInAttributes { firebase.add("sign_in_attributes", JSONValue.object(signInAttributes)) }
        firebase.add("sign_in_provider", signInProvider)
        firebase.add("sign_in_second_factor", signInSecondFactor)
        firebase.add("tenant", tenant)
        var object = CompactJSONObject()
        object.interleave(customClaims.filter { !Self.standardNames.contains($0.key) })
        object.add("aud", aud)
        object.add("auth_time", authTime)
        object.add("email", email)
        object.add("email_verified", emailVerified)
        object.add("exp", exp)
        object.add("firebase", firebase)
        object.add("iat", iat)
        object.add("iss", iss)
        object.add("name", name)
        object.add("phone_number", phoneNumber)
        object.add("picture", picture)
        object.add("provider_id", signInProvider == "anonymous" ? signInProvider : nil)
        object.add("sid", sessionID)
        object.add("sub", sub)
        object.add("user_id", sub)
        return object.finished
    }
}
