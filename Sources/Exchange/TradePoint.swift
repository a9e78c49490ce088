import BourseCore
import Foundation

/// One point of the exchange screen's price chart: a tick's last trade price.
public struct TradePoint: Sendable, Equatable {
    public let seq: Int64
    public let time: Date
    public let price: Price

    public init(seq: Int64, time: Date, price: Price) {
        self.seq = seq
        self.time = time
        self.price = price
    }
}
