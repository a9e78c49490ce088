/// A CSV document read into a header and rows of text fields (RFC 4180); `CSVExport` writes one.
///
/// Fields may be quoted; a quoted field may hold commas, line breaks and doubled quotes (`""`).
/// Lines end in LF or CRLF. Rows are kept as written, short or long; callers decide what a
/// short row means.
public struct CSVTable: Sendable {
    public let header: [String]
    /// The data rows, each with the 1-based line number it starts on.
    public let rows: [(line: Int, fields: [String])]

    /// Reads CSV text; throws `ListingsError.malformedCSV` for an unterminated quote or an empty document.
    public init(parsing text: String) throws(ListingsError) {
        var records: [(Int, [String])] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var quotedField = false
        let bytes = Array(text.utf8)
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        var i = 0
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            quotedField = false
        }
        while i < bytes.count {
            let b = bytes[i]
            if inQuotes {
                if b == quote {
                    if i + 1 < bytes.count, bytes[i + 1] == quote {
                        field.append(quote)
                        i += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    if b == lf { line += 1 }
                    field.append(b)
                }
            } else if b == quote, field.isEmpty, !quotedField {
                inQuotes = true
                quotedField = true
            } else if b == comma {
                endField()
            } else if b == lf || b == cr {
                if b == cr, i + 1 < bytes.count, bytes[i + 1] == lf { i += 1 }
                endField()
                records.append((recordLine, fields))
                fields.removeAll(keepingCapacity: true)
                line += 1
                recordLine = line
            } else {
                field.append(b)
            }
            i += 1
        }
        guard !inQuotes else { throw .malformedCSV(line: recordLine, reason: "a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty || quotedField {
            endField()
            records.append((recordLine, fields))
        }
        guard let first = records.first else { throw .malformedCSV(line: 1, reason: "the file is empty") }
        header = first.1.map { $0.trimmingSpaces() }
        rows = records.dropFirst().map { (line: $0.0, fields: $0.1) }
    }

    /// The index of a named column, or `ListingsError.missingColumn`.
    public func column(_ name: String) throws(ListingsError) -> Int {
        guard let index = header.firstIndex(of: name) else {
            throw .missingColumn(name, found: header)
        }
        return index
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and line breaks.
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = lastIndex(where: { !isSpace($0) })!
        return String(self[start...end])
    }
}
