/// A profile photo's URL, checked on the client before any call: `http://` or `https://` (any case) followed by a
/// host with no user name or password in front of it, at most 2,048 bytes, with no white space or control character.
/// An empty one means "remove the photo".
public enum PhotoURL {
    /// The longest URL accepted, in bytes.
    public static let maximumLength = 2048

    /// The URL without surrounding white space; empty when it removes the photo.
    /// - Throws: ``AuthError/invalidPhotoURL``.
    public static func validate(_ text: String) throws(AuthError) -> String {
        guard text.utf8.count <= maximumLength * 2 else { throw .invalidPhotoURL }
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else { return "" }
        guard trimmed.utf8.count <= maximumLength,
            !trimmed.unicodeScalars.contains(where: {
                $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F
            })
        else { throw .invalidPhotoURL }
        let lowered = trimmed.lowercased()
        guard let scheme = ["https://", "http://"].first(where: lowered.hasPrefix) else { throw .invalidPhotoURL }
        let host = lowered.dropFirst(scheme.count).prefix { !"/?#".contains($0) }
        // A user name or password (`https://user:pw@host/`) would be kept and shown wherever the photo is.
        guard !host.isEmpty, !host.contains("@"), !host.hasPrefix(":") else { throw .invalidPhotoURL }
        return trimmed
    }
}
