import Foundation
package import SignInData

/// Makes commits durable in groups: each committed change waits until a flush that began after its commit has
/// finished, and one flush serves every change committed before it began.
///
/// The storage commits without flushing, under its lock, and numbers each commit (``committed()``); then, outside
/// the lock, it waits (``waitUntilDurable(_:)``). The first waiter flushes; changes that commit while it flushes wait
/// for the next flush, which one of them runs. So N writers at once cost about one flush per turn instead of N, and
/// no change is acknowledged before it is on the disk.
package final class GroupCommit: @unchecked Sendable {
    // @unchecked Sendable: the counters are mutable; they are read and written only while `condition` is locked.
    private let condition = NSCondition()
    private let flush: @Sendable () throws(IdentityBackendError) -> Void
    private var lastCommitted = 0
    private var lastFlushed = 0
    private var isFlushing = false
    /// The first flush that failed. After it nothing is known to be on the disk (a system may drop the pages it
    /// could not write and let a later flush succeed), so every change waiting then or later is refused.
    private var failure: IdentityBackendError?
    private var flushes = 0

    /// Creates a group commit that makes changes durable with `flush`.
    package init(flush: @escaping @Sendable () throws(IdentityBackendError) -> Void) {
        self.flush = flush
    }

    /// Numbers a commit that has just been written; call it right after the commit, under the storage's lock.
    package func committed() -> Int {
        condition.lock()
        defer { condition.unlock() }
        lastCommitted += 1
        return lastCommitted
    }

    /// How many flushes have run.
    package var flushCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return flushes
    }

    /// Returns once commit `number` is on the disk, flushing when no flush that covers it is running.
    /// - Throws: The error of the first flush that failed, once one has: the change is committed, but not known to be
    ///   on the disk, and no later one will be.
    package func waitUntilDurable(_ number: Int) throws(IdentityBackendError) {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let failure { throw failure }
            guard lastFlushed < number else { return }
            if isFlushing {
                condition.wait()
                continue
            }
            isFlushing = true
            let target = lastCommitted
            condition.unlock()
            let outcome = Result { () throws(IdentityBackendError) in try flush() }
            condition.lock()
            isFlushing = false
            flushes += 1
            switch outcome {
            case .success: lastFlushed = max(lastFlushed, target)
            case .failure(let error): failure = error
            }
            condition.broadcast()
        }
    }
}
