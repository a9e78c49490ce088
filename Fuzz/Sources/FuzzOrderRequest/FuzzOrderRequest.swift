import BourseCore
import FuzzSupport

/// Order requests (`OrderRequest.parse`), the body of `POST /api/v1/orders` and every line of
/// a replay's orders script, read through the JSON reader as the API reads them.
///
/// Checks: a body either is not JSON, or throws an `OrderError` with a description, or gives a
/// valid request: a quantity from 1 to `OrderRequest.maxQuantity`, a price above zero for a
/// limit order and none for a market order; and the request written back as JSON reads as the
/// same request.
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
    switch request.type {
    case .market: check(request.limitPrice == nil, "a market order with a price: \(request)")
    case .limit: check((request.limitPrice?.ticks ?? 0) > 0, "a limit order without a positive price: \(request)")
    }
    var written = "{\"side\":\"\(request.side.rawValue)\",\"type\":\"\(request.type.rawValue)\",\"quantity\":\(request.quantity)"
    if let price = request.limitPrice { written += ",\"price\":\"\(price)\"" }
    written += "}"
    let again = Result { () throws(OrderError) in try OrderRequest.parse(try! JSONReader.parse(written)) }
    check(again == .success(request), "\(input.text) -> \(written) -> \(again)")
    return 0
}
