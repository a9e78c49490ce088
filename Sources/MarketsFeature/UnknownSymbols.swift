import Foundation
import Synchronization

/// Symbols the source said it does not know, each until a time; the oldest go first past `capacity`.
final class UnknownSymbols: Sendable {
    private let entries = Mutex<[String: Date]>([:])
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    func contains(_ symbol: String, at now: Date) -> Bool {
        entries.withLock { entries in
            guard let until = entries[symbol] else { return false }
            if until > now { return true }
            entries[symbol] = nil
            return false
        }
    }

    func insert(_ symbol: String, until: Date) {
        entries.withLock { entries in
            if entries.count >= capacity, let oldest = entries.min(by: { $0.value < $1.value })?.key {
                entries[oldest] = nil
            }
            entries[symbol] = until
        }
    }
}
