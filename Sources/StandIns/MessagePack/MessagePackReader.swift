/// Reads one msgpack value from bytes, strictly: the bytes must hold exactly one value, every
/// string must be UTF-8 and every timestamp well formed; anything else is a `MessagePackError`
/// naming the offset, never a crash, however the bytes were cut or made up.
enum MessagePackReader {
    /// The deepest nesting of arrays and maps accepted; deeper data is refused rather than
    /// overflowing the stack.
    static let maxDepth = 256

    static func read(_ bytes: [UInt8]) throws(MessagePackError) -> MessagePackValue {
        var cursor = Cursor(bytes: bytes)
        let value = try cursor.readValue(depth: 0)
        guard cursor.position == bytes.count else { throw MessagePackError(.trailingBytes, at: cursor.position) }
        return value
    }

    private struct Cursor {
        let bytes: [UInt8]
        var position = 0

        var remaining: Int { bytes.count - position }

        mutating func take(_ count: Int) throws(MessagePackError) -> ArraySlice<UInt8> {
            guard count <= remaining else { throw MessagePackError(.truncated, at: position) }
            defer { position += count }
            return bytes[position..<position + count]
        }

        mutating func byte() throws(MessagePackError) -> UInt8 {
            try take(1).first!
        }

        /// A big-endian unsigned integer of `T`'s width.
        mutating func integer<T: FixedWidthInteger & UnsignedInteger>(_: T.Type) throws(MessagePackError) -> T {
            var value: T = 0
            for byte in try take(MemoryLayout<T>.size) { value = value << 8 | T(byte) }
            return value
        }

        /// A length written in `T`'s width, as an `Int` (a 32-bit length always fits on 64 bits).
        mutating func length<T: FixedWidthInteger & UnsignedInteger>(_ type: T.Type) throws(MessagePackError) -> Int {
            Int(try integer(type))
        }

        mutating func readValue(depth: Int) throws(MessagePackError) -> MessagePackValue {
            let start = position
            let head = try byte()
            switch head {
            case 0x00...0x7f: return .int(Int64(head))
            case 0x80...0x8f: return try readMap(count: Int(head & 0x0f), depth: depth, at: start)
            case 0x90...0x9f: return try readArray(count: Int(head & 0x0f), depth: depth, at: start)
            case 0xa0...0xbf: return try readString(count: Int(head & 0x1f))
            case 0xc0: return .nil
            case 0xc2: return .bool(false)
            case 0xc3: return .bool(true)
            case 0xc4: return .binary(Array(try take(try length(UInt8.self))))
            case 0xc5: return .binary(Array(try take(try length(UInt16.self))))
            case 0xc6: return .binary(Array(try take(try length(UInt32.self))))
            case 0xc7: return try readExt(count: try length(UInt8.self), at: start)
            case 0xc8: return try readExt(count: try length(UInt16.self), at: start)
            case 0xc9: return try readExt(count: try length(UInt32.self), at: start)
            case 0xca: return .float(Float(bitPattern: try integer(UInt32.self)))
            case 0xcb: return .double(Double(bitPattern: try integer(UInt64.self)))
            case 0xcc: return .int(Int64(try integer(UInt8.self)))
            case 0xcd: return .int(Int64(try integer(UInt16.self)))
            case 0xce: return .int(Int64(try integer(UInt32.self)))
            case 0xcf:
                let value = try integer(UInt64.self)
                return value <= UInt64(Int64.max) ? .int(Int64(value)) : .uint(value)
            case 0xd0: return .int(Int64(Int8(bitPattern: try integer(UInt8.self))))
            case 0xd1: return .int(Int64(Int16(bitPattern: try integer(UInt16.self))))
            case 0xd2: return .int(Int64(Int32(bitPattern: try integer(UInt32.self))))
            case 0xd3: return .int(Int64(bitPattern: try integer(UInt64.self)))
            case 0xd4: return try readExt(count: 1, at: start)
            case 0xd5: return try readExt(count: 2, at: start)
            case 0xd6: return try readExt(count: 4, at: start)
            case 0xd7: return try readExt(count: 8, at: start)
            case 0xd8: return try readExt(count: 16, at: start)
            case 0xd9: return try readString(count: try length(UInt8.self))
            case 0xda: return try readString(count: try length(UInt16.self))
            case 0xdb: return try readString(count: try length(UInt32.self))
            case 0xdc: return try readArray(count: try length(UInt16.self), depth: depth, at: start)
            case 0xdd: return try readArray(count: try length(UInt32.self), depth: depth, at: start)
            case 0xde: return try readMap(count: try length(UInt16.self), depth: depth, at: start)
            case 0xdf: return try readMap(count: try length(UInt32.self), depth: depth, at: start)
            case 0xe0...0xff: return .int(Int64(Int8(bitPattern: head)))
            default: throw MessagePackError(.reservedByte, at: start)  // 0xc1, the one byte left
            }
        }

