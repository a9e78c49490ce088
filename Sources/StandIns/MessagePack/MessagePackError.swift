/// Why bytes could not be read as one msgpack value, with the byte offset where reading stopped.
struct MessagePackError: Error, Equatable, Sendable, CustomStringConvertible {
    enum Code: Equatable, Sendable {
        /// The bytes end inside a value: a frame cut short.
        case truncated
        /// 0xc1, which msgpack never uses.
        case reservedByte
        /// A string whose bytes are not UTF-8.
        case invalidUTF8
        /// A Timestamp extension that is not 4, 8 or 12 bytes long, or whose nanoseconds pass
        /// 999 999 999.
        case invalidTimestamp
        /// Bytes left after the one value: a frame holds exactly one.
        case trailingBytes
        /// Arrays and maps nested deeper than `MessagePackReader.maxDepth`.
        case tooDeep
    }

    let code: Code
    let offset: Int

    init(_ code: Code, at offset: Int) {
        self.code = code
        self.offset = offset
    }

    var description: String {
        let reason =
            switch code {
            case .truncated: "the data ends inside a value; send the whole message in one frame"
            case .reservedByte: "0xc1 is not a msgpack type"
            case .invalidUTF8: "a string is not UTF-8; send text as str and bytes as bin"
            case .invalidTimestamp: "a timestamp (extension -1) must be 4, 8 or 12 bytes with nanoseconds below 10^9"
            case .trailingBytes: "more bytes follow the value; send one value per frame"
            case .tooDeep: "arrays and maps are nested more than \(MessagePackReader.maxDepth) deep"
            }
        return "invalid msgpack at byte \(offset): \(reason)"
    }
}
