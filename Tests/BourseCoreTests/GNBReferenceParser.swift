@testable import BourseCore

/// GNB's parser as it was before the one-pass readers: the whole document read into values first
/// (`JSONReader.parse`, every XML element), then each record checked by `GNBFieldReader`. The
/// one-pass `GNBParser` must give exactly what this gives, records and errors alike.
enum GNBReferenceParser {
    static func rates(_ bytes: [UInt8], format: GNBFormat) throws(GNBParseError) -> [Rate] {
        var rates: [Rate] = []
        var errors: [GNBRecordError] = []
        for (index, raw) in try rawRecords(bytes, format: format, shape: .rates).enumerated() {
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

    static func transactions(_ bytes: [UInt8], format: GNBFormat) throws(GNBParseError) -> [Transaction] {
        var transactions: [Transaction] = []
        var errors: [GNBRecordError] = []
        for (index, raw) in try rawRecords(bytes, format: format, shape: .transactions).enumerated() {
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

    static func rawRecords(_ bytes: [UInt8], format: GNBFormat, shape: GNBParser.Shape) throws(GNBParseError) -> [GNBRawRecord] {
        switch format {
        case .json: return try jsonRecords(bytes, shape: shape)
        case .xml: return try xmlRecords(bytes, shape: shape)
        }
    }

    static func jsonRecords(_ bytes: [UInt8], shape: GNBParser.Shape) throws(GNBParseError) -> [GNBRawRecord] {
        let document: JSONValue
        do {
            let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            let result = bytes.withUnsafeBufferPointer { buffer in
                Result { () throws(JSONError) in try JSONReader.parse(UnsafeBufferPointer(rebasing: buffer[start...])) }
            }
            document = try result.get()
        } catch {
            throw .malformedDocument(format: .json, reason: error.description)
        }
        guard let elements = document.arrayValue else {
            throw .malformedDocument(
                format: .json,
                reason: "the top level is \(GNBRawRecord.kind(of: document)), where an array of \(shape.root) was expected")
        }
        return elements.map(GNBRawRecord.json)
    }

    static func xmlRecords(_ bytes: [UInt8], shape: GNBParser.Shape) throws(GNBParseError) -> [GNBRawRecord] {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(GNBXMLSyntaxError) -> (String, [GNBXMLElement]) in
                var cursor = GNBXMLReader.Cursor(bytes: buffer)
                let root = try cursor.readRootStartTag()
                var children: [GNBXMLElement] = []
                if !root.closed {
                    while true {
                        try cursor.skipSpaceAndComments(inside: root.name, openedAt: root.offset)
                        if cursor.peek("</") {
                            try cursor.readEndTag(root.name)
                            break
                        }
                        children.append(try cursor.readElement())
                    }
                }
                try cursor.readEnd(after: root.name)
                return (root.name, children)
            }
        }
        let root: String
        let children: [GNBXMLElement]
        switch result {
        case .success(let document): (root, children) = document
        case .failure(let error): throw .malformedDocument(format: .xml, reason: error.located(in: bytes))
        }
        guard root == shape.root else {
            throw .malformedDocument(format: .xml, reason: "the root element is <\(root)>, where <\(shape.root)> was expected")
        }
        var records: [GNBRawRecord] = []
        for child in children {
            guard child.name == shape.element else {
                let place = GNBXMLSyntaxError(offset: child.offset, reason: "").position(in: bytes)
                throw .malformedDocument(
                    format: .xml,
                    reason:
                        "<\(child.name)> at \(place) is not expected inside <\(shape.root)>; only <\(shape.element)> elements are"
                )
            }
            records.append(.xml(child.attributes))
        }
        return records
    }
}
