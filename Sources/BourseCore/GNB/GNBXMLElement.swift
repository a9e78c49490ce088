/// An attribute of an XML element, its value with entities and character references resolved.
struct GNBXMLAttribute: Equatable {
    let name: String
    let value: String
}

/// A record element: its name, attributes in document order, and byte offset of its `<`.
struct GNBXMLElement: Equatable {
    let name: String
    let attributes: [GNBXMLAttribute]
    let offset: Int
}

/// Why the XML reader stopped, at a byte offset.
struct GNBXMLSyntaxError: Error, Equatable {
    let offset: Int
    let reason: String

    /// "line L, column C (byte B)", counted from 1 (bytes from 0).
    func position(in bytes: [UInt8]) -> String {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        for i in 0..<end where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return "line \(line), column \(end - lineStart + 1) (byte \(offset))"
    }

    /// The reason with its position, for `GNBParseError.malformedDocument`.
    func located(in bytes: [UInt8]) -> String {
        "\(reason) at \(position(in: bytes))"
    }
}
