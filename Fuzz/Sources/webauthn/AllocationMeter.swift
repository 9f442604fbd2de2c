import Foundation
import Synchronization

/// What the code under test allocates while it reads one input, counted by AddressSanitizer's malloc hook
/// (`__sanitizer_install_malloc_and_free_hooks`, which libFuzzer uses for `-malloc_limit_mb`): the largest single
/// allocation and the sum of all of them.
///
/// A parser that trusts a length field (a CBOR head that claims 2³² bytes or items, a credential id length) reserves
/// room for what the length says before the bytes are known to be there; that shows here as an allocation far
/// beyond the input's size, even when the parser then throws. libFuzzer's own limit (2 GB by default) catches only
/// the extreme; this catches a length trusted at all.
enum AllocationMeter {
    /// What one measured call allocated.
    struct Usage {
        /// The largest single allocation, in bytes.
        var largest: Int
        /// All allocations added up, in bytes (what was freed again included).
        var total: Int
    }

    /// The most one call may allocate reading `inputBytes` bytes: a little for fixed costs, and a multiple of the
    /// input for what it decodes into. Decoded values take more room than their encoding (a one-byte CBOR item is a
    /// 24-byte `CBOR.Value`, and an array's storage grows to twice its count, so 48 bytes per input byte; a map entry
    /// is two values in a hash table at most 3/4 full), and growing storage copies it (the sum stays within twice the
    /// last size). Measured on the seeds, on 20,000 fuzzed inputs and on hand-made worst cases (arrays of 2^k + 1
    /// items, maps of maps, deep nesting, long JSON): at most 48 bytes per input byte at once, 96 in all, and 272 and
    /// 986 bytes over those for fixed costs (JSONDecoder's buffers, OpenSSL's signature check). A length field
    /// trusted costs what it claims: for a 2-byte length (65,535) this catches it in inputs under 960 bytes, for a
    /// CBOR head's 4- or 8-byte one in any input.
    static func limit(forInputBytes inputBytes: Int) -> Usage {
        Usage(largest: 4 * 1024 + 64 * inputBytes, total: 32 * 1024 + 256 * inputBytes)
    }

    private static let measuring = Atomic<Bool>(false)
    private static let enforcing = Atomic<Bool>(true)
    private static let largest = Atomic<Int>(0)
    private static let total = Atomic<Int>(0)

    /// Installs the hook, once; fails when this process has no AddressSanitizer to count with.
    private static let installed: Bool = {
        typealias MallocHook = @convention(c) (UnsafeRawPointer?, Int) -> Void
        typealias FreeHook = @convention(c) (UnsafeRawPointer?) -> Void
        typealias Install = @convention(c) (MallocHook?, FreeHook?) -> CInt
        // The globals the hook reads exist before it is installed: it must never be the one that creates them.
        _ = (measuring.load(ordering: .relaxed), largest.load(ordering: .relaxed), total.load(ordering: .relaxed))
        guard let symbol = dlsym(nil, "__sanitizer_install_malloc_and_free_hooks") else {
            fatalError("the webauthn target needs AddressSanitizer's malloc hooks (build it with -sanitize=address)")
        }
        let install = unsafeBitCast(symbol, to: Install.self)
        let onMalloc: MallocHook = { _, size in
            guard AllocationMeter.measuring.load(ordering: .relaxed) else { return }
            AllocationMeter.total.wrappingAdd(size, ordering: .relaxed)
            AllocationMeter.largest.max(size, ordering: .relaxed)
        }
        // Both hooks are required (a null one is refused); what is freed is not counted.
        let onFree: FreeHook = { _ in }
        guard install(onMalloc, onFree) != 0 else { fatalError("AddressSanitizer took no more malloc hooks") }
        return true
    }()

    /// Runs `body` with no limit: for what the first call of a process sets up once (caches, a library loaded).
    static func withoutLimits(_ body: () -> Void) {
        enforcing.store(false, ordering: .relaxed)
        body()
        enforcing.store(true, ordering: .relaxed)
    }

    /// Whether ``allocationBounded(_:inputBytes:file:line:_:)`` checks the limit (not inside ``withoutLimits(_:)``).
    static var isEnforcing: Bool { enforcing.load(ordering: .relaxed) }

    /// Runs `body` and returns its result with what it allocated. Not reentrant; the fuzzer runs one input at a time.
    static func measure<T>(_ body: () -> T) -> (T, Usage) {
        precondition(installed)
        largest.store(0, ordering: .relaxed)
        total.store(0, ordering: .relaxed)
        measuring.store(true, ordering: .sequentiallyConsistent)
        let result = body()
        measuring.store(false, ordering: .sequentiallyConsistent)
        return (result, Usage(largest: largest.load(ordering: .relaxed), total: total.load(ordering: .relaxed)))
    }
}

/// Runs `body`, the code under test reading `inputBytes` bytes, and fails when it allocates more than
/// ``AllocationMeter/limit(forInputBytes:)`` allows.
func allocationBounded<T>(
    _ what: String, inputBytes: Int, file: StaticString = #fileID, line: UInt = #line, _ body: () -> T
) -> T {
    let (result, usage) = AllocationMeter.measure(body)
    guard AllocationMeter.isEnforcing else { return result }
    let limit = AllocationMeter.limit(forInputBytes: inputBytes)
    fuzzCheck(
        usage.largest <= limit.largest,
        "\(what) made an allocation of \(usage.largest) bytes reading \(inputBytes) (at most \(limit.largest))",
        file: file, line: line)
    fuzzCheck(
        usage.total <= limit.total,
        "\(what) allocated \(usage.total) bytes in all reading \(inputBytes) (at most \(limit.total))",
        file: file, line: line)
    return result
}
