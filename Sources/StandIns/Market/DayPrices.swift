/// One simulated day (or minute) in whole cents and shares, before it becomes a `Bar`.
struct DayPrices: Sendable, Equatable {
    var open: Int64
    var high: Int64
    var low: Int64
    var close: Int64
    var volume: Int64
}
