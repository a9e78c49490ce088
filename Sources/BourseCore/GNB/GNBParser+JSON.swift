extension GNBParser {
    /// The top-level array's elements; anything but an array is a malformed document.
    static func jsonRecords(_ bytes: [UInt8], shape: Shape) throws(GNBParseError) -> [GNBRawRecord] {
        let document: JSONValue
        do {
            document = try JSONReader.parse(bytes)
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
}
