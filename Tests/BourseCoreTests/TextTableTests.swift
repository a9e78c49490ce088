import Testing

@testable import BourseCore

@Suite("Text tables")
struct TextTableTests {
    @Test func columnsAreAsWideAsTheirWidestCellNumbersOnTheRightNoTrailingSpaces() {
        let lines = TextTable.lines([["ID", "SIDE", "QTY"], ["9", "buy", "100"], ["10", "sell", "5"]], rightAligned: [0, 2])

        #expect(lines == ["ID  SIDE  QTY", " 9  buy   100", "10  sell    5"])
    }

    @Test func aLeftAlignedLastColumnIsNotPadded() {
        #expect(TextTable.lines([["a", "long reason"], ["bb", ""]]) == ["a   long reason", "bb"])
    }
}
