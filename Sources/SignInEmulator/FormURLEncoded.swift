import Foundation
import SignInData
import SignInEmbeddedBackend

/// Form-encoded request bodies, bounded: ``SignInData/FormURLEncoding`` decodes them.
enum FormURLEncoded {
    /// The pairs of `text`, by name (see ``SignInData/FormURLEncoding/decode(_:)``).
    static func decode(_ text: String) -> [String: String] {
        FormURLEncoding.decode(text)
    }

    /// The pairs of a body, or `nil` when it is not UTF-8 (or larger than ``JSONValue/maximumBodySize``).
    static func decode(_ body: Data) -> [String: String]? {
        guard body.count <= JSONValue.maximumBodySize, let text = String(data: body, encoding: .utf8) else {
            return nil
        }
        return FormURLEncoding.decode(text)
    }
}
