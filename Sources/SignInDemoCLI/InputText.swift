/// The CLI's input boundary: what a person types (arguments, answers at prompts) becomes text only if it is
/// valid UTF-8 and of a sensible size, and what is echoed back of it is cut short.
///
/// Replacing invalid bytes (what `CommandLine.arguments` and `readLine()` do) would make two different byte
/// strings the same password; they are refused instead.
enum InputText {
    /// The longest argument or answer accepted, in bytes (a path can be 4,096).
    static let maximumByteCount = 4096
    /// How much of a value is echoed in a message, in characters.
    static let echoLength = 40

    /// Why bytes are not accepted as text.
    enum Refusal: Error, Hashable, Sendable {
        case notUTF8
        case tooLong
    }

    /// `bytes` as text.
    /// - Throws: ``Refusal`` when they are not valid UTF-8, hold a NUL, or are longer than ``maximumByteCount``.
    static func decode(_ bytes: [UInt8]) throws(Refusal) -> String {
        guard bytes.count <= maximumByteCount else { throw .tooLong }
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
        return text
    }

    /// The process's arguments (without the program name), each checked by ``decode(_:)``.
    /// - Throws: ``UsageError`` saying which argument is refused and why.
    static func arguments(_ raw: [[UInt8]]) throws(UsageError) -> [String] {
        var result: [String] = []
        for (index, bytes) in raw.enumerated() {
            do {
                result.append(try decode(bytes))
            } catch .tooLong {
                throw UsageError(.usageArgumentTooLong, ["number": "\(index + 1)", "limit": "\(maximumByteCount)"])
            } catch {
                throw UsageError(.usageArgumentNotUTF8, ["number": "\(index + 1)"])
            }
        }
        return result
    }

    /// `value` for a message, cut to ``echoLength`` characters with `…`. What a terminal would obey in it is escaped
    /// where every text leaves the CLI (``TerminalText``).
    static func echo(_ value: String) -> String {
        value.count > echoLength ? String(value.prefix(echoLength)) + "…" : value
    }
}
