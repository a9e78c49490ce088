extension GNBParser {
    /// The top-level array's elements; anything but an array is a malformed document.
    static func jsonRecords(_ bytes: [UInt8], shape: Shape) throws(GNBParseError) -> [GNBRawRecord] {
        let document: JSONValue
        do {
            // A UTF-8 byte order mark is not JSON, but some tools write one; skip it.
            let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            let result = bytes.withUnsafeBufferPointer { buffer in
                Result { () throws(JSONError) in try JSONReader.parse(UnsafeBufferPointer(rebasing: buffer[start...])) }
            }
            document = try result.get()
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
