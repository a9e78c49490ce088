extension GNBParser {
    /// Reads a JSON document's records into `sink`: its top level must be an array.
    static func readJSON<Kind>(_ bytes: [UInt8], into sink: inout GNBRecordSink<Kind>) throws(GNBParseError) {
        // A UTF-8 byte order mark is not JSON, but some tools write one; skip it. Offsets in
        // errors count from after it, as they always have.
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONError) in
                var cursor = JSONReader.Cursor(bytes: UnsafeBufferPointer(rebasing: buffer[start...]))
                return try cursor.readGNBRecords(into: &sink)
            }
        }
        let isArray: Bool
        do {
            isArray = try result.get()
        } catch {
            throw .malformedDocument(format: .json, reason: error.description)
        }
        guard !isArray else { return }
        // Not an array: the whole document is read to say what it is, or where it is not JSON.
        let document: JSONValue
        do {
            let parsed = bytes.withUnsafeBufferPointer { buffer in
                Result { () throws(JSONError) in try JSONReader.parse(UnsafeBufferPointer(rebasing: buffer[start...])) }
            }
            document = try parsed.get()
        } catch {
            throw .malformedDocument(format: .json, reason: error.description)
        }
        throw .malformedDocument(
            format: .json,
            reason: "the top level is \(GNBRawRecord.kind(of: document)), where an array of \(Kind.shape.root) was expected")
    }
}
