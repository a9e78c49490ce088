import Testing

@testable import BourseCore

@Suite("CSV (RFC 4180, formula-guarded)")
struct CSVExportTests {
    static func text(_ header: [String], _ rows: [[CSVCell]]) -> String {
        var table = CSVExport(header: header)
        for row in rows { table.append(row) }
        return table.text
    }

    @Test func aHeaderRowThenOneRecordPerRowEachEndedByCRLF() {
        #expect(
            Self.text(["a", "b"], [[.text("x"), .number(1)], [.empty, .number(ExactDecimal("-2.50"))]])
                == "a,b\r\nx,1\r\n,-2.50\r\n")
        #expect(Self.text(["only"], []) == "only\r\n")
    }

    @Test(arguments: [
        ("plain", "plain"),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("\"", "\"\"\"\""),
        ("two\nlines", "\"two\nlines\""),
        ("two\r\nlines", "\"two\r\nlines\""),
        ("Zürich ✓", "Zürich ✓"),
        ("", ""),
    ])
    func textIsQuotedOnlyWhenItMustBeAndQuotesAreDoubled(text: String, field: String) {
        #expect(CSVCell.text(text).field == field)
    }

    @Test(arguments: [
        ("=1+2", "'=1+2"),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("\rx", "\"'\rx\""),
        ("\r\n=1", "\"'\r\n=1\""),
        ("=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""),
        ("a=1", "a=1"),
        (" =1", " =1"),
    ])
    func aTextCellThatCouldRunAsAFormulaGetsALeadingQuote(text: String, field: String) {
        #expect(CSVCell.text(text).field == field)
    }

    @Test func numbersAreWrittenPlainEvenNegative() {
        #expect(CSVCell.number(ExactDecimal("-1.25")).field == "-1.25")
        #expect(CSVCell.number(-3).field == "-3")
        #expect(CSVCell.number(Price(ticks: 10125)).field == Price(ticks: 10125).description)
        #expect(CSVCell.number(nil as ExactDecimal?) == .empty)
        #expect(CSVCell.text(nil as String?).field == "")
    }
}
