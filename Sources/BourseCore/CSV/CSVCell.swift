/// One cell of a CSV file (RFC 4180): text, or a number written plain, or nothing.
///
/// Text is guarded against formula injection: a spreadsheet that opens the file must not run a
/// cell (`=HYPERLINK(…)`, `+cmd|…`, `@SUM(…)`) that came from a data source or a user. A text
/// cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is written with a
/// leading `'` (OWASP's advice, SPEC.md §11); numbers are never changed, so `-1.25` stays a
/// number a spreadsheet can sum.
public enum CSVCell: Sendable, Hashable {
    case text(String)
    /// A number's exact text (`ExactDecimal`, `Price` or `Int`), written as it is.
    case number(String)
    case empty

    /// The characters a text cell may not start with unguarded. (Scalars, not `Character`s: in
    /// Swift "\r\n" is one `Character`, which is not "\r".)
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    public static func number(_ value: ExactDecimal) -> CSVCell { .number(value.description) }
    public static func number(_ value: Price) -> CSVCell { .number(value.description) }
    public static func number(_ value: Int) -> CSVCell { .number(String(value)) }

    /// The number, or an empty cell for nil.
    public static func number(_ value: ExactDecimal?) -> CSVCell { value.map { .number($0) } ?? .empty }
    public static func number(_ value: Price?) -> CSVCell { value.map { .number($0) } ?? .empty }

    /// The text, or an empty cell for nil.
    public static func text(_ value: String?) -> CSVCell { value.map { .text($0) } ?? .empty }

    /// The cell as it goes between the commas: guarded, then quoted when it must be.
    var field: String {
        switch self {
        case .empty: return ""
        case .number(let text): return Self.quotedIfNeeded(text)
        case .text(let text):
            let guarded = text.unicodeScalars.first.map(Self.formulaStarts.contains) == true ? "'" + text : text
            return Self.quotedIfNeeded(guarded)
        }
    }

    /// RFC 4180 §2: a field with a comma, a double quote, a CR or an LF is enclosed in double
    /// quotes, and each double quote inside is doubled.
    static func quotedIfNeeded(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }) else {
            return text
        }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            quoted.unicodeScalars.append(scalar)
            if scalar == "\"" { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "\""
    }
}
