import BourseCore
import Foundation
import Hummingbird

/// `GET /v2/last/trade/{ticker}` and `GET /v2/last/nbbo/{ticker}`: the trade and quote a
/// snapshot shows, at the last completed trading day's close.
extension PolygonStandIn {
    func lastTrade(_ request: Request, symbol rawSymbol: String) throws(PolygonFailure) -> PolygonJSON {
        guard let snapshot = snapshot(of: rawSymbol.uppercased()) else { throw .notFound("Data not found.") }
        let time = snapshot.tradeNanoseconds
        return .object([
            ("request_id", .string(Self.requestID(for: request))),
            (
                "results",
                .object([
                    ("T", .string(snapshot.symbol)), ("i", .string(snapshot.tradeID)), ("p", .decimal(snapshot.day.bar.close)),
                    ("q", .int(snapshot.sequenceNumber)), ("s", .int(snapshot.tradeSize)), ("t", .int(time)),
                    ("x", .int(snapshot.exchangeID)), ("y", .int(time - 180_000)), ("z", .int(snapshot.tape)),
                ])
            ),
            ("status", .string("OK")),
        ])
    }

    func lastQuote(_ request: Request, symbol rawSymbol: String) throws(PolygonFailure) -> PolygonJSON {
        guard let snapshot = snapshot(of: rawSymbol.uppercased()) else { throw .notFound("Data not found.") }
        let time = snapshot.quoteNanoseconds
        return .object([
            ("request_id", .string(Self.requestID(for: request))),
            (
                "results",
                .object([
                    ("P", .decimal(snapshot.ask)), ("S", .int(snapshot.askSize)), ("T", .string(snapshot.symbol)),
                    ("X", .int(snapshot.exchangeID)), ("p", .decimal(snapshot.bid)), ("q", .int(snapshot.sequenceNumber + 1)),
                    ("s", .int(snapshot.bidSize)), ("t", .int(time)), ("x", .int(snapshot.exchangeID)),
                    ("y", .int(time - 350_000)), ("z", .int(snapshot.tape)),
                ])
            ),
            ("status", .string("OK")),
        ])
    }
}
