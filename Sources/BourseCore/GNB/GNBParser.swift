/// Reads GNB's rates and transactions from JSON or XML, exactly and strictly.
///
/// JSON: `[{"from": "EUR", "to": "USD", "rate": "1.359"}]` and
/// `[{"sku": "T2006", "amount": "10.00", "currency": "USD"}]`. Values are decimal strings; JSON
/// numbers are accepted too and read exactly from their text (never through `Double`). Extra keys
/// (such as `index`) are ignored.
///
/// XML: `<rates><rate from="EUR" to="USD" rate="1.359"/></rates>` and
/// `<transactions><transaction sku="T2006" amount="10.00" currency="USD"/></transactions>`, read by
/// a small byte-level reader (`GNBXMLReader`). Extra attributes are ignored.
///
/// A record is refused when a field is missing, a currency is not three uppercase letters, a rate
/// is not a plain decimal or not greater than zero, a SKU is empty or only whitespace, or an
/// amount is not a decimal. All such problems are collected into one `.badRecords` error.
public enum GNBParser {
    /// The rates in a document, in document order.
    public static func rates(_ bytes: [UInt8], format: GNBFormat) throws(GNBParseError) -> [Rate] {
        let records = try rawRecords(bytes, format: format, shape: .rates)
        var rates: [Rate] = []
        rates.reserveCapacity(records.count)
        var errors: [GNBRecordError] = []
        for (index, raw) in records.enumerated() {
            var fields = GNBFieldReader(record: index + 1, raw: raw)
            let from = fields.currency("from")
            let to = fields.currency("to")
            let rate = fields.rate("rate")
            if let from, let to, let rate, fields.errors.isEmpty {
                rates.append(Rate(from: from, to: to, rate: rate))
            } else {
                errors += fields.errors
            }
        }
        guard errors.isEmpty else { throw .badRecords(errors, validCount: rates.count) }
        return rates
    }

    /// The transactions in a document, in document order.
    public static func transactions(_ bytes: [UInt8], format: GNBFormat) throws(GNBParseError) -> [Transaction] {
        let records = try rawRecords(bytes, format: format, shape: .transactions)
        var transactions: [Transaction] = []
        transactions.reserveCapacity(records.count)
        var errors: [GNBRecordError] = []
        for (index, raw) in records.enumerated() {
            var fields = GNBFieldReader(record: index + 1, raw: raw)
            let sku = fields.sku("sku")
            let amount = fields.amount("amount")
            let currency = fields.currency("currency")
            if let sku, let amount, let currency, fields.errors.isEmpty {
                transactions.append(Transaction(sku: sku, amount: amount, currency: currency))
            } else {
                errors += fields.errors
            }
        }
        guard errors.isEmpty else { throw .badRecords(errors, validCount: transactions.count) }
        return transactions
    }

    /// The format by content: the first byte after whitespace (and a UTF-8 byte order mark) is
    /// `[` or `{` for JSON, `<` for XML; nil for anything else.
    public static func sniffFormat(_ bytes: [UInt8]) -> GNBFormat? {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            case UInt8(ascii: "["), UInt8(ascii: "{"): return .json
            case UInt8(ascii: "<"): return .xml
            default: return nil
            }
        }
        return nil
    }

    /// The documents' two shapes: root element and record element names.
    enum Shape {
        case rates, transactions

        var root: String { self == .rates ? "rates" : "transactions" }
        var element: String { self == .rates ? "rate" : "transaction" }
    }

    static func rawRecords(_ bytes: [UInt8], format: GNBFormat, shape: Shape) throws(GNBParseError) -> [GNBRawRecord] {
        switch format {
        case .json: return try jsonRecords(bytes, shape: shape)
        case .xml: return try xmlRecords(bytes, shape: shape)
        }
    }
}
