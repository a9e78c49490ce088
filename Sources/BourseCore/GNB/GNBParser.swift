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
/// Each document is read in one pass over its bytes: a record in the usual form (plain values, no
/// escapes or entities, nothing nested) is made straight from its bytes, and any other record is
/// read again by the general readers (`JSONReader`, `GNBXMLReader`) and checked by
/// `GNBFieldReader`, which words every error. See docs/gnb.md.
///
/// A record is refused when a field is missing, a currency is not three uppercase letters, a rate
/// is not a plain decimal or not greater than zero, a SKU is empty or only whitespace, or an
/// amount is not a decimal. All such problems are collected into one `.badRecords` error.
public enum GNBParser {
    /// The rates in a document, in document order.
    public static func rates(_ bytes: [UInt8], format: GNBFormat) throws(GNBParseError) -> [Rate] {
        try records(GNBRateRecord.self, bytes, format: format)
    }

    /// The transactions in a document, in document order.
    public static func transactions(_ bytes: [UInt8], format: GNBFormat) throws(GNBParseError) -> [Transaction] {
        try records(GNBTransactionRecord.self, bytes, format: format)
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
        /// The record element's name as bytes, for the fast path.
        var elementName: StaticString { self == .rates ? "rate" : "transaction" }
    }

    /// Every record of a document, or every problem with its records; nothing half-read.
    static func records<Kind: GNBRecordKind>(
        _ kind: Kind.Type, _ bytes: [UInt8], format: GNBFormat
    ) throws(GNBParseError) -> [Kind.Record] {
        var sink = GNBRecordSink<Kind>(documentSize: bytes.count)
        switch format {
        case .json: try readJSON(bytes, into: &sink)
        case .xml: try readXML(bytes, into: &sink)
        }
        return try sink.finish()
    }
}
