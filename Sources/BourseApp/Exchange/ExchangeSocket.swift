import BourseCore
import Exchange
import Foundation
import Hummingbird
import HummingbirdWebSocket

/// `/exchange/ws`: the exchange screen's live feed from the app. A snapshot first (state,
/// book, recent trades for the chart), then every tick, feed state change and order event as
/// it happens. Server to page only; anything the page sends is ignored.
enum ExchangeSocket {
    static func addRoutes(to router: Router<BasicWebSocketRequestContext>, exchange: ExchangeService) {
        router.ws("exchange/ws", shouldUpgrade: { request, _ in
            sameOrigin(request) ? .upgrade([:]) : .dontUpgrade
        }) { inbound, outbound, _ in
            // Subscribe before the snapshot, so nothing between the two is missed.
            let updates = await exchange.desk.updates()
            try await outbound.write(.text(await snapshot(exchange)))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await update in updates {
                        guard let text = message(update) else { continue }
                        try await outbound.write(.text(text))
                    }
                }
                group.addTask {
                    // The page closing its end (or going away) ends the inbound sequence.
                    for try await _ in inbound {}
                }
                try await group.next()
                group.cancelAll()
            }
        }
    }

    /// Whether a browser's page asking for the socket is one of this server's: another site's
    /// page may not read the user's orders. Browsers always send an `http(s)` `Origin` with the
    /// port; other clients (which no web page controls) send none or a `ws` one, and pass.
    static func sameOrigin(_ request: Request) -> Bool {
        guard let origin = request.headers[.origin], let url = URL(string: origin),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return true }
        guard let host = url.host, let authority = request.head.authority else { return false }
        return (url.port.map { "\(host):\($0)" } ?? host).lowercased() == authority.lowercased()
    }

    /// `{"type":"snapshot","state","symbol","source","book","trades"}`.
    static func snapshot(_ exchange: ExchangeService) async -> String {
        let desk = exchange.desk
        let book = await desk.book
        let state = await desk.feedState
        let trades = await desk.recentTrades
        let symbol = book?.symbol ?? exchange.symbol
        let tradesText = trades.map {
            "{\"seq\":\($0.seq),\"time\":\"\(Timestamp.iso8601Milliseconds($0.time))\",\"price\":\"\($0.price)\"}"
        }.joined(separator: ",")
        return "{\"type\":\"snapshot\",\"state\":\"\(state.label)\",\"symbol\":\(symbol.map(JSONString.quoted) ?? "null")"
            + ",\"source\":\(JSONString.quoted(exchange.source)),\"book\":\(book?.jsonText ?? "null"),\"trades\":[\(tradesText)]}"
    }

    /// One update as the page reads it; a tick is the feed's own message form.
    static func message(_ update: TradingUpdate) -> String? {
        switch update {
        case .tick(let tick): return tick.jsonText
        case .state(let state): return "{\"type\":\"state\",\"state\":\"\(state.label)\"}"
        case .order(let event):
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            guard let data = try? encoder.encode(OrderEventResponse(event, type: "order")) else { return nil }
            return String(decoding: data, as: UTF8.self)
        }
    }
}
