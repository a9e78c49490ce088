import BourseCore
import Exchange

/// An update as the exchange screens read it, written once for all of them: the text every
/// screen gets, and the text the screens of particular accounts get instead (a tick as that
/// account's orders left it) or alone (that account's order events).
struct ExchangeMessage {
    /// What a screen gets unless its account is in `byAccount`; nil: nothing.
    let everyone: String?
    /// What the screens of these accounts get instead of `everyone`.
    let byAccount: [AccountID: String]

    init(_ update: TradingUpdate) {
        switch update {
        case .tick(let tick, let left):
            // The feed's own form (the core's writer, `FeedTick.jsonText`): the hot path.
            everyone = tick.jsonText
            byAccount = left.mapValues(\.jsonText)
        case .state(let state):
            everyone = try? APIJSON.text(StateMessage(state: state.label, refusal: state.refusal.map(RefusalJSON.init)))
            byAccount = [:]
        case .order(let event):
            everyone = nil
            byAccount = (try? APIJSON.text(OrderEventResponse(event, type: "order"))).map { [event.order.account: $0] } ?? [:]
        case .trail(let move):
            everyone = nil
            byAccount =
                (try? APIJSON.text(TrailMessage(side: move.side.rawValue, reference: move.reference.description)))
                .map { [move.account: $0] } ?? [:]
        case .market(let status):
            everyone = try? APIJSON.text(MarketMessage(market: MarketJSON(status)))
            byAccount = [:]
        }
    }

    /// The text `account`'s screen gets, or nil for none.
    func text(for account: AccountID) -> String? {
        byAccount[account] ?? everyone
    }
}
