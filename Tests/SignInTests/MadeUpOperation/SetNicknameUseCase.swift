import Foundation
import SignIn

// An account operation the package does not have, added the way an app adds one: this file is its Domain layer (the
// use case, and the one line that puts it in its feature group); `AccountAction+SetNickname.swift` is its Presentation
// layer. It needs no Data file, because the profile port it runs on exists; an operation on a backend call the
// package has no port for adds that port and its service too.

/// Sets the display name to a nickname: trimmed, and cut to 32 characters.
struct SetNicknameUseCase: Sendable {
    let accounts: any ProfileService
    let sessions: SessionManager

    func callAsFunction(_ nickname: String) async throws(AuthError) -> UserSession {
        guard let session = try await sessions.currentSession() else { throw .notSignedIn }
        let trimmed = String(nickname.trimmingCharacters(in: .whitespacesAndNewlines).prefix(32))
        let updated = try await accounts.updateProfile(displayName: trimmed, email: nil, photoURL: nil, for: session)
        try await sessions.establish(updated)
        return updated
    }
}

extension ProfileFeatures {
    var setNickname: SetNicknameUseCase { SetNicknameUseCase(accounts: service, sessions: context.sessions) }
}
