/// Why an alert was not set, changed or removed; nothing was written.
public enum AlertError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The body or a value in it is not what an alert takes.
    case invalid(String)
    /// The symbol is no listed stock.
    case unknownSymbol(String)
    /// The user has `Alerts.maximumCount` already.
    case tooMany(Int)
    case notFound(String)

    public var description: String {
        switch self {
        case .invalid(let message): message
        case .unknownSymbol(let symbol): "no listed stock has the symbol \(symbol)"
        case .tooMany(let count): "\(count) alerts already: the most is \(Alerts.maximumCount); remove one first"
        case .notFound(let id): "no alert \(id)"
        }
    }
}
