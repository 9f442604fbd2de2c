/// What the device's passkey sheet gave back: the result, or the user's cancel (which is not an error).
public enum PasskeyOutcome<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The user completed the sheet.
    case completed(Value)
    /// The user dismissed the sheet.
    case cancelled
}
