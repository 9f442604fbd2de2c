import Testing

@testable import SignInWebAuthn
