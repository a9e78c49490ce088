/// A CSV file to write, as RFC 4180 has it: a header row, then one record per row, every line ended by
/// CRLF, in UTF-8 (no byte-order mark). Every row has the header's number of cells.
public struct CSVExport: Sendable, Equatable {
    public let header: [String]
    public private(set) var rows: [[CSVCell]] = []

    public init(header: [String]) {
        self.header = header
    }

    /// Adds a row; it must have one cell per column.
    public mutating func append(_ row: [CSVCell]) {
        precondition(row.count == header.count, "a CSV row of \(row.count) cells under \(header.count) columns")
        rows.append(row)
    }

    /// The file's text.
    public var text: String {
        var text = Self.line(header.map(CSVCell.text))
        for row in rows { text += Self.line(row) }
        return text
    }

    private static func line(_ cells: [CSVCell]) -> String {
        cells.map(\.field).joined(separator: ",") + "\r\n"
    }
}
