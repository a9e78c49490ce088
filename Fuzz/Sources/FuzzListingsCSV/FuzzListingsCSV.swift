import BourseCore
import FuzzSupport

/// The CSV reader (`CSVTable`) and the four listings parsers on it (`ListingsParser.nasdaq`,
/// `otherListed`, `profiles`, `priceLevels`), which read the listing files and their updates.
///
/// Checks: a table either throws a `ListingsError` or gives rows in line order; the table
/// written back as CSV (every field quoted) reads as the same table; each parser either throws
/// a `ListingsError` or gives entries with a trimmed, non-empty symbol (and, for price levels,
/// a positive close and volatility); `cleanName` never traps and keeps a non-blank name
/// non-empty.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzListingsCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    if let table = read({ () throws(ListingsError) in try CSVTable(parsing: text) }) {
        checkTable(table)
    }
    if let listings = read({ () throws(ListingsError) in try ListingsParser.nasdaq(text) }) {
        checkListings(listings)
    }
    if let listings = read({ () throws(ListingsError) in try ListingsParser.otherListed(text) }) {
        checkListings(listings)
    }
    if let profiles = read({ () throws(ListingsError) in try ListingsParser.profiles(text) }) {
        check(profiles.allSatisfy { isTrimmedSymbol($0.symbol) }, "a profile without a trimmed symbol: \(profiles)")
    }
    if let levels = read({ () throws(ListingsError) in try ListingsParser.priceLevels(text) }) {
        check(levels.allSatisfy { $0.lastClose.signum > 0 && $0.dailyVolatility.signum > 0 }, "a bad price level: \(levels)")
    }
    return 0
}

private func read<T>(_ parse: () throws(ListingsError) -> T) -> T? {
    do {
        return try parse()
    } catch {
        check(!error.description.isEmpty, "an error without a description")
        return nil
    }
}

private func checkTable(_ table: CSVTable) {
    let lines = table.rows.map(\.line)
    check(zip(lines, lines.dropFirst()).allSatisfy { $0 < $1 } && (lines.first ?? 2) >= 2, "row lines out of order: \(lines)")
    let records = [table.header] + table.rows.map(\.fields)
    let written = records.map { $0.map(quoted).joined(separator: ",") + "\n" }.joined()
    let again = try? CSVTable(parsing: written)
    check(again?.header == table.header, "header \(table.header) reads back as \(again?.header as Any)")
    check(again?.rows.map(\.fields) == table.rows.map(\.fields), "rows changed in a round trip through \(written)")
    for field in records.joined().prefix(200) {
        let name = ListingsParser.cleanName(field)
        check(name.isEmpty == isBlank(field), "cleanName(\(field)) = \(name)")
    }
}

private func checkListings(_ listings: [Listing]) {
    for listing in listings {
        check(isTrimmedSymbol(listing.symbol), "a listing without a trimmed symbol: \(listing)")
    }
}

/// The field in quotes, its quotes doubled: by scalars, since a quote and a combining mark after
/// it make one Character that a Character-wise replace would miss.
private func quoted(_ field: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in field.unicodeScalars {
        if scalar == "\"" { out.append(scalar) }
        out.append(scalar)
    }
    return "\"" + String(out) + "\""
}

/// Blank as the parsers trim: spaces, tabs and line breaks only.
private func isBlank(_ text: String) -> Bool {
    text.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
}

private func isTrimmedSymbol(_ symbol: String) -> Bool {
    !isBlank(symbol) && !isBlank(String(symbol.first!)) && !isBlank(String(symbol.last!))
}
