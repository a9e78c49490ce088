/// The arrays of a `SearchIndex`: listings in name order, their search forms, the sorted word
/// keys and the symbol order. Every sort is a `ByteKeySort` over one flat byte buffer.
struct SearchIndexBuilder {
    var listings: [Listing] = []
    var text: [UInt8] = []
    var textStart: [UInt32] = [0]
    var wordPositions: [UInt32] = []
    var wordListings: [UInt32] = []
    var symbolText: [UInt8] = []
    var symbolStart: [UInt32] = [0]
    var symbolOrder: [UInt32] = []

    /// - Parameter prominent: the symbols that come before the others whose names match (`SearchIndex`).
    init(_ input: [Listing], prominent: Set<String> = []) {
        // Symbols first: sorted, a repeated one is dropped (the first given is kept).
        var inputSymbols: [UInt8] = []
        var inputSymbolKeys: [Range<UInt32>] = []
        inputSymbolKeys.reserveCapacity(input.count)
        for listing in input {
            let start = UInt32(inputSymbols.count)
            inputSymbols.append(contentsOf: SearchKey.symbolForm(of: listing.symbol))
            inputSymbolKeys.append(start..<UInt32(inputSymbols.count))
        }
        var bySymbol: [UInt32] = []
        bySymbol.reserveCapacity(input.count)
        for index in ByteKeySort.order(of: inputSymbolKeys, in: inputSymbols) {
            if let previous = bySymbol.last,
                inputSymbols[inputSymbolKeys[Int(previous)].positions] == inputSymbols[inputSymbolKeys[Int(index)].positions]
            {
                continue
            }
            bySymbol.append(index)
        }

        // Result order: the kept listings by tier (one leading byte), then folded name, then
        // symbol (`bySymbol` is in symbol order, and the sort keeps the given order of equal keys).
        var sortForms: [UInt8] = []
        var sortKeys: [Range<UInt32>] = []
        sortKeys.reserveCapacity(bySymbol.count)
        for index in bySymbol {
            let listing = input[Int(index)]
            let start = UInt32(sortForms.count)
            sortForms.append(SearchTier(listing, prominent: prominent).rawValue)
            SearchKey.appendSortForm(of: listing.name, to: &sortForms)
            sortKeys.append(start..<UInt32(sortForms.count))
        }
        let byName = ByteKeySort.order(of: sortKeys, in: sortForms).map { bySymbol[Int($0)] }
        listings = byName.map { input[Int($0)] }
        var rankOf = [UInt32](repeating: 0, count: input.count)
        for (rank, index) in byName.enumerated() { rankOf[Int(index)] = UInt32(rank) }
        symbolOrder = bySymbol.map { rankOf[Int($0)] }

        text.reserveCapacity(sortForms.count)
        textStart.reserveCapacity(listings.count + 1)
        symbolStart.reserveCapacity(listings.count + 1)
        for index in byName {
            SearchKey.appendSearchForm(of: input[Int(index)].name, to: &text)
            textStart.append(UInt32(text.count))
            symbolText.append(contentsOf: inputSymbols[inputSymbolKeys[Int(index)].positions])
            symbolStart.append(UInt32(symbolText.count))
        }
        sortWords()
    }

    /// Every word start of every name, sorted by the rest of the name from there, then by rank.
    private mutating func sortWords() {
        var positions: [UInt32] = []
        var owners: [UInt32] = []
        var keys: [Range<UInt32>] = []
        positions.reserveCapacity(text.count / 5)
        owners.reserveCapacity(text.count / 5)
        keys.reserveCapacity(text.count / 5)
        for listing in 0..<listings.count {
            let start = Int(textStart[listing]), end = Int(textStart[listing + 1])
            for position in start..<end where position == start || text[position - 1] == 0x20 {
                positions.append(UInt32(position))
                owners.append(UInt32(listing))
                keys.append(UInt32(position)..<UInt32(end))
            }
        }
        let order = ByteKeySort.order(of: keys, in: text)
        wordPositions = order.map { positions[Int($0)] }
        wordListings = order.map { owners[Int($0)] }
    }
}

extension Range<UInt32> {
    /// The same range as array positions.
    fileprivate var positions: Range<Int> { Int(lowerBound)..<Int(upperBound) }
}
