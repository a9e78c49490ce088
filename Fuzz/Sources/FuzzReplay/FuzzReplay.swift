import BourseCore
import FuzzSupport

/// Replays (`Replay.parse(feed:orders:)` and `run`): a recorded feed, one tick a line, and a
/// script of orders and cancels, one JSON object a line. The input is the feed, a NUL byte,
/// then the script.
///
/// Checks: the inputs either throw a `ReplayInputError` naming lines that exist, in order, or
/// give a replay; the same files with CRLF line ends give the same outcome (the same lines, the
/// same errors); the replay runs to the same result on both resting-order indexes (the heap and
/// the naive scan); every order's fills add up to its filled quantity, within its quantity and
/// limit; and the result's JSON is JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplay(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (feed, orders) = FuzzInput(data, size).twoTexts
    let parsed = Result { () throws(ReplayInputError) in try Replay.parse(feed: feed, orders: orders) }
    let crlf = Result { () throws(ReplayInputError) in try Replay.parse(feed: crlfLines(feed), orders: crlfLines(orders)) }
    check(crlf == parsed, "CRLF line ends change the outcome: \(parsed) vs \(crlf)")
    let replay: Replay
    switch parsed {
    case .failure(let error):
        let lineCounts: [ReplayLineError.File: Int] = [
            .feed: feed.utf8.count(where: { $0 == 0x0A }) + 1, .orders: orders.utf8.count(where: { $0 == 0x0A }) + 1,
        ]
        check(!error.lines.isEmpty, "an error without lines")
        for line in error.lines {
            check((1...lineCounts[line.file]!).contains(line.line) && !line.reason.isEmpty, "bad error line: \(line)")
        }
        return 0
    case .success(let value):
        replay = value
    }
    let result = replay.run(index: .priceTime)
    let reference = replay.run(index: .scanning)
    check(result == reference, "the heap and the scan disagree:\n\(result.jsonText)\n\(reference.jsonText)")
    for order in result.orders {
        let filled = order.fills.reduce(0) { $0 + $1.quantity }
        check(filled == order.filledQuantity && filled <= order.quantity, "fills of \(order.id) do not add up: \(order)")
        if let limit = order.price {
            let withinLimit = order.fills.allSatisfy { order.side == .buy ? $0.price <= limit : $0.price >= limit }
            check(withinLimit, "\(order.id) filled beyond its limit: \(order)")
        }
        check(order.status != .filled || filled == order.quantity, "\(order.id) FILLED with \(filled) of \(order.quantity)")
    }
    check((try? JSONReader.parse(result.jsonText)) != nil, "the result is not JSON: \(result.jsonText)")
    _ = result.text
    return 0
}

/// The text with every LF line end as CRLF; one that is CRLF already stays as it is (by scalars:
/// a Character-wise replace would not see the "\n" of "\r\n").
private func crlfLines(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        if scalar == "\n", out.last != "\r" { out.append("\r") }
        out.append(scalar)
    }
    return String(out)
}
