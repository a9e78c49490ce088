/// Writes msgpack values, each integer, string, binary, array, map and extension in its
/// smallest form, and each timestamp in the smallest of the three that holds it (4 bytes for
/// whole seconds from 1970 to 2106, 8 bytes with nanoseconds to 2514, else 12).
enum MessagePackWriter {
    static func write(_ value: MessagePackValue) -> [UInt8] {
        var out: [UInt8] = []
        append(value, to: &out)
        return out
    }

    static func append(_ value: MessagePackValue, to out: inout [UInt8]) {
        switch value {
        case .nil: out.append(0xc0)
        case .bool(let flag): out.append(flag ? 0xc3 : 0xc2)
        case .int(let number): appendInteger(number, to: &out)
        case .uint(let number): appendUnsigned(number, to: &out)
        case .float(let number):
            out.append(0xca)
            appendBigEndian(number.bitPattern, to: &out)
        case .double(let number):
            out.append(0xcb)
            appendBigEndian(number.bitPattern, to: &out)
        case .string(let text):
            let bytes = Array(text.utf8)
            appendHeader(.string, count: bytes.count, to: &out)
            out += bytes
        case .binary(let bytes):
            appendHeader(.binary, count: bytes.count, to: &out)
            out += bytes
        case .array(let elements):
            appendHeader(.array, count: elements.count, to: &out)
            for element in elements { append(element, to: &out) }
        case .map(let pairs):
            appendHeader(.map, count: pairs.count, to: &out)
            for pair in pairs {
                append(pair.key, to: &out)
                append(pair.value, to: &out)
            }
        case .ext(let type, let data): appendExt(type: type, data, to: &out)
        case .timestamp(let timestamp): appendTimestamp(timestamp, to: &out)
        }
    }

    private static func appendInteger(_ number: Int64, to out: inout [UInt8]) {
        if number >= 0 { return appendUnsigned(UInt64(number), to: &out) }
        if number >= -32 {
            out.append(UInt8(truncatingIfNeeded: number))
        } else if number >= Int64(Int8.min) {
            out.append(0xd0)
            out.append(UInt8(truncatingIfNeeded: number))
        } else if number >= Int64(Int16.min) {
            out.append(0xd1)
            appendBigEndian(UInt16(truncatingIfNeeded: number), to: &out)
        } else if number >= Int64(Int32.min) {
            out.append(0xd2)
            appendBigEndian(UInt32(truncatingIfNeeded: number), to: &out)
        } else {
            out.append(0xd3)
            appendBigEndian(UInt64(bitPattern: number), to: &out)
        }
    }

    private static func appendUnsigned(_ number: UInt64, to out: inout [UInt8]) {
        if number <= 0x7f {
            out.append(UInt8(number))
        } else if number <= UInt64(UInt8.max) {
            out.append(0xcc)
            out.append(UInt8(number))
        } else if number <= UInt64(UInt16.max) {
            out.append(0xcd)
            appendBigEndian(UInt16(number), to: &out)
        } else if number <= UInt64(UInt32.max) {
            out.append(0xce)
            appendBigEndian(UInt32(number), to: &out)
        } else {
            out.append(0xcf)
            appendBigEndian(number, to: &out)
        }
    }

    private enum Sized { case string, binary, array, map }

    /// The head of a string, binary, array or map of `count` bytes or elements: the fix form
    /// when there is one and the count fits, else the smallest sized form (strings and binaries
    /// have an 8-bit length; arrays and maps start at 16 bits).
    private static func appendHeader(_ kind: Sized, count: Int, to out: inout [UInt8]) {
        precondition(count <= Int(UInt32.max), "msgpack holds at most 2^32 - 1 bytes or elements in one value")
        let (fix, fixMax, heads): (UInt8?, Int, [UInt8]) =
            switch kind {
            case .string: (0xa0, 31, [0xd9, 0xda, 0xdb])
            case .binary: (nil, -1, [0xc4, 0xc5, 0xc6])
            case .array: (0x90, 15, [0xdc, 0xdd])
            case .map: (0x80, 15, [0xde, 0xdf])
            }
        if let fix, count <= fixMax {
            out.append(fix | UInt8(count))
        } else if heads.count == 3, count <= Int(UInt8.max) {
            out += [heads[0], UInt8(count)]
        } else if count <= Int(UInt16.max) {
            out.append(heads[heads.count - 2])
            appendBigEndian(UInt16(count), to: &out)
        } else {
            out.append(heads[heads.count - 1])
            appendBigEndian(UInt32(count), to: &out)
        }
    }

    private static func appendExt(type: Int8, _ data: [UInt8], to out: inout [UInt8]) {
        precondition(data.count <= Int(UInt32.max), "msgpack holds at most 2^32 - 1 bytes in one extension")
        switch data.count {
        case 1: out.append(0xd4)
        case 2: out.append(0xd5)
        case 4: out.append(0xd6)
        case 8: out.append(0xd7)
        case 16: out.append(0xd8)
        case 0...Int(UInt8.max): out += [0xc7, UInt8(data.count)]
        case 0...Int(UInt16.max):
            out.append(0xc8)
            appendBigEndian(UInt16(data.count), to: &out)
        default:
            out.append(0xc9)
            appendBigEndian(UInt32(data.count), to: &out)
        }
        out.append(UInt8(bitPattern: type))
        out += data
    }

    private static func appendTimestamp(_ timestamp: MessagePackTimestamp, to out: inout [UInt8]) {
        var data: [UInt8] = []
        let (seconds, nanoseconds) = (timestamp.seconds, timestamp.nanoseconds)
        if seconds >= 0, seconds >> 34 == 0 {
            let packed = UInt64(nanoseconds) << 34 | UInt64(seconds)
            if packed >> 32 == 0 {
                appendBigEndian(UInt32(packed), to: &data)
            } else {
                appendBigEndian(packed, to: &data)
            }
        } else {
            appendBigEndian(nanoseconds, to: &data)
            appendBigEndian(UInt64(bitPattern: seconds), to: &data)
        }
        appendExt(type: MessagePackTimestamp.type, data, to: &out)
    }

    private static func appendBigEndian<T: FixedWidthInteger & UnsignedInteger>(_ number: T, to out: inout [UInt8]) {
        var shift = T.bitWidth - 8
        while shift >= 0 {
            out.append(UInt8(truncatingIfNeeded: number >> shift))
            shift -= 8
        }
    }
}
