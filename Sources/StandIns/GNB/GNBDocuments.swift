import BourseCore

/// The GNB service's documents, written as the original service wrote them: JSON arrays of
/// objects with decimal strings, or XML elements with attributes.
enum GNBDocuments {
    static func json(rates: [Rate]) -> String {
        let items = rates.map { #"{"from":"\#($0.from)","to":"\#($0.to)","rate":"\#($0.rate)"}"# }
        return "[" + items.joined(separator: ",\n") + "]\n"
    }

    static func json(transactions: [Transaction]) -> String {
        let items = transactions.map {
            #"{"sku":\#(JSONString.quoted($0.sku)),"amount":"\#($0.amount)","currency":"\#($0.currency)"}"#
        }
        return "[" + items.joined(separator: ",\n") + "]\n"
    }

    static func xml(rates: [Rate]) -> String {
        let items = rates.map { #" <rate from="\#($0.from)" to="\#($0.to)" rate="\#($0.rate)"/>"# }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rates>\n" + items.joined(separator: "\n") + "\n</rates>\n"
    }

    static func xml(transactions: [Transaction]) -> String {
        let items = transactions.map {
            #" <transaction sku="\#(Markup.escaped($0.sku))" amount="\#($0.amount)" currency="\#($0.currency)"/>"#
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<transactions>\n" + items.joined(separator: "\n")
            + "\n</transactions>\n"
    }
}
