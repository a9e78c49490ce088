import Bootstrap
import BourseCore
import Testing

/// `BOURSE_CONFIRM_ORDERS_ABOVE`: the order value above which the ticket asks to confirm.
@Suite("BOURSE_CONFIRM_ORDERS_ABOVE")
struct ConfirmOrdersSettingTests {
    @Test func unsetOrEmptyItIsTenThousand() throws {
        #expect(try ConfirmOrdersSetting.read([:]) == ExactDecimal(10_000))
        #expect(try ConfirmOrdersSetting.read(["BOURSE_CONFIRM_ORDERS_ABOVE": ""]) == ExactDecimal(10_000))
    }

    @Test(arguments: [("2500.50", "2500.50"), ("1", "1"), ("250000", "250000")])
    func anAmount(text: String, expected: String) throws {
        #expect(try ConfirmOrdersSetting.read(["BOURSE_CONFIRM_ORDERS_ABOVE": text]) == ExactDecimal(parsing: expected))
    }

    @Test(arguments: ["0", "off", "0.00"])
    func zeroOrOffNeverAsks(text: String) throws {
        #expect(try ConfirmOrdersSetting.read(["BOURSE_CONFIRM_ORDERS_ABOVE": text]) == nil)
    }

    @Test(arguments: ["-5", "ten", "1e4", "$10000", "10,000", " 100"])
    func anythingElseIsASettingErrorThatNamesTheVariable(text: String) {
        #expect {
            try ConfirmOrdersSetting.read(["BOURSE_CONFIRM_ORDERS_ABOVE": text])
        } throws: { error in
            guard let error = error as? SettingError else { return false }
            return error.setting == "BOURSE_CONFIRM_ORDERS_ABOVE" && error.fix.contains("0 or off")
        }
    }
}
