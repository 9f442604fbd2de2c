extension HTTPServerRequest {
    /// The query decoded as `application/x-www-form-urlencoded`: pairs split at `&`, name and value at the first
    /// `=`, `+` read as a space and `%XX` as a byte; the bytes are read as UTF-8.
    ///
    /// Empty pairs are skipped, a pair without `=` has an empty value, and a malformed escape (`%4`, `%zz`) is
    /// kept as it was written. Empty when there is no query.
    package func queryItems() -> [(name: String, value: String)] {
        guard let query else { return [] }
        return query.split(separator: "&").map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return (Self.formDecode(pair), "") }
            return (Self.formDecode(pair[..<equals]), Self.formDecode(pair[pair.index(after: equals)...]))
        }
    }

    /// Decodes one name or value of a form-encoded query.
    static func formDecode(_ text: Substring) -> String {
        let input = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "+") {
                output.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index + 2 < input.count,
                let high = hexValue(input[index + 1]), let low = hexValue(input[index + 2])
            {
                output.append(high << 4 | low)
                index += 2
            } else {
                output.append(byte)
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
