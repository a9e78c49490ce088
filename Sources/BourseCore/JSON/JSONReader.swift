/// Why a JSON document could not be read, with the byte offset where reading stopped.
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    public let offset: Int
    public let reason: String

    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

/// A strict RFC 8259 reader that produces `JSONValue`s, keeping number text exact.
public enum JSONReader {
    /// The deepest nesting accepted; deeper documents are refused rather than overflowing the stack.
    public static let maxDepth = 512

    public static func parse(_ text: String) throws(JSONError) -> JSONValue {
        var copy = text
        let result = copy.withUTF8 { buffer in Result { () throws(JSONError) in try parse(buffer) } }
        return try result.get()
    }

    public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONError) in try parse(buffer) }
        }
        return try result.get()
    }

    public static func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONError) -> JSONValue {
        var cursor = Cursor(bytes: buffer)
        cursor.skipWhitespace()
        let value = try cursor.readValue(depth: 0)
        cursor.skipWhitespace()
        guard cursor.atEnd else { throw cursor.error("unexpected text after the document") }
        return value
    }

    /// Reads a document whose top level is an object, handing each element of its array member
    /// `key` to `element` as soon as it is read instead of keeping it: a long list (the whole
    /// market's snapshot, thousands of stocks) costs one element's tree at a time, not the whole
    /// document's. Returns the document with that member an empty array; a `key` that is not an
    /// array is returned as `parse` would. The document is checked as strictly as by `parse`.
    public static func parse(
        _ bytes: [UInt8], streaming key: String, _ element: (JSONValue) -> Void
    ) throws(JSONError) -> JSONValue {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONError) in
                var cursor = Cursor(bytes: buffer)
                cursor.skipWhitespace()
                guard !cursor.atEnd, buffer[cursor.position] == UInt8(ascii: "{") else {
                    throw cursor.error("the document is not an object")
                }
                let value = try cursor.readObject(depth: 0, streaming: key, element)
                cursor.skipWhitespace()
                guard cursor.atEnd else { throw cursor.error("unexpected text after the document") }
                return value
            }
        }
        return try result.get()
    }

    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        var atEnd: Bool { position >= bytes.count }

        func error(_ reason: String) -> JSONError {
            JSONError(offset: position, reason: reason)
        }

        mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x0A, 0x0D, 0x09: position += 1
                default: return
                }
            }
        }

        mutating func readValue(depth: Int) throws(JSONError) -> JSONValue {
            guard depth < JSONReader.maxDepth else { throw error("nested more than \(JSONReader.maxDepth) deep") }
            guard !atEnd else { throw error("the document ends where a value was expected") }
            switch bytes[position] {
            case UInt8(ascii: "{"): return try readObject(depth: depth)
            case UInt8(ascii: "["): return try readArray(depth: depth)
            case UInt8(ascii: "\""): return .string(try readString())
            case UInt8(ascii: "t"):
                try expectWord("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try expectWord("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try expectWord("null")
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
            default: throw error("unexpected character '\(Character(UnicodeScalar(bytes[position])))'")
            }
        }

        mutating func expectWord(_ word: StaticString) throws(JSONError) {
            let count = word.utf8CodeUnitCount
            guard position + count <= bytes.count else { throw error("unexpected end of the document") }
            for k in 0..<count where bytes[position + k] != word.utf8Start[k] {
                throw error("unexpected word; expected \(word)")
            }
            position += count
        }

        /// An object; the array member `streaming`, if any, goes element by element to `element`
        /// and is kept as an empty array.
        mutating func readObject(
            depth: Int, streaming: String? = nil, _ element: (JSONValue) -> Void = { _ in }
        ) throws(JSONError) -> JSONValue {
            position += 1
            var members: [String: JSONValue] = [:]
            skipWhitespace()
            if !atEnd, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard !atEnd, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
                let key = try readString()
                skipWhitespace()
                guard !atEnd, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':' after a member name") }
                position += 1
                skipWhitespace()
                if key == streaming, !atEnd, bytes[position] == UInt8(ascii: "[") {
                    try readElements(depth: depth + 1, element)
                    members[key] = .array([])
                } else {
                    members[key] = try readValue(depth: depth + 1)
                }
                skipWhitespace()
                guard !atEnd else { throw error("the document ends inside an object") }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                guard bytes[position] == UInt8(ascii: "}") else { throw error("expected ',' or '}' in an object") }
                position += 1
                return .object(members)
            }
        }

        mutating func readArray(depth: Int) throws(JSONError) -> JSONValue {
            var elements: [JSONValue] = []
            try readElements(depth: depth) { elements.append($0) }
            return .array(elements)
        }

        /// An array's elements, each to `element` as it is read.
        mutating func readElements(depth: Int, _ element: (JSONValue) -> Void) throws(JSONError) {
            position += 1
            skipWhitespace()
            if !atEnd, bytes[position] == UInt8(ascii: "]") {
                position += 1
                return
            }
            while true {
                skipWhitespace()
                element(try readValue(depth: depth + 1))
                skipWhitespace()
                guard !atEnd else { throw error("the document ends inside an array") }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                guard bytes[position] == UInt8(ascii: "]") else { throw error("expected ',' or ']' in an array") }
                position += 1
                return
            }
        }

        /// A number per RFC 8259's grammar, returned as its text.
        mutating func readNumber() throws(JSONError) -> String {
            let start = position
            func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
            if bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard !atEnd, isDigit(bytes[position]) else { throw error("a number needs digits") }
            if bytes[position] == UInt8(ascii: "0") {
                position += 1
                if !atEnd, isDigit(bytes[position]) { throw error("a number may not have leading zeros") }
            } else {
                while !atEnd, isDigit(bytes[position]) { position += 1 }
            }
            if !atEnd, bytes[position] == UInt8(ascii: ".") {
                position += 1
                guard !atEnd, isDigit(bytes[position]) else { throw error("a number needs digits after the point") }
                while !atEnd, isDigit(bytes[position]) { position += 1 }
            }
            if !atEnd, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
                position += 1
                if !atEnd, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
                guard !atEnd, isDigit(bytes[position]) else { throw error("a number's exponent needs digits") }
                while !atEnd, isDigit(bytes[position]) { position += 1 }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        }

        mutating func readString() throws(JSONError) -> String {
            position += 1  // the opening quote
            let start = position
            // Fast path: no escapes.
            while position < bytes.count {
                let b = bytes[position]
                if b == UInt8(ascii: "\"") {
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                    position += 1
                    return text
                }
                if b == UInt8(ascii: "\\") { break }
                guard b >= 0x20 else { throw error("a control character inside a string must be escaped") }
                position += 1
            }
            var scalars = Array(bytes[start..<position])
            while true {
                guard !atEnd else { throw error("the document ends inside a string") }
                let b = bytes[position]
                if b == UInt8(ascii: "\"") {
                    position += 1
                    return String(decoding: scalars, as: UTF8.self)
                }
                guard b >= 0x20 else { throw error("a control character inside a string must be escaped") }
                if b != UInt8(ascii: "\\") {
                    scalars.append(b)
                    position += 1
                    continue
                }
                position += 1
                guard !atEnd else { throw error("the document ends inside an escape") }
                let e = bytes[position]
                position += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append(0x22)
                case UInt8(ascii: "\\"): scalars.append(0x5C)
                case UInt8(ascii: "/"): scalars.append(0x2F)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try readHex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                            bytes[position + 1] == UInt8(ascii: "u")
                        else { throw error("a high surrogate must be followed by a low one") }
                        position += 2
                        let low = try readHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid low surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw error("a lone low surrogate")
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    throw error("unknown escape '\\\(Character(UnicodeScalar(e)))'")
                }
            }
        }

        mutating func readHex4() throws(JSONError) -> UInt32 {
            guard position + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let b = bytes[position]
                let digit: UInt32
                switch b {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
                default: throw error("a \\u escape needs four hex digits")
                }
                value = value * 16 + digit
                position += 1
            }
            return value
        }
    }
}
