public import SignInInfrastructure
import SignInTesting
import Synchronization

/// A Keychain in memory that answers like `SecItem…`, and can be told to answer one status instead (a device
/// locked before its first unlock answers `errSecInteractionNotAllowed` to every call).
///
/// Like the Keychain, it knows the app's access groups: an item that names no group is added to the first of them (the
/// system's default group), a read, write or delete that names no group matches the item in any of them, and one
/// that names a group the app is not in answers `errSecMissingEntitlement`.
public final class FakeKeychain: KeychainItems {
    private struct State {
        var items: [KeychainItemID: [UInt8]] = [:]
        var readStatus: KeychainStatus?
        var writeStatus: KeychainStatus?
        var deleteStatus: KeychainStatus?
        var writes = 0
        var deletes = 0
    }
    private let state = Mutex(State())
    /// The app's Keychain access groups, the system's default group first.
    public let accessGroups: [String]

    /// Creates an empty Keychain.
    /// - Parameter accessGroups: The app's access groups, the default one first: with Keychain Sharing on, a shared
    ///   group comes before the app's own.
    public init(accessGroups: [String] = ["TEAMID.com.example.app"]) {
        self.accessGroups = accessGroups.isEmpty ? ["TEAMID.com.example.app"] : accessGroups
    }

    /// The items stored now, each under the group it is in.
    public var items: [KeychainItemID: [UInt8]] { state.withLock { $0.items } }
    /// How many writes and deletes were asked for (refused ones included).
    public var calls: (writes: Int, deletes: Int) { state.withLock { ($0.writes, $0.deletes) } }

    /// Stores `bytes` as an item, as another app version or process would have; with no group, in the default one.
    public func plant(_ bytes: [UInt8], at item: KeychainItemID) {
        state.withLock { $0.items[inGroup(item, accessGroups[0])] = bytes }
    }

    /// Makes every later call fail with `status` (`nil`: answer normally again): what a locked device does.
    public func failEverything(with status: KeychainStatus?) {
        state.withLock {
            $0.readStatus = status
            $0.writeStatus = status
            $0.deleteStatus = status
        }
    }

    /// Makes later writes fail with `status` (`nil`: succeed again).
    public func failWrites(with status: KeychainStatus?) {
        state.withLock { $0.writeStatus = status }
    }

    /// Makes later deletes fail with `status` (`nil`: succeed again).
    public func failDeletes(with status: KeychainStatus?) {
        state.withLock { $0.deleteStatus = status }
    }

    public func read(_ item: KeychainItemID) -> KeychainRead {
        state.withLock { state in
            if let status = state.readStatus { return .failed(status) }
            guard isMine(item) else { return .failed(.missingEntitlement) }
            guard let found = matches(item, in: state.items).first, let data = state.items[found] else {
                return .notFound
            }
            return .found(data, accessGroup: found.accessGroup)
        }
    }

    public func write(_ data: [UInt8], to item: KeychainItemID) -> KeychainStatus {
        state.withLock { state in
            state.writes += 1
            if let status = state.writeStatus { return status }
            guard isMine(item) else { return .missingEntitlement }
            let found = matches(item, in: state.items)
            for key in found.isEmpty ? [inGroup(item, accessGroups[0])] : found { state.items[key] = data }
            return .success
        }
    }

    public func delete(_ item: KeychainItemID) -> KeychainStatus {
        state.withLock { state in
            state.deletes += 1
            if let status = state.deleteStatus { return status }
            guard isMine(item) else { return .missingEntitlement }
            let found = matches(item, in: state.items)
            for key in found { state.items[key] = nil }
            return found.isEmpty ? .itemNotFound : .success
        }
    }

    /// The items `item` names: in its group, or with none, in every group of the app, in the groups' order.
    private func matches(_ item: KeychainItemID, in items: [KeychainItemID: [UInt8]]) -> [KeychainItemID] {
        (item.accessGroup.map { [$0] } ?? accessGroups).map { inGroup(item, $0) }.filter { items[$0] != nil }
    }

    private func isMine(_ item: KeychainItemID) -> Bool {
        item.accessGroup.map(accessGroups.contains) ?? true
    }

    private func inGroup(_ item: KeychainItemID, _ group: String) -> KeychainItemID {
        var item = item
        if item.accessGroup == nil { item.accessGroup = group }
        return item
    }
}
