/// Finds listings as the user types: a prefix of the company name, of any later word of it, or
/// of the symbol, answered in microseconds (see docs/search.md for the rule).
///
/// The listing whose symbol is the query comes first; then the others by tier (`SearchTier`:
/// the prominent companies, other companies, funds), then company name, then symbol.
///
/// Listings are kept in that order, so a listing's position is its rank in the results. Every
/// word start of every name is a key (the rest of the name from that word on), and keys are
/// sorted, so the keys a query is a prefix of form one range, found by binary search; the
/// symbols likewise. The lowest ranks in a range are taken by range-minimum queries, so a
/// one-letter query over a million names costs no more than a rare one.
public struct SearchIndex: Sendable {
    /// Queries longer than this (in characters) match nothing.
    public static let maxQueryLength = 100

    /// The listings in result order: tier, company name (case- and diacritic-insensitive), then symbol.
    let listings: [Listing]
    /// The search forms of the names, one after the other; name `i` is `text[textStart[i] ..< textStart[i + 1]]`.
    let text: [UInt8]
    let textStart: [UInt32]
    /// The word keys, sorted: each a position in `text` where a word starts, and its listing.
    let wordPositions: [UInt32]
    let words: RangeMinimum
    /// The lowercased symbols, one after the other, as for names.
    let symbolText: [UInt8]
    let symbolStart: [UInt32]
    /// The listings sorted by symbol.
    let symbols: RangeMinimum

    /// The number of listings indexed (one per symbol).
    public var count: Int { listings.count }

    /// Every listing indexed, in result order (tier, then name): what a client searching the list
    /// itself keeps, so that it ranks as the index does.
    public var inResultOrder: [Listing] { listings }

    /// Indexes `listings`; when two share a symbol, the first one is kept. The listings of the
    /// `prominent` symbols come before the others a query finds (by name or symbol prefix).
    public init(listings: [Listing], prominent: Set<String> = []) {
        let built = SearchIndexBuilder(listings, prominent: prominent)
        self.listings = built.listings
        text = built.text
        textStart = built.textStart
        wordPositions = built.wordPositions
        words = RangeMinimum(built.wordListings)
        symbolText = built.symbolText
        symbolStart = built.symbolStart
        symbols = RangeMinimum(built.symbolOrder)
    }

    /// The listings `query` finds, at most `limit`: the one whose symbol is `query` first, then
    /// the others by tier, company name and symbol.
    /// Nothing for a blank query, a query of more than `maxQueryLength` characters, or `limit` < 1.
    public func search(_ query: String, limit: Int) -> [Listing] {
        guard limit > 0, query.utf8.count <= Self.maxQueryLength * 4, query.count <= Self.maxQueryLength else {
            return []
        }
        let nameQuery = SearchKey.searchForm(of: query)
        let symbolQuery = SearchKey.symbolForm(of: query)
        var wordRange = 0..<0
        if !nameQuery.isEmpty {
            wordRange = text.withUnsafeBufferPointer { text in
                prefixRange(of: nameQuery, count: wordPositions.count) { index in
                    let position = Int(wordPositions[index])
                    let end = Int(textStart[Int(words.values[index]) + 1])
                    return UnsafeBufferPointer(rebasing: text[position..<end])
                }
            }
        }
        var symbolRange = 0..<0
        if !symbolQuery.isEmpty {
            symbolRange = symbolText.withUnsafeBufferPointer { symbolText in
                prefixRange(of: symbolQuery, count: symbols.values.count) { index in
                    let listing = Int(symbols.values[index])
                    return UnsafeBufferPointer(
                        rebasing: symbolText[Int(symbolStart[listing])..<Int(symbolStart[listing + 1])])
                }
            }
        }
        let wanted = min(limit, listings.count)
        var ranks = RankMerge.merge(
            LowestRanks.take(from: words, range: wordRange, limit: wanted),
            LowestRanks.take(from: symbols, range: symbolRange, limit: wanted),
            limit: wanted)
        if let exact = exactSymbol(symbolRange, length: symbolQuery.count) {
            // Found by its symbol, so among the `wanted` lowest ranks unless `wanted` others are lower.
            ranks.removeAll { $0 == exact }
            ranks.insert(exact, at: 0)
            if ranks.count > wanted { ranks.removeLast() }
        }
        return ranks.map { listings[Int($0)] }
    }

    /// The rank of the listing whose symbol is the query: the first of the symbols the query is a
    /// prefix of (they are sorted, so a symbol equal to it comes first), when it is that long.
    private func exactSymbol(_ symbolRange: Range<Int>, length: Int) -> UInt32? {
        guard let first = symbolRange.first else { return nil }
        let listing = symbols.values[first]
        let symbolLength = Int(symbolStart[Int(listing) + 1]) - Int(symbolStart[Int(listing)])
        return symbolLength == length ? listing : nil
    }

    /// The positions `0 ..< count` of the sorted keys that start with `prefix`.
    private func prefixRange(
        of prefix: [UInt8], count: Int, key: (Int) -> UnsafeBufferPointer<UInt8>
    ) -> Range<Int> {
        prefix.withUnsafeBufferPointer { prefix in
            let lower = partition(count) { ByteOrder.comparePrefix(key($0), prefix) < 0 }
            let upper = partition(count) { ByteOrder.comparePrefix(key($0), prefix) <= 0 }
            return lower..<upper
        }
    }

    /// The first index in `0 ..< count` where `isBefore` is false (it is true for a leading run).
    private func partition(_ count: Int, isBefore: (Int) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(middle) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
