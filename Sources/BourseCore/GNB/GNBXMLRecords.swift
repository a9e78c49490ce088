/// What reading a GNB XML document found, besides its records.
enum GNBXMLOutcome {
    /// The expected root holding only record elements.
    case records
    /// A root of another name (its records were not taken).
    case otherRoot(String)
    /// The first element inside the root that is not a record element.
    case otherElement(GNBXMLElement)
}

/// GNB's XML documents in one pass: record elements in the usual form are taken straight from
/// their bytes; any other element is read by `readElement`.
extension GNBXMLReader.Cursor {
    /// Reads a whole document into `sink`. Syntax errors come first, as when the whole document
    /// was read before its names were checked: a wrong root or element name is the outcome only
    /// of a document that reads to its end.
    mutating func readGNBRecords<Kind>(into sink: inout GNBRecordSink<Kind>) throws(GNBXMLSyntaxError) -> GNBXMLOutcome {
        let root = try readRootStartTag()
        let isExpectedRoot = root.name == Kind.shape.root
        var otherElement: GNBXMLElement?
        let names = Kind.fields
        if !root.closed {
            while true {
                skipWhitespace()
                // The next element's start tag, as usual, or else what `skipSpaceAndComments` skips or refuses.
                if !(position + 1 < bytes.count && bytes[position] == UInt8(ascii: "<") && isNameStart(bytes[position + 1])) {
                    try skipSpaceAndComments(inside: root.name, openedAt: root.offset)
                }
                if peek("</") {
                    try readEndTag(root.name)
                    break
                }
                let start = position
                let wanted = isExpectedRoot && otherElement == nil
                if wanted, takePlainRecord(into: &sink, names: names) {
                    sink.expectRecords(documentSize: bytes.count, readSoFar: position)
                    continue
                }
                position = start
                let element = try readElement()
                guard wanted else { continue }
                if element.name == Kind.shape.element {
                    sink.addGeneral(.xml(element.attributes))
                } else {
                    otherElement = element
                }
            }
        }
        try readEnd(after: root.name)
        if !isExpectedRoot { return .otherRoot(root.name) }
        return otherElement.map(GNBXMLOutcome.otherElement) ?? .records
    }

    /// The record element at the position if it is plain (see `scanPlainRecord`) and its values are.
    @inline(__always)
    mutating func takePlainRecord<Kind>(into sink: inout GNBRecordSink<Kind>, names: GNBFieldNames) -> Bool {
        guard let fields = scanPlainRecord(Kind.shape.elementName, names) else { return false }
        return sink.addPlain(fields, in: bytes)
    }

    /// A self-closing record element whose attribute values hold no reference, tab or line break,
    /// with no attribute repeated and at most one that is not a field: where its fields lie. Nil
    /// for anything else, with the position anywhere: the caller reads the element again from its `<`.
    @inline(__always)
    mutating func scanPlainRecord(_ element: StaticString, _ names: GNBFieldNames) -> GNBFieldSlices? {
        var fields = GNBFieldSlices()
        // The element's name, then a byte that cannot continue a name.
        let length = element.utf8CodeUnitCount
        guard position + 1 + length < bytes.count else { return nil }
        for k in 0..<length where bytes[position + 1 + k] != element.utf8Start[k] { return nil }
        position += 1 + length
        var others = 0
        while true {
            guard !atEnd else { return nil }
            let hadSpace = isWhitespace(bytes[position])
            skipWhitespace()
            guard !atEnd else { return nil }
            let b = bytes[position]
            if b == UInt8(ascii: "/") {
                guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") else { return nil }
                position += 2
                return fields
            }
            // An element closed by an end tag, or a name that goes on past the record's: the general path.
            guard hadSpace, isNameStart(b) else { return nil }
            let nameStart = position
            position += 1
            while position < bytes.count, isNameStart(bytes[position]) || isNameRest(bytes[position]) { position += 1 }
            let field = names.index(of: bytes, from: nameStart, to: position)
            skipWhitespace()
            guard !atEnd, bytes[position] == UInt8(ascii: "=") else { return nil }
            position += 1
            skipWhitespace()
            guard !atEnd, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[position]
            position += 1
            let valueStart = position
            while true {
                guard !atEnd else { return nil }
                let b = bytes[position]
                if b == quote { break }
                // Markup, references and whitespace to normalize: the general path.
                if b == UInt8(ascii: "<") || b == UInt8(ascii: "&") || b == 0x09 || b == 0x0A || b == 0x0D { return nil }
                position += 1
            }
            if field >= 0 {
                guard fields.set(field, start: valueStart, end: position, isNumber: false) else { return nil }
            } else {
                // One other attribute cannot repeat a field; two might repeat each other.
                others += 1
                guard others == 1 else { return nil }
            }
            position += 1
        }
    }
}
