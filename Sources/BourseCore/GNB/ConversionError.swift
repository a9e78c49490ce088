/// Why an amount could not be converted.
public enum ConversionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No chain of given rates (forwards or inverted) leads from `from` to `to`.
    case noPath(from: CurrencyCode, to: CurrencyCode)
    /// A step's result needs more than 38 digits.
    case overflow

    public var description: String {
        switch self {
        case .noPath(let from, let to):
            return "no rate leads from \(from) to \(to), directly or through other currencies; add a rate for \(from)"
        case .overflow:
            return "the converted amount is too large or too precise (more than 38 digits)"
        }
    }
}
