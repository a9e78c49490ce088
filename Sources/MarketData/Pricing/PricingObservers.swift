import BourseCore
import Synchronization

/// Who is told of every list pricing the market uses (its two trading days' closes): the price
/// alerts, which fire on the first price the app learns. Shared by every copy of a `Market`;
/// an observer must return at once (it hands the pricing on to its own task).
public final class PricingObservers: Sendable {
    private let observers = Mutex<[@Sendable (ListPricing) -> Void]>([])

    public init() {}

    public func add(_ observer: @escaping @Sendable (ListPricing) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    func notify(_ pricing: ListPricing) {
        for observer in observers.withLock({ $0 }) { observer(pricing) }
    }
}
