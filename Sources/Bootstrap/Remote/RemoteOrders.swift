import BourseClient
import BourseCore
import ExchangeFeature
import Foundation

extension OrdersReport {
    /// `bourse orders --server URL`: the account's orders on the server (the token's), printed
    /// as the local command prints them from the database.
    public static func run(
        status: String, limit: Int, json: Bool, csv: Bool, server: RemoteServer
    ) async -> Result<String, CommandFailure> {
        guard (1...maxLimit).contains(limit) else {
            return .failure(CommandFailure(message: "--limit must be from 1 to \(maxLimit), got \(limit)", exitCode: 64))
        }
        guard let filter = Bourse.OrderFilter(rawValue: status) else {
            return .failure(CommandFailure(message: "--status must be open or all, got \(status)", exitCode: 64))
        }
        return await server.run { bourse throws(BourseError) in
            let orders = try await bourse.orders(filter, limit: limit).map { order throws(BourseError) in
                try RemoteJSON.convert(order, to: OrderJSON.self)
            }
            return output(orders, json: json, csv: csv)
        }
    }

    /// `bourse orders place …` and `bourse orders cancel ID`: the order after matching, as a
    /// one-row table with its fills and the server's notice, or as the API's JSON.
    public static func place(_ ticket: OrderTicket, json: Bool, server: RemoteServer) async -> Result<String, CommandFailure> {
        await server.run { bourse throws(BourseError) in
            try event(try await bourse.place(ticket), json: json)
        }
    }

    public static func cancel(id: String, json: Bool, server: RemoteServer) async -> Result<String, CommandFailure> {
        await server.run { bourse throws(BourseError) in
            try event(try await bourse.cancel(orderID: id), json: json)
        }
    }

    static func event(_ event: BourseClient.OrderEvent, json: Bool) throws(BourseError) -> Result<String, CommandFailure> {
        let placed = try RemoteJSON.convert(event, to: PlacedOrder.self)
        return CommandFailure.output(placed, json: json) {
            var lines = [table([placed.order])]
            for fill in placed.fills { lines.append("filled \(fill.quantity) at \(fill.price)  (\(fill.time))") }
            if let notice = placed.notice { lines.append(notice) }
            return lines.joined(separator: "\n")
        }
    }

    /// `POST /api/v1/orders`'s and `DELETE /api/v1/orders/{id}`'s answer.
    struct PlacedOrder: Codable {
        struct Fill: Codable {
            let seq: Int64
            let time: String
            let price: String
            let quantity: Int
        }

        let order: OrderJSON
        let fills: [Fill]
        @ExplicitNull var notice: String?
    }

    /// A ticket from the command's options: the type follows from the prices given (a limit
    /// price makes a limit, a stop price a stop, both a stop-limit, a trail a trailing stop,
    /// none a market order); exit 64 when they do not make one.
    public static func ticket(
        side: String, quantity: Int, limit: String?, stop: String?, trailAmount: String?, trailPercent: String?,
        timeInForce: String?, takeProfit: String?, stopLoss: String?
    ) -> Result<OrderTicket, CommandFailure> {
        guard let side = OrderTicket.Side(rawValue: side.lowercased()) else {
            return .failure(CommandFailure(message: "the side must be buy or sell, got \(side.prefix(20))", exitCode: 64))
        }
        var tif: OrderTicket.TimeInForce?
        if let timeInForce {
            guard let parsed = OrderTicket.TimeInForce(rawValue: timeInForce.lowercased()) else {
                return .failure(
                    CommandFailure(message: "--tif must be day, gtc, ioc or fok, got \(timeInForce.prefix(20))", exitCode: 64))
            }
            tif = parsed
        }
        let kind: OrderTicket.Kind
        switch (limit, stop, trailAmount, trailPercent) {
        case (nil, nil, nil, nil): kind = .market
        case (let limit?, nil, nil, nil): kind = .limit(price: limit)
        case (nil, let stop?, nil, nil): kind = .stop(stopPrice: stop)
        case (let limit?, let stop?, nil, nil): kind = .stopLimit(stopPrice: stop, price: limit)
        case (nil, nil, let amount?, nil): kind = .trailingStop(.amount(amount))
        case (nil, nil, nil, let percent?): kind = .trailingStop(.percent(percent))
        default:
            return .failure(
                CommandFailure(
                    message: "a trailing stop takes --trail-amount or --trail-percent alone (no --limit, no --stop)",
                    exitCode: 64))
        }
        return .success(
            OrderTicket(
                side: side, quantity: quantity, type: kind, timeInForce: tif, takeProfit: takeProfit, stopLoss: stopLoss))
    }
}
