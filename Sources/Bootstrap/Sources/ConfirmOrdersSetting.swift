import BourseCore

/// `BOURSE_CONFIRM_ORDERS_ABOVE`: the order value (quantity × price, in the feed's currency)
/// above which the exchange's ticket asks "Place it?" before sending (SPEC.md §12). A plain
/// decimal such as `10000` or `2500.50`; `0` or `off` never asks. Unset, it is $10,000.
public enum ConfirmOrdersSetting {
    public static let variable = "BOURSE_CONFIRM_ORDERS_ABOVE"
    /// The threshold when the variable is unset.
    public static let defaultThreshold = ExactDecimal(10_000)

    /// The threshold `environment` sets; nil when confirming is off.
    public static func read(_ environment: [String: String]) throws(SettingError) -> ExactDecimal? {
        guard let text = environment[variable], !text.isEmpty else { return defaultThreshold }
        if text == "off" { return nil }
        guard let value = try? ExactDecimal(parsing: text), value >= ExactDecimal.zero else {
            throw SettingError(
                variable, problem: "'\(text.prefix(40))' is not an amount such as 10000 or 2500.50",
                fix: "set it to the order value above which the ticket asks to confirm, or to 0 or off to never ask")
        }
        return value == ExactDecimal.zero ? nil : value
    }
}
