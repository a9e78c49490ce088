extension GNBParser {
    /// Reads an XML document's records into `sink`: its root and the elements inside it must have
    /// the shape's names.
    static func readXML<Kind>(_ bytes: [UInt8], into sink: inout GNBRecordSink<Kind>) throws(GNBParseError) {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(GNBXMLSyntaxError) in
                var cursor = GNBXMLReader.Cursor(bytes: buffer)
                return try cursor.readGNBRecords(into: &sink)
            }
        }
        let shape = Kind.shape
        switch result {
        case .failure(let error):
            throw .malformedDocument(format: .xml, reason: error.located(in: bytes))
        case .success(.records):
            return
        case .success(.otherRoot(let root)):
            throw .malformedDocument(
                format: .xml, reason: "the root element is <\(root)>, where <\(shape.root)> was expected")
        case .success(.otherElement(let element)):
            let place = GNBXMLSyntaxError(offset: element.offset, reason: "").position(in: bytes)
            throw .malformedDocument(
                format: .xml,
                reason:
                    "<\(element.name)> at \(place) is not expected inside <\(shape.root)>; only <\(shape.element)> elements are")
        }
    }
}
