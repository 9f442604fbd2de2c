import Foundation
public import SignInData
public import SignInDomain
import SignInTesting

extension BackendSessionResponse {
    /// A backend answer for a returning Apple user.
    public static func fixture(
        localId: String = "uid-fixture", email: String? = "jane.appleseed@example.com",
        displayName: String? = "Jane Appleseed", idToken: Secret = "fixture-id-token",
        refreshToken: Secret = "fixture-refresh-token", expiresIn: Int = 3600, isNewUser: Bool = false,
        providerIds: [String] = ["apple.com"], isAnonymous: Bool = false
    ) -> BackendSessionResponse {
        BackendSessionResponse(
            localId: localId, email: email, displayName: displayName, idToken: idToken, refreshToken: refreshToken,
            expiresIn: expiresIn, isNewUser: isNewUser, providerIds: providerIds, isAnonymous: isAnonymous)
    }
}
