import Foundation
import SignInData
import SignInDomain
import SignInInfrastructure
import SignInInfrastructureTesting
import SignInTesting
import Testing

/// With Keychain Sharing on, an item that names no group lands in the first of the app's groups, a shared one. The
/// app-only session is kept in the app's own group, and a session an earlier version kept elsewhere is moved there.
@Suite("Keychain access groups: the app-only session, and the move from the default group")
struct KeychainAccessGroupTests {
    static let shared = "TEAMID.com.example.shared"
    static let appOnly = "TEAMID.com.example.app"

    /// A Keychain with Keychain Sharing on: the shared group is the default one.
    func sharingKeychain() -> FakeKeychain { FakeKeychain(accessGroups: [Self.shared, Self.appOnly]) }

    func store(_ keychain: FakeKeychain, group: String?) -> KeychainSessionStore {
        KeychainSessionStore(service: "com.example.app", accessGroup: group, keychain: keychain)
    }

    func groups(_ keychain: FakeKeychain) -> [String] { keychain.items.keys.compactMap(\.accessGroup).sorted() }

    @Test("a store that names no group puts the session in the default group, which with Keychain Sharing is shared")
    func noGroupIsShared() async throws {
        let keychain = sharingKeychain()
        try await store(keychain, group: nil).save(.fixture())
        #expect(groups(keychain) == [Self.shared])
    }

    @Test("the app-only store keeps its session out of the shared group")
    func appOnlyIsNotShared() async throws {
        let keychain = sharingKeychain()
        try await store(keychain, group: Self.appOnly).save(.fixture())
        #expect(groups(keychain) == [Self.appOnly])
        #expect(try await store(keychain, group: Self.appOnly).load() == .fixture())
    }

    @Test("a session an earlier version kept in the default group is moved into the named group: nobody signed out")
    func movesTheOldSession() async throws {
        let keychain = sharingKeychain()
        try await store(keychain, group: nil).save(.fixture(uid: "kept"))
        #expect(try await store(keychain, group: Self.appOnly).load()?.uid == "kept")
        #expect(groups(keychain) == [Self.appOnly])
    }

    @Test("a move that cannot be written gives the session all the same, leaves it where it was, and is tried again")
    func moveNotWritten() async throws {
        let keychain = sharingKeychain()
        try await store(keychain, group: nil).save(.fixture(uid: "kept"))
        keychain.failWrites(with: .interactionNotAllowed)
        #expect(try await store(keychain, group: Self.appOnly).load()?.uid == "kept")
        #expect(groups(keychain) == [Self.shared])
        keychain.failWrites(with: nil)
        #expect(try await store(keychain, group: Self.appOnly).load()?.uid == "kept")
        #expect(groups(keychain) == [Self.appOnly])
    }

    @Test("a copy left in the old group by a failed delete never comes back after a sign-out")
    func noResurrection() async throws {
        let keychain = sharingKeychain()
        try await store(keychain, group: nil).save(.fixture(uid: "old"))
        keychain.failDeletes(with: KeychainStatus(rawValue: -25291))
        let appOnly = store(keychain, group: Self.appOnly)
        #expect(try await appOnly.load()?.uid == "old")
        #expect(groups(keychain) == [Self.appOnly, Self.shared])
        keychain.failDeletes(with: nil)
        try await appOnly.clear()
        #expect(keychain.items.isEmpty)
        #expect(try await appOnly.load() == nil)
    }

    @Test("a group the app is not in is refused with errSecMissingEntitlement, and the session elsewhere is untouched")
    func notEntitled() async throws {
        let keychain = sharingKeychain()
        try await store(keychain, group: nil).save(.fixture())
        let error = await #expect(throws: AuthError.self) {
            try await store(keychain, group: "OTHERTEAM.com.example.app").load()
        }
        #expect(String(describing: error).contains("errSecMissingEntitlement"))
        await #expect(throws: AuthError.self) {
            try await store(keychain, group: "OTHERTEAM.com.example.app").save(.fixture(uid: "x"))
        }
        #expect(try await store(keychain, group: nil).load() == .fixture())
    }

    @Test("a session already in the named group is read from there, and the other group's copy is left alone")
    func namedGroupFirst() async throws {
        let keychain = sharingKeychain()
        try await store(keychain, group: nil).save(.fixture(uid: "other"))
        try await store(keychain, group: Self.appOnly).save(.fixture(uid: "mine"))
        #expect(try await store(keychain, group: Self.appOnly).load()?.uid == "mine")
        #expect(groups(keychain) == [Self.appOnly, Self.shared])
    }

    @Test("Apple's first-sign-in name kept in the default group is moved too, and forgetting it leaves no copy")
    func stashMoves() async throws {
        let keychain = sharingKeychain()
        let profile = FirstSignInProfile(fullName: PersonName(givenName: "Jane"), email: "j@x.co")
        let old = KeychainItemID(service: "com.example.app", account: "first-sign-in-profiles")
        await StoredFirstSignInProfileStash(.keychain(old, keychain)).keep(profile, for: "apple.com:001")
        var named = old
        named.accessGroup = Self.appOnly
        let stash = StoredFirstSignInProfileStash(.keychain(named, keychain))
        #expect(await stash.profile(for: "apple.com:001") == profile)
        #expect(groups(keychain) == [Self.appOnly])
        await stash.forget("apple.com:001")
        #expect(keychain.items.isEmpty)
    }

    @Test(
        "the app's own group is its App ID prefix and bundle id, read from Info.plist; nil when either is missing",
        arguments: [
            (
                ["AppIdentifierPrefix": "ABCDE12345.", "CFBundleIdentifier": "com.example.app"],
                "ABCDE12345.com.example.app"
            ),
            (["CFBundleIdentifier": "com.example.app"], nil),
            (["AppIdentifierPrefix": "ABCDE12345."], nil),
            (["AppIdentifierPrefix": "$(AppIdentifierPrefix)", "CFBundleIdentifier": "com.example.app"], nil),
            (["AppIdentifierPrefix": ".", "CFBundleIdentifier": "com.example.app"], nil),
        ] as [([String: String], String?)])
    func appOnlyGroup(info: [String: String], group: String?) {
        #expect(PlatformStorage.appOnlyKeychainGroup(info: info) == group)
        #expect(PlatformStorage.appOnlyKeychainGroup(info: nil) == nil)
    }

    @Test("the storage's group is the one its store and stash use")
    func storageCarriesTheGroup() {
        let storage = PlatformStorage(app: "com.example.app", keychainAccessGroup: Self.appOnly, environment: [:])
        #expect(storage.keychainAccessGroup == Self.appOnly)
        #expect(PlatformStorage(app: "com.example.app", environment: [:]).keychainAccessGroup == nil)
    }
}
