import BourseCore

/// `BOURSE_STARTING_CASH`: unset or empty, every account has infinite capital (SPEC.md §14, the
/// exercise's rule); a positive amount in whole cents ("100000", "2500.50"), every account starts
/// with that cash and the cash rule holds (`CashRule`). Anything else stops `bourse serve` at start
/// (exit 64).
public enum StartingCashSetting {
    public static let variable = "BOURSE_STARTING_CASH"

    public static func read(_ environment: [String: String]) throws(CommandFailure) -> StartingCash? {
        guard let text = environment[variable], !text.isEmpty else { return nil }
        guard let cash = StartingCash(text) else {
            throw CommandFailure(
                message:
                    "\(variable) must be a positive amount in whole cents, such as 100000 or 2500.50, got \"\(text.prefix(20))\"",
                exitCode: 64)
        }
        return cash
    }
}