        mutating func readString(count: Int) throws(MessagePackError) -> MessagePackValue {
            let start = position
            guard let text = String(validating: try take(count), as: UTF8.self) else {
                throw MessagePackError(.invalidUTF8, at: start)
            }
            return .string(text)
        }

        /// Each element takes at least one byte, so a count beyond the bytes left is refused
        /// before anything is reserved for it.
        mutating func readArray(count: Int, depth: Int, at start: Int) throws(MessagePackError) -> MessagePackValue {
            guard depth < MessagePackReader.maxDepth else { throw MessagePackError(.tooDeep, at: start) }
            guard count <= remaining else { throw MessagePackError(.truncated, at: position) }
            var elements: [MessagePackValue] = []
            elements.reserveCapacity(count)
            for _ in 0..<count { elements.append(try readValue(depth: depth + 1)) }
            return .array(elements)
        }

        mutating func readMap(count: Int, depth: Int, at start: Int) throws(MessagePackError) -> MessagePackValue {
            guard depth < MessagePackReader.maxDepth else { throw MessagePackError(.tooDeep, at: start) }
            guard count <= remaining / 2 else { throw MessagePackError(.truncated, at: position) }
            var pairs: [MessagePackPair] = []
            pairs.reserveCapacity(count)
            for _ in 0..<count {
                let key = try readValue(depth: depth + 1)
                pairs.append(MessagePackPair(key, try readValue(depth: depth + 1)))
            }
            return .map(pairs)
        }

        /// An extension's type and `count` bytes of data; type -1 is read as a timestamp.
        mutating func readExt(count: Int, at start: Int) throws(MessagePackError) -> MessagePackValue {
            let type = Int8(bitPattern: try byte())
            let data = try take(count)
            guard type == MessagePackTimestamp.type else { return .ext(type: type, data: Array(data)) }
            var fields = Cursor(bytes: Array(data))
            let timestamp: MessagePackTimestamp
            switch count {
            case 4:
                timestamp = MessagePackTimestamp(seconds: Int64(try fields.integer(UInt32.self)), nanoseconds: 0)
            case 8:
                // 30 bits of nanoseconds, then 34 bits of seconds.
                let packed = try fields.integer(UInt64.self)
                timestamp = MessagePackTimestamp(
                    seconds: Int64(packed & 0x3_ffff_ffff), nanoseconds: UInt32(truncatingIfNeeded: packed >> 34))
            case 12:
                let nanoseconds = try fields.integer(UInt32.self)
                timestamp = MessagePackTimestamp(
                    seconds: Int64(bitPattern: try fields.integer(UInt64.self)), nanoseconds: nanoseconds)
            default:
                throw MessagePackError(.invalidTimestamp, at: start)
            }
            guard timestamp.nanoseconds < 1_000_000_000 else { throw MessagePackError(.invalidTimestamp, at: start) }
            return .timestamp(timestamp)
        }
    }
}
