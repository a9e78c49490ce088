/// The rules of the user's list of stocks: symbols in the user's order, each once, at most
/// `maximumCount`. Pure: whether a symbol is listed is the caller's question.
public enum Watchlist {
    public static let maximumCount = 500

    /// `symbols` with `symbol` added at the end.
    public static func adding(_ symbol: String, to symbols: [String]) -> Result<[String], WatchlistError> {
        guard !symbols.contains(symbol) else { return .failure(.alreadyListed(symbol)) }
        guard symbols.count < maximumCount else { return .failure(.tooMany(symbols.count + 1)) }
        return .success(symbols + [symbol])
    }

    /// `symbols` without `symbol`.
    public static func removing(_ symbol: String, from symbols: [String]) -> Result<[String], WatchlistError> {
        guard symbols.contains(symbol) else { return .failure(.notListed(symbol)) }
        return .success(symbols.filter { $0 != symbol })
    }

    /// A whole new list (reordered, or with stocks added and removed): each symbol once, at most
    /// `maximumCount`.
    public static func checked(_ symbols: [String]) -> Result<[String], WatchlistError> {
        guard symbols.count <= maximumCount else { return .failure(.tooMany(symbols.count)) }
        var seen = Set<String>()
        for symbol in symbols where !seen.insert(symbol).inserted { return .failure(.duplicate(symbol)) }
        return .success(symbols)
    }
}

/// Why a change to the list was refused.
public enum WatchlistError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Text that is not a ticker symbol.
    case invalidSymbol(String, reason: String)
    /// A well-formed symbol that no listed stock has.
    case unknownSymbol(String)
    case alreadyListed(String)
    case notListed(String)
    case duplicate(String)
    case tooMany(Int)

    public var description: String {
        switch self {
        case .invalidSymbol(let text, let reason): "“\(text.prefix(40))” is not a ticker symbol: \(reason)"
        case .unknownSymbol(let symbol): "no listed stock has the symbol \(symbol)"
        case .alreadyListed(let symbol): "\(symbol) is in the list already"
        case .notListed(let symbol): "\(symbol) is not in the list"
        case .duplicate(let symbol): "\(symbol) is in the new list more than once"
        case .tooMany(let count): "a list holds at most \(Watchlist.maximumCount) stocks, not \(count)"
        }
    }
}
