import BourseCore
import FuzzSupport

/// Order requests (`OrderRequest.parse`), the body of `POST /api/v1/orders` and every line of
/// a replay's orders script, read through the JSON reader as the API reads them.
///
/// Checks: a body either is not JSON, or throws an `OrderError` with a description, or gives a
/// valid request: a quantity from 1 to `OrderRequest.maxQuantity`, every price of its kind above
/// zero, a time in force its type allows, a bracket only on a market or limit entry; and the
/// request written back as JSON (`jsonText`) reads as the same request.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOrderRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    guard let json = try? JSONReader.parse(input.bytes) else { return 0 }
    let request: OrderRequest
    do {
        request = try OrderRequest.parse(json)
    } catch {
        check(!error.description.isEmpty, "an error without a description")
        return 0
    }
    check((1...OrderRequest.maxQuantity).contains(request.quantity), "quantity \(request.quantity)")
    let prices: [Price]
    switch request.kind {
    case .market: prices = []
    case .limit(let limit): prices = [limit]
    case .stop(let stop): prices = [stop]
    case .stopLimit(let stop, let limit): prices = [stop, limit]
    case .trailingStop(.amount(let amount)): prices = [amount]
    case .trailingStop(.percent(let percent)):
        prices = []
        check(percent.value.signum > 0 && !(TrailPercent.maximum < percent.value), "trail percent \(percent)")
    }
    for price in prices + [request.bracket?.takeProfit, request.bracket?.stopLoss].compactMap({ $0 }) {
        check(price.ticks > 0, "a price not above zero: \(request)")
    }
    check(TimeInForce.allowed(for: request.type).contains(request.timeInForce), "time in force: \(request)")
    check(request.bracket == nil || request.type == .market || request.type == .limit, "a bracket on \(request.type)")
    let written = request.jsonText
    let again = Result { () throws(OrderError) in try OrderRequest.parse(try! JSONReader.parse(written)) }
    check(again == .success(request), "\(input.text) -> \(written) -> \(again)")
    return 0
}
