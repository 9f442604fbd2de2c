import Foundation
import SignInData
import SignInDomain
import SignInFileSystem
import SignInInfrastructure
import SignInTesting
import Testing

@Suite("StoredFirstSignInProfileStash")
struct StoredFirstSignInProfileStashTests {
    let profile = FirstSignInProfile(fullName: PersonName(givenName: "Jane", familyName: "Appleseed"), email: "j@x.co")

    @Test("a profile kept in a file survives a restart (a new instance), and forgetting the last one removes the file")
    func file() async throws {
        let folder = TemporaryFolder(prefix: "signin-stash")
        let path = "\(folder.path)/client/first-sign-in-profiles.json"
        await StoredFirstSignInProfileStash(.file(path)).keep(profile, for: "apple.com:001")
        #expect(AtomicFile.permissions(of: path) == 0o600)
        let restarted = StoredFirstSignInProfileStash(.file(path))
        #expect(await restarted.profile(for: "apple.com:001") == profile)
        await restarted.forget("apple.com:001")
        #expect(!AtomicFile.exists(path))
        #expect(await StoredFirstSignInProfileStash(.file(path)).profile(for: "apple.com:001") == nil)
    }

    @Test("a profile kept in the Keychain survives a restart; a damaged or unreadable store is an empty stash, not a crash")
    func keychain() async throws {
        let keychain = FakeKeychain()
        let item = KeychainItemID(service: "com.example.app", account: "first-sign-in-profiles")
        await StoredFirstSignInProfileStash(.keychain(item, keychain)).keep(profile, for: "apple.com:001")
        #expect(await StoredFirstSignInProfileStash(.keychain(item, keychain)).profile(for: "apple.com:001") == profile)

        keychain.plant(Array("{not json".utf8), at: item)
        #expect(await StoredFirstSignInProfileStash(.keychain(item, keychain)).profile(for: "apple.com:001") == nil)
        keychain.failEverything(with: .interactionNotAllowed)
        let locked = StoredFirstSignInProfileStash(.keychain(item, keychain))
        await locked.keep(profile, for: "apple.com:002")
        // Kept for the life of the process all the same.
        #expect(await locked.profile(for: "apple.com:002") == profile)
    }
}
