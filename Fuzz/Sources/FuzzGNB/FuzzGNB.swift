import BourseCore
import FuzzSupport

/// GNB's rates and transactions documents (`GNBParser`), in JSON and in XML (the byte-level
/// `GNBXMLReader`), as downloaded from a GNB service or read from a file.
///
/// Every input is read four ways: rates and transactions, each as JSON and as XML. Checks:
/// each either throws a `GNBParseError` with a description (and, for bad records, record
/// numbers from 1 and a count of valid ones) or gives records that obey the rules (three-letter
/// currencies, rates above zero, SKUs not blank); and those records, written back as JSON and
/// as XML, read as the same records. `sniffFormat` and `GNBFormat(contentType:)` never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGNB(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    _ = GNBParser.sniffFormat(input.bytes)
    _ = GNBFormat(contentType: input.text)
    for format in GNBFormat.allCases {
        if let rates = read({ () throws(GNBParseError) in try GNBParser.rates(input.bytes, format: format) }) {
            checkRates(rates)
        }
        if let transactions = read({ () throws(GNBParseError) in try GNBParser.transactions(input.bytes, format: format) }) {
            checkTransactions(transactions)
        }
    }
    return 0
}

/// The records, or nil after checking the error.
private func read<T>(_ parse: () throws(GNBParseError) -> T) -> T? {
    do {
        return try parse()
    } catch {
        check(!error.description.isEmpty, "an error without a description")
        if case .badRecords(let errors, let validCount) = error {
            check(!errors.isEmpty && validCount >= 0, "badRecords with no errors: \(error)")
            check(errors.allSatisfy { $0.record >= 1 }, "a record number below 1: \(error)")
        }
        return nil
    }
}

private func checkRates(_ rates: [Rate]) {
    for rate in rates {
        check(rate.rate.signum > 0, "a rate of \(rate.rate)")
        check(CurrencyCode(rate.from.rawValue) == rate.from && CurrencyCode(rate.to.rawValue) == rate.to, "bad codes in \(rate)")
    }
    let json =
        "[" + rates.map { "{\"from\":\"\($0.from)\",\"to\":\"\($0.to)\",\"rate\":\"\($0.rate)\"}" }.joined(separator: ",") + "]"
    let xml =
        "<rates>" + rates.map { "<rate from=\"\($0.from)\" to=\"\($0.to)\" rate=\"\($0.rate)\"/>" }.joined() + "</rates>"
    for (format, text) in [(GNBFormat.json, json), (.xml, xml)] {
        let again = Result { () throws(GNBParseError) in try GNBParser.rates(Array(text.utf8), format: format) }
        check(again == .success(rates), "rates written as \(format) read back as \(again): \(text)")
    }
}

private func checkTransactions(_ transactions: [Transaction]) {
    for transaction in transactions {
        check(transaction.sku.contains { !$0.isWhitespace }, "a blank SKU: \(transaction)")
        check(CurrencyCode(transaction.currency.rawValue) == transaction.currency, "a bad code in \(transaction)")
    }
    let json =
        "["
        + transactions.map {
            "{\"sku\":\(JSONString.quoted($0.sku)),\"amount\":\"\($0.amount)\",\"currency\":\"\($0.currency)\"}"
        }.joined(separator: ",") + "]"
    let xml =
        "<transactions>"
        + transactions.map {
            "<transaction sku=\"\(xmlAttribute($0.sku))\" amount=\"\($0.amount)\" currency=\"\($0.currency)\"/>"
        }.joined() + "</transactions>"
    for (format, text) in [(GNBFormat.json, json), (.xml, xml)] {
        let again = Result { () throws(GNBParseError) in try GNBParser.transactions(Array(text.utf8), format: format) }
        check(again == .success(transactions), "transactions written as \(format) read back as \(again): \(text)")
    }
}

/// An attribute value in double quotes: markup escaped, and tabs and line breaks as character
/// references, which (unlike literal ones) are not normalized to spaces.
private func xmlAttribute(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case "\"": out += "&quot;"
        case "\t": out += "&#9;"
        case "\n": out += "&#10;"
        case "\r": out += "&#13;"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}
