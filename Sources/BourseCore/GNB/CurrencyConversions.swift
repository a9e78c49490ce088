/// Each currency seen by a totals loop with its conversion prepared once: the path's hops in
/// 64-bit form, all paths' hops in one array, so a lookup reads plain values and never retains.
///
/// A ledger sees a handful of currencies, so a short list searched by the code's `StringBits`
/// beats hashing the code; a code with new bits is looked up by value.
struct CurrencyConversions {
    let table: ConversionTable
    /// Codes by their bits, each with its route; at most `bitsLimit`, then by value only.
    private var bits: [StringBits] = []
    private var routeOfBits: [Int] = []
    private var kept: [CurrencyCode] = []
    private var routeOfCode: [CurrencyCode: Int] = [:]
    private var routes: [Route] = []
    private var paths: [ConversionPath?] = []
    private var hops: [CentsConversion.Hop] = []

    private static let bitsLimit = 32

    /// Where a currency's hops are in `hops`; `fast` false when they are not in 64-bit form.
    private struct Route {
        let first: Int
        let count: Int
        let convertible: Bool
        let fast: Bool
    }

    init(table: ConversionTable) {
        self.table = table
    }

    /// `amount` in `currency` converted to the table's target, as cents; nil when there is no
    /// path or the conversion overflows (more than 38 digits).
    @inline(__always)
    mutating func cents(_ amount: ExactDecimal, from currency: CurrencyCode) -> Int128? {
        cents(amount, route: route(ofBits: StringBits(currency.rawValue)) ?? route(of: currency))
    }

    /// The route of a code with these bits, if one was seen; no code needed.
    @inline(__always)
    func route(ofBits key: StringBits?) -> Int? {
        guard let key else { return nil }
        for index in bits.indices where bits[index] == key { return routeOfBits[index] }
        return nil
    }

    /// `amount` converted along a route, as cents; nil when there is no path or on overflow.
    @inline(__always)
    func cents(_ amount: ExactDecimal, route index: Int) -> Int128? {
        let route = routes[index]
        guard route.convertible else { return nil }
        if route.fast {
            let cents = hops.withUnsafeBufferPointer { all in
                CentsConversion.cents(amount, along: UnsafeBufferPointer(rebasing: all[route.first..<route.first + route.count]))
            }
            if let cents { return Int128(cents) }
        }
        return paths[index].flatMap { ConversionTable.convert(amount, along: $0)?.significand }
    }

    /// The route of `currency`, prepared when it is new; its bits are remembered (up to a limit).
    mutating func route(of currency: CurrencyCode) -> Int {
        let route = route(byValue: currency)
        if bits.count < Self.bitsLimit, let key = StringBits(currency.rawValue) {
            bits.append(key)
            routeOfBits.append(route)
            kept.append(currency)
        }
        return route
    }

    private mutating func route(byValue currency: CurrencyCode) -> Int {
        if let route = routeOfCode[currency] { return route }
        let path = table.path(from: currency)
        let fastHops = path.flatMap(CentsConversion.hops(of:))
        routes.append(
            Route(first: hops.count, count: fastHops?.count ?? 0, convertible: path != nil, fast: fastHops != nil))
        hops += fastHops ?? []
        paths.append(path)
        routeOfCode[currency] = routes.count - 1
        return routes.count - 1
    }
}
