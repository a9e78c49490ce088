/// Reads the bundled exchange listing files into `Listing`s. Takes file text; does no I/O.
///
/// The files are the NASDAQ Trader symbol directories as published by datahub.io:
/// - `nasdaq-listed-symbols.csv` for NASDAQ (`Company Name` is the name, `ETF` and `Test Issue` flags);
/// - `other-listed.csv` for NYSE (`Exchange` N), NYSE American (`Exchange` A) and NYSE Arca (`P`); its
///   `Company Name` is cut at the first hyphen ("Coca" for KO), so the name comes from
///   `Security Name` with the class wording removed.
///
/// Both drop test issues (`Test Issue` Y), the footer line ("File Creation Time: ...") and
/// lines of empty fields. ETFs are kept, flagged `isETF`.
public enum ListingsParser {
    /// The NASDAQ listings from `nasdaq-listed-symbols.csv`.
    public static func nasdaq(_ text: String) throws(ListingsError) -> [Listing] {
        let table = try CSVTable(parsing: text)
        let symbol = try table.column("Symbol")
        let company = try table.column("Company Name")
        let security = try table.column("Security Name")
        let test = try table.column("Test Issue")
        let etf = try table.column("ETF")
        var listings: [Listing] = []
        for row in try dataRows(of: table) {
            let fields = row.fields
            guard fields[test].trimmingSpaces() != "Y" else { continue }
            let ticker = try symbolField(fields[symbol], line: row.line)
            var name = cleanName(fields[company])
            if name.isEmpty { name = cleanName(beforeDash(fields[security])) }
            listings.append(Listing(symbol: ticker, name: name, exchange: .nasdaq, isETF: fields[etf].trimmingSpaces() == "Y"))
        }
        return listings
    }

    /// The NYSE, NYSE American and NYSE Arca listings from `other-listed.csv` (other exchanges are skipped).
    public static func otherListed(_ text: String) throws(ListingsError) -> [Listing] {
        let table = try CSVTable(parsing: text)
        let symbol = try table.column("ACT Symbol")
        let security = try table.column("Security Name")
        let exchangeColumn = try table.column("Exchange")
        let test = try table.column("Test Issue")
        let etf = try table.column("ETF")
        var listings: [Listing] = []
        for row in try dataRows(of: table) {
            let fields = row.fields
            guard fields[test].trimmingSpaces() != "Y" else { continue }
            let exchange: Exchange
            switch fields[exchangeColumn].trimmingSpaces() {
            case "N": exchange = .nyse
            case "A": exchange = .nyseAmerican
            case "P": exchange = .nyseArca
            default: continue
            }
            let ticker = try symbolField(fields[symbol], line: row.line)
            listings.append(
                Listing(
                    symbol: ticker, name: cleanName(fields[security]), exchange: exchange,
                    isETF: fields[etf].trimmingSpaces() == "Y"))
        }
        return listings
    }

    /// The company profiles from the S&P 500 constituents file (`sp500-constituents.csv`).
    public static func profiles(_ text: String) throws(ListingsError) -> [CompanyProfile] {
        let table = try CSVTable(parsing: text)
        let columns = try ["Symbol", "Security", "GICS Sector", "GICS Sub-Industry", "Headquarters Location", "Founded"]
            .map { (name: String) throws(ListingsError) -> Int in try table.column(name) }
        var profiles: [CompanyProfile] = []
        for row in try dataRows(of: table) {
            let value = columns.map { row.fields[$0].trimmingSpaces() }
            _ = try symbolField(value[0], line: row.line)
            profiles.append(
                CompanyProfile(
                    symbol: value[0], name: value[1], sector: value[2], industry: value[3],
                    headquarters: value[4], founded: value[5]))
        }
        return profiles
    }

    /// The price levels from `price-levels.csv` (`symbol,last_close,daily_volatility,average_volume`).
    public static func priceLevels(_ text: String) throws(ListingsError) -> [PriceLevel] {
        let table = try CSVTable(parsing: text)
        let symbol = try table.column("symbol")
        let close = try table.column("last_close")
        let volatility = try table.column("daily_volatility")
        let volume = try table.column("average_volume")
        var levels: [PriceLevel] = []
        for row in try dataRows(of: table) {
            guard let lastClose = ExactDecimal(row.fields[close]), lastClose.signum > 0,
                let vol = ExactDecimal(row.fields[volatility]), vol.signum > 0,
                let shares = Int(row.fields[volume]), shares >= 0
            else {
                throw .badRow(line: row.line, reason: "expected a positive close and volatility and a whole volume")
            }
            levels.append(
                PriceLevel(symbol: row.fields[symbol], lastClose: lastClose, dailyVolatility: vol, averageVolume: shares))
        }
        return levels
    }

    /// The table's rows of data (footers left out), each checked to have every column.
    static func dataRows(of table: CSVTable) throws(ListingsError) -> [(line: Int, fields: [String])] {
        let rows = table.rows.filter { !isFooter($0.fields) }
        if let short = rows.first(where: { $0.fields.count != table.header.count }) {
            throw .badRow(line: short.line, reason: "expected \(table.header.count) fields, found \(short.fields.count)")
        }
        return rows
    }

    /// A row's symbol, trimmed; a row without one is bad.
    static func symbolField(_ field: String, line: Int) throws(ListingsError) -> String {
        let symbol = field.trimmingSpaces()
        guard !symbol.isEmpty else { throw .badRow(line: line, reason: "the symbol is empty") }
        return symbol
    }

    /// A footer ("File Creation Time: ...") or a line of empty fields.
    static func isFooter(_ fields: [String]) -> Bool {
        if let first = fields.first, first.hasPrefix("File Creation Time") { return true }
        return fields.allSatisfy { $0.trimmingSpaces().isEmpty }
    }

    static func beforeDash(_ text: String) -> String {
        guard let range = text.range(of: " - ") else { return text }
        return String(text[..<range.lowerBound])
    }
}
