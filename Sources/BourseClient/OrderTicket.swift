import Foundation

/// A new order, as a ticket is filled in: prices are decimal strings ("190.25"), never `Double`s.
public struct OrderTicket: Sendable, Equatable {
    public enum Side: String, Sendable {
        case buy, sell
    }

    /// The order's type, with what it needs.
    public enum Kind: Sendable, Equatable {
        case market
        case limit(price: String)
        case stop(stopPrice: String)
        case stopLimit(stopPrice: String, price: String)
        /// A trailing stop by an amount ("1.50") or a percent ("2.5").
        case trailingStop(Trail)
    }

    public enum Trail: Sendable, Equatable {
        case amount(String)
        case percent(String)
    }

    /// How long an order stays: `day` (a limit's default), `gtc`, or for a market order `ioc`
    /// (its default) or `fok`.
    public enum TimeInForce: String, Sendable {
        case day, gtc, ioc, fok
    }

    public var side: Side
    public var quantity: Int
    public var type: Kind
    public var timeInForce: TimeInForce?
    /// A bracket's exits: a take-profit limit and a stop-loss, for what the entry fills.
    public var takeProfit: String?
    public var stopLoss: String?

    public init(
        side: Side, quantity: Int, type: Kind, timeInForce: TimeInForce? = nil, takeProfit: String? = nil,
        stopLoss: String? = nil
    ) {
        self.side = side
        self.quantity = quantity
        self.type = type
        self.timeInForce = timeInForce
        self.takeProfit = takeProfit
        self.stopLoss = stopLoss
    }

    /// The ticket as the document's `OrderRequest`: its JSON, read by the generated type, so a
    /// ticket the document does not allow (a limit without a price) is refused here, before it is sent.
    func request() throws(BourseError) -> Components.Schemas.OrderRequest {
        var members: [String: Any] = ["side": side.rawValue, "quantity": quantity]
        switch type {
        case .market: members["type"] = "market"
        case .limit(let price): members.merge(["type": "limit", "price": price]) { $1 }
        case .stop(let stopPrice): members.merge(["type": "stop", "stopPrice": stopPrice]) { $1 }
        case .stopLimit(let stopPrice, let price):
            members.merge(["type": "stop_limit", "stopPrice": stopPrice, "price": price]) { $1 }
        case .trailingStop(.amount(let amount)): members.merge(["type": "trailing_stop", "trailAmount": amount]) { $1 }
        case .trailingStop(.percent(let percent)):
            members.merge(["type": "trailing_stop", "trailPercent": percent]) { $1 }
        }
        if let timeInForce { members["timeInForce"] = timeInForce.rawValue }
        if let takeProfit { members["takeProfit"] = takeProfit }
        if let stopLoss { members["stopLoss"] = stopLoss }
        do {
            let json = try JSONSerialization.data(withJSONObject: members)
            return try JSONDecoder().decode(Components.Schemas.OrderRequest.self, from: json)
        } catch {
            throw .rejected(reason: "this order cannot be sent as it is: \(error)")
        }
    }
}
