import BourseCore

/// The GNB service's documents, written as the original service wrote them: JSON arrays of
/// objects with decimal strings, or XML elements with attributes.
enum GNBDocuments {
    static func json(rates: [Rate]) -> String {
        let items = rates.map { #"{"from":"\#($0.from)","to":"\#($0.to)","rate":"\#($0.rate)"}"# }
        return "[" + items.joined(separator: ",\n") + "]\n"
    }

    static func json(transactions: [Transaction]) -> String {
        let items = transactions.map { #"{"sku":\#(jsonString($0.sku)),"amount":"\#($0.amount)","currency":"\#($0.currency)"}"# }
        return "[" + items.joined(separator: ",\n") + "]\n"
    }

    static func xml(rates: [Rate]) -> String {
        let items = rates.map { #" <rate from="\#($0.from)" to="\#($0.to)" rate="\#($0.rate)"/>"# }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rates>\n" + items.joined(separator: "\n") + "\n</rates>\n"
    }

    static func xml(transactions: [Transaction]) -> String {
        let items = transactions.map {
            #" <transaction sku="\#(xmlAttribute($0.sku))" amount="\#($0.amount)" currency="\#($0.currency)"/>"#
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<transactions>\n" + items.joined(separator: "\n") + "\n</transactions>\n"
    }

    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func xmlAttribute(_ text: String) -> String {
        var out = ""
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(ch)
            }
        }
        return out
    }
}
