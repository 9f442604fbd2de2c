import Foundation
package import SignInCrypto
package import SignInData
package import SignInEmbeddedBackend
import SignInLocking

/// The tenants of the project a face serves, as Firebase's multi-tenancy (Identity Platform) has them: each tenant
/// is a backend of its own, over its own state, whose accounts, codes and sessions no other tenant (and not the
/// project) can reach; its ID tokens name it (`firebase.tenant`).
///
/// A tenant keeps Firebase's settings: whether anyone may sign in (`disableAuth`), with a password
/// (`allowPasswordSignup`), as a guest (`enableAnonymousUser`), with an email link (`enableEmailLinkSignin`); they
/// are its backend's ``EmbeddedProjectSettings``, enforced there. Its `displayName` and `mfaConfig` are kept as
/// given. Tenants live in memory, for as long as the process that serves them.
package final class TenantDirectory: Sendable {
    /// One tenant.
    package struct Tenant: Sendable {
        /// Its id: 1 to 63 ASCII letters, digits and hyphens.
        package let id: String
        /// The name an administrator gave it.
        package var displayName: String?
        /// Its second-factor settings as Firebase writes them: `state` and `enabledProviders`.
        package var mfaConfig: [String: JSONValue]
        /// Its accounts, sessions and settings.
        package let backend: EmbeddedBackend
    }

    private let tenants = Locked<[String: Tenant]>([:])
    private let makeBackend: @Sendable (String) -> EmbeddedBackend
    private let random: any RandomByteSource
    /// Whether a request that names a tenant the project does not have makes it, with every sign-in method on, as
    /// Google's Auth emulator does for convenience; off, such a request is `TENANT_NOT_FOUND`, as in production.
    package let createsNamedTenants: Bool

    /// Creates an empty directory.
    /// - Parameters:
    ///   - createsNamedTenants: Whether naming an unknown tenant makes it (Google's emulator's convenience).
    ///   - random: Where new tenant ids come from.
    ///   - makeBackend: A new, empty backend for the tenant with the given id; its configuration's `tenantID` must be
    ///     that id.
    package init(
        createsNamedTenants: Bool = false, random: any RandomByteSource = SystemRandomBytes(),
        makeBackend: @escaping @Sendable (String) -> EmbeddedBackend
    ) {
        self.createsNamedTenants = createsNamedTenants
        self.random = random
        self.makeBackend = makeBackend
    }

    /// Whether `id` can name a tenant: 1 to 63 ASCII letters, digits and hyphens (so that it fits in a path
    /// segment and a refresh token's `r.<tenant>.` prefix).
    package static func isValidID(_ id: String) -> Bool {
        (1...63).contains(id.utf8.count)
            && id.utf8.allSatisfy {
                $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0)
                    || (0x61...0x7A).contains($0)
            }
    }

    /// The tenant `id`, made with every sign-in method on when it does not exist and ``createsNamedTenants`` is on.
    /// - Throws: `TENANT_NOT_FOUND`.
    func tenant(_ id: String) throws(HTTPFaceError) -> Tenant {
        let found = tenants.withLock { all -> Tenant? in
            if let tenant = all[id] { return tenant }
            guard createsNamedTenants, Self.isValidID(id) else { return nil }
            let tenant = Tenant(
                id: id, mfaConfig: ["state": "ENABLED", "enabledProviders": .array(["PHONE_SMS"])],
                backend: makeBackend(id))
            all[id] = tenant
            return tenant
        }
        guard let found else {
            throw HTTPFaceError(IdentityBackendError(.tenantNotFound, message: "the project has no tenant \(id)"))
        }
        return found
    }

    /// A new tenant with a new id, every sign-in method off until `configure` turns it on, as Firebase's
    /// `tenants.create` makes one.
    func create(_ configure: (inout Tenant) throws(HTTPFaceError) -> Void) throws(HTTPFaceError) -> Tenant {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        let id = "tenant-" + random.string(count: 10, alphabet: alphabet)
        var tenant = Tenant(
            id: id, mfaConfig: ["state": "DISABLED", "enabledProviders": .array([])], backend: makeBackend(id))
        tenant.backend.identityService.updateProjectSettings {
            $0.passwordSignInEnabled = false
            $0.guestSignUpEnabled = false
            $0.emailLinkSignInEnabled = false
        }
        try configure(&tenant)
        let created = tenant
        tenants.withLock { $0[id] = created }
        return created
    }

    /// Changes the settings kept beside the backend (`displayName`, `mfaConfig`) of the tenant `id`.
    /// - Throws: `TENANT_NOT_FOUND`.
    func update(_ id: String, _ change: (inout Tenant) throws(HTTPFaceError) -> Void) throws(HTTPFaceError)
        -> Tenant
    {
        var tenant = try tenant(id)
        try change(&tenant)
        let changed = tenant
        tenants.withLock { $0[id] = changed }
        return changed
    }

    /// Deletes the tenant `id` with every account it has.
    /// - Throws: `TENANT_NOT_FOUND`.
    func delete(_ id: String) throws(HTTPFaceError) {
        let removed = tenants.withLock { $0.removeValue(forKey: id) }
        guard removed != nil else {
            throw HTTPFaceError(IdentityBackendError(.tenantNotFound, message: "the project has no tenant \(id)"))
        }
    }

    /// Every tenant, by id.
    func all() -> [Tenant] {
        tenants.withLock { $0.values.sorted { $0.id < $1.id } }
    }

    /// Deletes every tenant.
    func removeAll() {
        tenants.withLock { $0.removeAll() }
    }
}
