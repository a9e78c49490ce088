import BourseCore

/// The order types and times in force as the exchange page offers them: drawn from the core's
/// enums and their rules (`OrderType.takes`, `OrderType.isStop`, `TimeInForce.allowed(for:)`), with
/// the page's words for each. The page renders its type buttons from it and embeds it as JSON
/// (`<script type="application/json" id="order-kinds">`), which `exchange-kinds.js` reads for the
/// ticket and the order lists, so no script writes a kind again. A new `OrderType` or
/// `TimeInForce` case does not compile until the switches here (and the core's) describe it.
struct OrderKindsTable: Codable, Sendable, Equatable {
    /// One order type, in the order of `OrderType.allCases` (the ticket's buttons).
    struct Kind: Codable, Sendable, Equatable {
        /// The type's name in the API (`stop_limit`).
        let type: String
        /// Its button ("Stop limit").
        let label: String
        /// Its name in a sentence or a list of orders ("stop limit").
        let words: String
        /// Whether it takes a limit price (`price`).
        let limitPrice: Bool
        /// Whether it takes a stop price (`stopPrice`).
        let stopPrice: Bool
        /// Whether it takes a trail (`trailAmount` or `trailPercent`).
        let trail: Bool
        /// Whether it waits for a trigger before it trades (so it may show where it triggered).
        let isStop: Bool
        /// Whether it may carry a bracket (take-profit, stop-loss).
        let bracket: Bool
        /// The times in force it allows, its default first.
        let timesInForce: [String]
    }

    /// One time in force, in the order of `TimeInForce.allCases`.
    struct Term: Codable, Sendable, Equatable {
        /// Its name in the API (`gtc`).
        let timeInForce: String
        /// Its option in the ticket ("Good till cancelled").
        let name: String
        /// The line under the ticket's choice: what it does.
        let hint: String
        /// Its words in a list of orders, where it is not its type's default ("day only").
        let words: String
    }

    let types: [Kind]
    let timesInForce: [Term]

    /// The table of every type and time in force.
    static let all = OrderKindsTable(
        types: OrderType.allCases.map(Kind.init), timesInForce: TimeInForce.allCases.map(Term.init))

    /// The table as the page embeds it.
    static let embedded: HTML = .jsonScript(id: "order-kinds", all)
}

extension OrderKindsTable.Kind {
    init(_ type: OrderType) {
        let takes = type.takes
        self.init(
            type: type.rawValue, label: type.label, words: type.words,
            limitPrice: takes.contains(.price), stopPrice: takes.contains(.stopPrice),
            trail: takes.contains(.trailAmount) || takes.contains(.trailPercent),
            isStop: type.isStop, bracket: type.takesBracket,
            timesInForce: TimeInForce.allowed(for: type).map(\.rawValue))
    }
}

extension OrderKindsTable.Term {
    init(_ tif: TimeInForce) {
        self.init(timeInForce: tif.rawValue, name: tif.name, hint: tif.hint, words: tif.words)
    }
}

extension OrderType {
    /// The type's button on the ticket: its words with a capital ("Stop limit").
    var label: String { words.prefix(1).uppercased() + words.dropFirst() }

    /// The type in a sentence or a list of orders ("stop limit").
    var words: String {
        switch self {
        case .market: "market"
        case .limit: "limit"
        case .stop: "stop"
        case .stopLimit: "stop limit"
        case .trailingStop: "trailing stop"
        }
    }
}

extension TimeInForce {
    /// The ticket's option ("Good till cancelled").
    var name: String {
        switch self {
        case .gtc: "Good till cancelled"
        case .day: "Day"
        case .ioc: "Immediate or cancel"
        case .fok: "Fill or kill"
        }
    }

    /// The one line under the ticket's choice: what it does.
    var hint: String {
        switch self {
        case .gtc: "Waits until it fills or you cancel it."
        case .day: "Expires at the close (16:00 New York) if not filled by then."
        case .ioc: "Fills what it can now; the rest is cancelled."
        case .fok: "Fills all of it now, or nothing."
        }
    }

    /// Its words in a list of orders, where it is not the type's default ("day only").
    var words: String {
        switch self {
        case .gtc: "good till cancelled"
        case .day: "day only"
        case .ioc: "immediate or cancel"
        case .fok: "fill or kill"
        }
    }
}
