/// Why a decimal could not be read or computed.
public enum DecimalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not a plain decimal number; `reason` says what is wrong with it.
    case malformed(String, reason: String)
    /// The result needs more than 38 digits.
    case overflow
    case divisionByZero

    public var description: String {
        switch self {
        case .malformed(let text, let reason):
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "\"\(shown)\" is not a decimal number: \(reason)"
        case .overflow:
            return "the number is too large (more than 38 digits)"
        case .divisionByZero:
            return "division by zero"
        }
    }
}
