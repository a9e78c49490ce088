/// Collects a document's records as they are read, and every problem with them.
struct GNBRecordSink<Kind: GNBRecordKind> {
    private(set) var records: [Kind.Record] = []
    private(set) var errors: [GNBRecordError] = []
    /// The number of the last record taken, counting from 1.
    private(set) var count = 0
    private var values = GNBValueCache()

    init(documentSize: Int) {
        // Room for a short document's records; a long one's are estimated after its first few.
        records.reserveCapacity(min(documentSize / 64, Self.sample))
    }

    /// Records taken before the rest of a document's are estimated.
    private static var sample: Int { 64 }

    /// Once the first records are read, room for as many as the rest of the document holds at the
    /// same length each (and a little more), so that the array of a large document is not copied
    /// as it grows; every later call does nothing.
    @inline(__always)
    mutating func expectRecords(documentSize: Int, readSoFar: Int) {
        guard count == Self.sample, readSoFar > 0 else { return }
        let estimate = Double(documentSize) / Double(readSoFar) * Double(count) * 1.02
        // A plain record takes 35 bytes at least: short odd first records (`[1,1,...`) cannot
        // make a document reserve room for more.
        records.reserveCapacity(Int(min(estimate, Double(documentSize / 32))) + 1)
    }

    /// Takes a record from its fields' bytes; false, taking nothing, when a field is missing or
    /// not plain, so that the caller reads the record again with `addGeneral`.
    @inline(__always)
    mutating func addPlain(_ fields: GNBFieldSlices, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let record = Kind.record(fields, in: bytes, values: &values) else { return false }
        count += 1
        records.append(record)
        return true
    }

    /// Takes a record read by the general readers, checking each field and collecting every problem.
    mutating func addGeneral(_ raw: GNBRawRecord) {
        count += 1
        var fields = GNBFieldReader(record: count, raw: raw)
        if let record = Kind.record(checking: &fields) {
            records.append(record)
        } else {
            errors += fields.errors
        }
    }

    /// The records, or every problem found.
    func finish() throws(GNBParseError) -> [Kind.Record] {
        guard errors.isEmpty else { throw .badRecords(errors, validCount: records.count) }
        return records
    }
}
