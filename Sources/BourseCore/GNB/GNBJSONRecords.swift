/// GNB's JSON documents in one pass: the top-level array's objects in the usual form are taken
/// straight from their bytes; any other element is read by `readValue` as before.
extension JSONReader.Cursor {
    /// Reads a whole document whose top level is an array into `sink`; false, having read
    /// nothing, when the top level is not an array. Syntax errors are those of `JSONReader.parse`,
    /// at the same offsets.
    mutating func readGNBRecords<Kind>(into sink: inout GNBRecordSink<Kind>) throws(JSONError) -> Bool {
        skipWhitespace()
        guard !atEnd, bytes[position] == UInt8(ascii: "[") else { return false }
        position += 1
        skipWhitespace()
        if !atEnd, bytes[position] == UInt8(ascii: "]") {
            position += 1
        } else {
            let names = Kind.fields
            while true {
                skipWhitespace()
                let start = position
                if takePlainRecord(into: &sink, names: names) {
                    sink.expectRecords(documentSize: bytes.count, readSoFar: position)
                } else {
                    position = start
                    sink.addGeneral(.json(try readValue(depth: 1)))
                }
                skipWhitespace()
                guard !atEnd else { throw error("the document ends inside an array") }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                guard bytes[position] == UInt8(ascii: "]") else { throw error("expected ',' or ']' in an array") }
                position += 1
                break
            }
        }
        skipWhitespace()
        guard atEnd else { throw error("unexpected text after the document") }
        return true
    }

    /// The record at the position if it is plain (see `scanPlainRecord`) and its values are.
    @inline(__always)
    mutating func takePlainRecord<Kind>(into sink: inout GNBRecordSink<Kind>, names: GNBFieldNames) -> Bool {
        guard let fields = scanPlainRecord(names) else { return false }
        return sink.addPlain(fields, in: bytes)
    }

    /// An object with no escapes, nothing nested and no repeated field, whose fields' values are
    /// strings or numbers: where its fields lie. Nil for anything else, with the position
    /// anywhere: the caller reads the element again from its start.
    @inline(__always)
    mutating func scanPlainRecord(_ names: GNBFieldNames) -> GNBFieldSlices? {
        var fields = GNBFieldSlices()
        guard !atEnd, bytes[position] == UInt8(ascii: "{") else { return nil }
        position += 1
        while true {
            skipWhitespace()
            guard !atEnd, bytes[position] == UInt8(ascii: "\"") else { return nil }
            let keyStart = position + 1
            guard let keyEnd = scanPlainString() else { return nil }
            let field = names.index(of: bytes, from: keyStart, to: keyEnd)
            skipWhitespace()
            guard !atEnd, bytes[position] == UInt8(ascii: ":") else { return nil }
            position += 1
            skipWhitespace()
            guard !atEnd else { return nil }
            let valueStart = position
            let isNumber: Bool
            switch bytes[position] {
            case UInt8(ascii: "\""):
                guard scanPlainString() != nil else { return nil }
                isNumber = false
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard scanNumber() else { return nil }
                isNumber = true
            default:
                // true, false and null are only skipped; a field's wrong kind is the general path's to word.
                guard field < 0, scanLiteral() else { return nil }
                isNumber = false
            }
            if field >= 0 {
                let start = isNumber ? valueStart : valueStart + 1
                let end = isNumber ? position : position - 1
                guard fields.set(field, start: start, end: end, isNumber: isNumber) else { return nil }
            }
            skipWhitespace()
            guard !atEnd else { return nil }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            guard bytes[position] == UInt8(ascii: "}") else { return nil }
            position += 1
            return fields
        }
    }

    /// A string without escapes or control characters, from its opening quote; the offset of its
    /// closing quote (the position is then past it), or nil.
    @inline(__always)
    mutating func scanPlainString() -> Int? {
        position += 1
        while position < bytes.count {
            let b = bytes[position]
            if b == UInt8(ascii: "\"") {
                position += 1
                return position - 1
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { return nil }
            position += 1
        }
        return nil
    }

    /// A number by RFC 8259's grammar, as `readNumber` reads it; false where that would throw.
    @inline(__always)
    mutating func scanNumber() -> Bool {
        @inline(__always) func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard !atEnd, isDigit(bytes[position]) else { return false }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if !atEnd, isDigit(bytes[position]) { return false }
        } else {
            while !atEnd, isDigit(bytes[position]) { position += 1 }
        }
        if !atEnd, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard !atEnd, isDigit(bytes[position]) else { return false }
            while !atEnd, isDigit(bytes[position]) { position += 1 }
        }
        if !atEnd, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if !atEnd, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard !atEnd, isDigit(bytes[position]) else { return false }
            while !atEnd, isDigit(bytes[position]) { position += 1 }
        }
        return true
    }

    /// `true`, `false` or `null`.
    mutating func scanLiteral() -> Bool {
        for word: StaticString in ["true", "false", "null"] where peekWord(word) {
            position += word.utf8CodeUnitCount
            return true
        }
        return false
    }

    private func peekWord(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for k in 0..<count where bytes[position + k] != word.utf8Start[k] { return false }
        return true
    }
}
