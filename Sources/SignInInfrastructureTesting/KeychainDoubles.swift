public import SignInInfrastructure
import SignInTesting
import Synchronization

/// A Keychain in memory that answers like `SecItem…`, and can be told to answer one status instead (a device
/// locked before its first unlock answers `errSecInteractionNotAllowed` to every call).
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

    /// Creates an empty Keychain.
    public init() {}

    /// The items stored now.
    public var items: [KeychainItemID: [UInt8]] { state.withLock { $0.items } }
    /// How many writes and deletes were asked for (refused ones included).
    public var calls: (writes: Int, deletes: Int) { state.withLock { ($0.writes, $0.deletes) } }

    /// Stores `bytes` as an item, as another app version or process would have.
    public func plant(_ bytes: [UInt8], at item: KeychainItemID) {
        state.withLock { $0.items[item] = bytes }
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

    public func read(_ item: KeychainItemID) -> KeychainRead {
        state.withLock { state in
            if let status = state.readStatus { return .failed(status) }
            return state.items[item].map { .found($0) } ?? .notFound
        }
    }

    public func write(_ data: [UInt8], to item: KeychainItemID) -> KeychainStatus {
        state.withLock { state in
            state.writes += 1
            if let status = state.writeStatus { return status }
            state.items[item] = data
            return .success
        }
    }

    public func delete(_ item: KeychainItemID) -> KeychainStatus {
        state.withLock { state in
            state.deletes += 1
            if let status = state.deleteStatus { return status }
            return state.items.removeValue(forKey: item) == nil ? .itemNotFound : .success
        }
    }
}
