extension GNBParser {
    /// The record elements under the expected root; another root or child name is a malformed document.
    static func xmlRecords(_ bytes: [UInt8], shape: Shape) throws(GNBParseError) -> [GNBRawRecord] {
        let document: GNBXMLDocument
        do {
            document = try GNBXMLReader.read(bytes)
        } catch {
            throw .malformedDocument(format: .xml, reason: error.located(in: bytes))
        }
        guard document.root == shape.root else {
            throw .malformedDocument(
                format: .xml, reason: "the root element is <\(document.root)>, where <\(shape.root)> was expected")
        }
        var records: [GNBRawRecord] = []
        records.reserveCapacity(document.children.count)
        for child in document.children {
            guard child.name == shape.element else {
                let place = GNBXMLSyntaxError(offset: child.offset, reason: "").position(in: bytes)
                throw .malformedDocument(
                    format: .xml,
                    reason:
                        "<\(child.name)> at \(place) is not expected inside <\(shape.root)>; only <\(shape.element)> elements are"
                )
            }
            records.append(.xml(child.attributes))
        }
        return records
    }
}
