import BourseCore
import FuzzSupport

/// Search-as-you-type (`SearchIndex`) and ticker symbols (`Symbol.normalized`): the query
/// string of `/api/v1/search` and the `{symbol}` of every stock route.
///
/// The input's first line is a query; each later line, when there are any, is a listing's
/// company name (symbols S0, S1, ...), so names and queries both go through the search form.
/// Checks: `search` never returns more than its limit, and a smaller limit gives a prefix of
/// the same results; every listing is found by its own name and by its own symbol; a symbol
/// that normalizes is a fixed point of normalizing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSearch(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let lines = FuzzInput(data, size).text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let query = lines[0]
    if case .success(let symbol) = Symbol.normalized(query) {
        check(Symbol.normalized(symbol) == .success(symbol), "\(query) -> \(symbol) is not normalized")
    }
    let names = lines.dropFirst().prefix(64)
    let listings =
        names.isEmpty
        ? sampleListings
        : names.enumerated().map { Listing(symbol: "S\($0.offset)", name: $0.element, exchange: .nasdaq, isETF: false) }
    let index = SearchIndex(listings: listings)
    check(index.count == listings.count, "\(listings.count) listings indexed as \(index.count)")
    let all = index.search(query, limit: listings.count)
    let few = index.search(query, limit: 3)
    check(all.count <= listings.count && few == Array(all.prefix(3)), "limit 3 gives \(few), not the start of \(all)")
    guard !names.isEmpty else { return 0 }
    for listing in listings {
        if listing.name.count <= SearchIndex.maxQueryLength, hasSearchableCharacter(listing.name) {
            let found = index.search(listing.name, limit: listings.count)
            check(found.contains(listing), "\(listing.name) does not find itself: \(found)")
        }
        check(index.search(listing.symbol, limit: listings.count).contains(listing), "\(listing.symbol) is not found")
    }
    return 0
}

/// Whether the name has an ASCII letter or digit, which the search form always keeps (other
/// scripts' letters are kept too, but the harness does not try to tell them from symbols).
private func hasSearchableCharacter(_ name: String) -> Bool {
    name.utf8.contains { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || (0x30...0x39).contains($0) }
}

private let sampleListings: [Listing] = [
    ("AAPL", "Apple Inc."), ("BAC", "Bank of America Corporation"), ("KO", "Coca-Cola Company (The)"),
    ("ORLY", "O'Reilly Automotive, Inc."), ("NSRGY", "Nestlé S.A."), ("T", "AT&T Inc."), ("BRK.B", "Berkshire Hathaway Inc."),
    ("FBNC", "First Bancorp"), ("ORSTED", "Ørsted A/S"), ("SOGN", "Société Générale"), ("TM", "トヨタ自動車"),
    ("ASML", "ASML Holding N.V."), ("FULL", "ＦＵＬＬ Width Ｃｏ"), ("APOS", "O’Neill Holdings"),
].map { Listing(symbol: $0.0, name: $0.1, exchange: .nasdaq, isETF: false) }
