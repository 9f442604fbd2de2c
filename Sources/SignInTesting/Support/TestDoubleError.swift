public import SignInDomain

/// Thrown by `Failing…` doubles, which also report the call through the closure a test gives them.
public struct UnexpectedCallError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The double and the method that should not have been called.
    public let call: String

    /// Creates the error.
    public init(_ call: String) { self.call = call }

    public var description: String { "unexpected call: \(call)" }
}

/// How a `Failing…` double tells the test that it was called. The testing target imports no test
/// framework, so the test passes its own: `{ Issue.record(Comment(rawValue: $0)) }` with Swift Testing,
/// `{ XCTFail($0) }` with XCTest.
public typealias IssueReporter = @Sendable (String) -> Void

extension UnexpectedCallError {
    /// The error as a Domain port throws it: `AuthError.unexpected(reason:)`, naming the call.
    public var authError: AuthError { .unexpected(reason: description) }
}
