/// A small, fast, byte-level reader for GNB's XML: one root element holding childless elements
/// whose data is in attributes.
///
/// Accepts an optional UTF-8 byte order mark, the `<?xml ...?>` prolog and other processing
/// instructions, comments, whitespace between elements, single- or double-quoted attributes, the
/// five predefined entities and decimal or hexadecimal character references, and record elements
/// that are self-closing or explicitly closed (with only whitespace or comments inside). Anything
/// else (text content, nested elements, CDATA, a DOCTYPE, mismatched or missing end tags) is an
/// error with the byte offset where reading stopped.
///
/// The document as a whole is read by `readGNBRecords` (GNBXMLRecords.swift), which takes record
/// elements in the usual form straight from their bytes and reads any other with `readElement`.
enum GNBXMLReader {
    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        var atEnd: Bool { position >= bytes.count }

        func error(_ reason: String, at offset: Int? = nil) -> GNBXMLSyntaxError {
            GNBXMLSyntaxError(offset: offset ?? position, reason: reason)
        }

        func peek(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard position + count <= bytes.count else { return false }
            for k in 0..<count where bytes[position + k] != literal.utf8Start[k] { return false }
            return true
        }

        /// Up to the root element's start tag: a byte order mark, then whitespace, comments and
        /// processing instructions; the root's name, the offset of its `<` and whether it closed itself.
        mutating func readRootStartTag() throws(GNBXMLSyntaxError) -> (name: String, offset: Int, closed: Bool) {
            // A UTF-8 byte order mark (a one-scalar StaticString would not be a byte pointer, so bytes).
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
            try skipMisc()
            guard !atEnd else { throw error("the document has no root element") }
            guard bytes[position] == UInt8(ascii: "<") else {
                throw error("expected '<' to open the root element, found \(describe(bytes[position]))")
            }
            if peek("<!DOCTYPE") { throw error("DOCTYPE declarations are not supported") }
            let offset = position
            let (root, _, closed) = try readStartTag()
            return (root, offset, closed)
        }

        /// After the root's end tag: only whitespace, comments and processing instructions.
        mutating func readEnd(after root: String) throws(GNBXMLSyntaxError) {
            try skipMisc()
            guard atEnd else { throw error("unexpected content after the root element </\(root)>") }
        }

        /// An element inside the root, self-closing or explicitly closed with only whitespace or
        /// comments inside, from its `<`.
        mutating func readElement() throws(GNBXMLSyntaxError) -> GNBXMLElement {
            let offset = position
            let (name, attributes, closed) = try readStartTag()
            if !closed {
                try skipSpaceAndComments(inside: name, openedAt: offset)
                guard peek("</") else { throw error("<\(name)> may not contain other elements") }
                try readEndTag(name)
            }
            return GNBXMLElement(name: name, attributes: attributes, offset: offset)
        }

        /// Whitespace, comments and processing instructions, outside the root element.
        mutating func skipMisc() throws(GNBXMLSyntaxError) {
            while true {
                skipWhitespace()
                if peek("<!--") {
                    try skipComment()
                } else if peek("<?") {
                    try skipProcessingInstruction()
                } else {
                    return
                }
            }
        }

        /// Inside an element, up to the next `<` that is not a comment or processing instruction.
        mutating func skipSpaceAndComments(inside name: String, openedAt offset: Int) throws(GNBXMLSyntaxError) {
            while true {
                skipWhitespace()
                guard !atEnd else {
                    throw error("the document ends inside <\(name)> (opened at byte \(offset)); </\(name)> is missing")
                }
                if peek("<!--") {
                    try skipComment()
                } else if peek("<?") {
                    try skipProcessingInstruction()
                } else if peek("<![CDATA[") {
                    throw error("CDATA sections are not expected inside <\(name)>")
                } else if bytes[position] != UInt8(ascii: "<") {
                    throw error("unexpected text inside <\(name)>; the data belongs in attributes")
                } else {
                    return
                }
            }
        }

        mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }

        mutating func skipComment() throws(GNBXMLSyntaxError) {
            let start = position
            position += 4
            while position + 2 < bytes.count {
                if bytes[position] == UInt8(ascii: "-"), bytes[position + 1] == UInt8(ascii: "-"),
                    bytes[position + 2] == UInt8(ascii: ">")
                {
                    position += 3
                    return
                }
                position += 1
            }
            throw error("a comment is not closed with -->", at: start)
        }

        mutating func skipProcessingInstruction() throws(GNBXMLSyntaxError) {
            let start = position
            position += 2
            while position + 1 < bytes.count {
                if bytes[position] == UInt8(ascii: "?"), bytes[position + 1] == UInt8(ascii: ">") {
                    position += 2
                    return
                }
                position += 1
            }
            throw error("a processing instruction is not closed with ?>", at: start)
        }

        /// `<name attr="v" ...>` or `<name ... />`; returns whether it closed itself.
        mutating func readStartTag() throws(GNBXMLSyntaxError) -> (String, [GNBXMLAttribute], Bool) {
            position += 1  // '<'
            let name = try readName(what: "an element name")
            var attributes: [GNBXMLAttribute] = []
            while true {
                let hadSpace = position < bytes.count && isWhitespace(bytes[position])
                skipWhitespace()
                guard !atEnd else { throw error("the document ends inside the tag <\(name)>") }
                switch bytes[position] {
                case UInt8(ascii: ">"):
                    position += 1
                    return (name, attributes, false)
                case UInt8(ascii: "/"):
                    guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") else {
                        throw error("expected '/>' to close the tag <\(name)>")
                    }
                    position += 2
                    return (name, attributes, true)
                default:
                    guard hadSpace else { throw error("expected whitespace before an attribute of <\(name)>") }
                    let attributeOffset = position
                    let attribute = try readAttribute(of: name)
                    if attributes.contains(where: { $0.name == attribute.name }) {
                        throw error("the attribute \(attribute.name) appears twice in <\(name)>", at: attributeOffset)
                    }
                    attributes.append(attribute)
                }
            }
        }

        mutating func readEndTag(_ name: String) throws(GNBXMLSyntaxError) {
            let start = position
            position += 2  // "</"
            let closing = try readName(what: "an element name after '</'")
            guard closing == name else { throw error("</\(closing)> does not close <\(name)>", at: start) }
            skipWhitespace()
            guard !atEnd, bytes[position] == UInt8(ascii: ">") else { throw error("expected '>' to end </\(name)>") }
            position += 1
        }

        mutating func readAttribute(of element: String) throws(GNBXMLSyntaxError) -> GNBXMLAttribute {
            let name = try readName(what: "an attribute name in <\(element)>")
            skipWhitespace()
            guard !atEnd, bytes[position] == UInt8(ascii: "=") else { throw error("expected '=' after the attribute \(name)") }
            position += 1
            skipWhitespace()
            guard !atEnd, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
                throw error("the value of the attribute \(name) must be in quotes")
            }
            let quote = bytes[position]
            position += 1
            let start = position
            var plain = true  // no entity and no whitespace to normalize: decode the bytes as they are
            while true {
                guard !atEnd else { throw error("the value of the attribute \(name) is not closed", at: start - 1) }
                let b = bytes[position]
                if b == quote { break }
                if b == UInt8(ascii: "<") { throw error("'<' is not allowed in an attribute value; write &lt;") }
                if b == UInt8(ascii: "&") || b == 0x09 || b == 0x0A || b == 0x0D { plain = false }
                position += 1
            }
            let end = position
            position += 1  // the closing quote
            if plain {
                return GNBXMLAttribute(
                    name: name, value: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
            }
            return GNBXMLAttribute(name: name, value: try decodeValue(start..<end))
        }

        /// Resolves references and normalizes literal tabs and line breaks to spaces (XML 1.0 §3.3.3).
        func decodeValue(_ range: Range<Int>) throws(GNBXMLSyntaxError) -> String {
            var out: [UInt8] = []
            out.reserveCapacity(range.count)
            var i = range.lowerBound
            while i < range.upperBound {
                let b = bytes[i]
                if b == 0x0D {
                    out.append(0x20)
                    // A CR LF pair is one line break, so one space.
                    if i + 1 < range.upperBound, bytes[i + 1] == 0x0A { i += 1 }
                    i += 1
                    continue
                }
                if b == 0x09 || b == 0x0A {
                    out.append(0x20)
                    i += 1
                    continue
                }
                guard b == UInt8(ascii: "&") else {
                    out.append(b)
                    i += 1
                    continue
                }
                var semicolon = i + 1
                while semicolon < range.upperBound, semicolon - i <= 10, bytes[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
                guard semicolon < range.upperBound, bytes[semicolon] == UInt8(ascii: ";") else {
                    throw error("'&' must start a reference such as &amp; (a bare '&' is not allowed)", at: i)
                }
                let reference = String(decoding: UnsafeBufferPointer(rebasing: bytes[(i + 1)..<semicolon]), as: UTF8.self)
                out.append(contentsOf: try resolve(reference, at: i).utf8)
                i = semicolon + 1
            }
            return String(decoding: out, as: UTF8.self)
        }

        func resolve(_ reference: String, at offset: Int) throws(GNBXMLSyntaxError) -> String {
            switch reference {
            case "lt": return "<"
            case "gt": return ">"
            case "amp": return "&"
            case "quot": return "\""
            case "apos": return "'"
            default: break
            }
            guard reference.hasPrefix("#") else { throw error("unknown entity &\(reference);", at: offset) }
            let hex = reference.hasPrefix("#x")
            let digits = reference.dropFirst(hex ? 2 : 1)
            guard !digits.isEmpty, digits.count <= 8, let code = UInt32(digits, radix: hex ? 16 : 10),
                let scalar = Unicode.Scalar(code), Self.isXMLChar(code)
            else { throw error("&\(reference); is not a valid character reference", at: offset) }
            return String(Character(scalar))
        }

        /// XML 1.0's `Char` production.
        static func isXMLChar(_ code: UInt32) -> Bool {
            code == 0x9 || code == 0xA || code == 0xD || (0x20...0xD7FF).contains(code)
                || (0xE000...0xFFFD).contains(code) || (0x10000...0x10FFFF).contains(code)
        }

        mutating func readName(what: String) throws(GNBXMLSyntaxError) -> String {
            let start = position
            guard !atEnd, isNameStart(bytes[position]) else {
                throw error(
                    atEnd
                        ? "the document ends where \(what) was expected" : "expected \(what), found \(describe(bytes[position]))")
            }
            position += 1
            while position < bytes.count, isNameStart(bytes[position]) || isNameRest(bytes[position]) { position += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        }

        func isNameStart(_ b: UInt8) -> Bool {
            (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") || b == UInt8(ascii: "_") || b == UInt8(ascii: ":")
                || b >= 0x80
        }

        func isNameRest(_ b: UInt8) -> Bool {
            (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
        }

        func isWhitespace(_ b: UInt8) -> Bool {
            b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
        }

        func describe(_ b: UInt8) -> String {
            b >= 0x21 && b < 0x7F ? "'\(Character(UnicodeScalar(b)))'" : "the byte 0x\(String(b, radix: 16))"
        }
    }
}
