import Dispatch
import HummingbirdBcrypt

/// bcrypt at a fixed cost, run off the cooperative pool (a check takes about a quarter of a
/// second by design, and must not hold a thread that serves requests).
public struct PasswordHasher: Sendable {
    /// log2 of bcrypt's rounds. 12 takes about 0.2 s on this project's machine (BENCHMARKS.md):
    /// slow enough that a stolen hash is expensive to attack, fast enough to sign in.
    public static let defaultCost: UInt8 = 12

    public let cost: UInt8

    public init(cost: UInt8 = Self.defaultCost) {
        self.cost = cost
    }

    public func hash(_ password: String) async -> String {
        await Self.offPool { [cost] in Bcrypt.hash(password, cost: cost) }
    }

    /// Whether `password` is the one `hash` was made from (bcrypt compares in constant time).
    public func verify(_ password: String, hash: String) async -> Bool {
        await Self.offPool { Bcrypt.verify(password, hash: hash) }
    }

    private static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
        }
    }
}
