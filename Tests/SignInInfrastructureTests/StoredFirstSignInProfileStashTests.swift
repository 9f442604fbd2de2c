import Foundation
import SignInData
import SignInDomain
import SignInFileSystem
import SignInInfrastructure
import SignInInfrastructureTesting
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

    @Test("a profile kept in the Keychain survives a restart; damaged contents are an empty stash, not a crash")
    func keychain() async throws {
        let keychain = FakeKeychain()
        let item = KeychainItemID(service: "com.example.app", account: "first-sign-in-profiles")
        await StoredFirstSignInProfileStash(.keychain(item, keychain)).keep(profile, for: "apple.com:001")
        #expect(await StoredFirstSignInProfileStash(.keychain(item, keychain)).profile(for: "apple.com:001") == profile)

        keychain.plant(Array("{not json".utf8), at: item)
        #expect(await StoredFirstSignInProfileStash(.keychain(item, keychain)).profile(for: "apple.com:001") == nil)
    }

    @Test(
        "a store that cannot be read is never written over: changes wait in memory and are merged once it can be read")
    func unreadableStore() async throws {
        let keychain = FakeKeychain()
        let item = KeychainItemID(service: "com.example.app", account: "first-sign-in-profiles")
        let other = FirstSignInProfile(fullName: PersonName(givenName: "Sam"))
        await StoredFirstSignInProfileStash(.keychain(item, keychain)).keep(other, for: "apple.com:002")
        let before = keychain.items

        keychain.failEverything(with: .interactionNotAllowed)
        let stash = StoredFirstSignInProfileStash(.keychain(item, keychain))
        // It cannot say it holds nothing while it cannot read: a sign-in then looks its key up.
        #expect(await stash.isEmpty() == false)
        await stash.keep(profile, for: "apple.com:001")
        #expect(await stash.profile(for: "apple.com:001") == profile)
        keychain.failEverything(with: nil)
        #expect(keychain.items == before)

        // Readable again: Sam's name is still there, and Jane's is written beside it at the next change.
        #expect(await stash.profile(for: "apple.com:002") == other)
        await stash.keep(profile, for: "apple.com:003")
        let restarted = StoredFirstSignInProfileStash(.keychain(item, keychain))
        #expect(await restarted.profile(for: "apple.com:001") == profile)
        #expect(await restarted.profile(for: "apple.com:002") == other)
        #expect(await restarted.profile(for: "apple.com:003") == profile)
    }
}
