import MarketData

/// Runs one operation per key at a time: callers that ask for a key already in flight wait
/// for that operation and share its result.
actor RequestCoalescer {
    private var inFlight: [String: any Sendable] = [:]
    /// How many callers have joined an operation already in flight (for tests and logs).
    private(set) var joinCount = 0

    /// The result of `operation` for `key`, run once however many callers ask at the same time.
    ///
    /// The operation runs in its own task, so a caller that is cancelled does not cancel it
    /// for the others. Every caller of one key must expect the same result type.
    func run<Value: Sendable>(
        key: String,
        _ operation: @escaping @Sendable () async -> Result<Value, MarketDataError>
    ) async -> Result<Value, MarketDataError> {
        if let existing = inFlight[key] as? Task<Result<Value, MarketDataError>, Never> {
            joinCount += 1
            return await existing.value
        }
        let task = Task { await operation() }
        inFlight[key] = task
        let result = await task.value
        inFlight[key] = nil
        return result
    }
}
