/// Aligned columns for the command line's tables (`bourse history`, `bourse orders`, replay).
public enum TextTable {
    /// One line per row, the header being the first row: cells separated by two spaces, each
    /// column as wide as its widest cell. Columns in `rightAligned` (numbers) are padded on the
    /// left, the others on the right; trailing spaces are dropped.
    public static func lines(_ rows: [[String]], rightAligned: Set<Int> = []) -> [String] {
        let columnCount = rows.map(\.count).max() ?? 0
        let widths = (0..<columnCount).map { column in
            rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        return rows.map { row in
            let cells = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }
            return String(cells.joined(separator: "  ").reversed().drop { $0 == " " }.reversed())
        }
    }
}
