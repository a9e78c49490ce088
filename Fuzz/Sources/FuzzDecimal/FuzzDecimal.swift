import BourseCore
import FuzzSupport

/// Exact decimals (`ExactDecimal(parsing:)`, `ExactDecimal(jsonNumber:)`) and exchange prices
/// (`Price(parsing:)`, `Price(_:)`): every amount, rate and price the app reads.
///
/// Checks: a value reads back from its own description with the same digits and places; the
/// plain and JSON-number readers agree where both accept; the byte reader agrees with the text
/// one; a price reads back from its description and equals its decimal; rounding, padding and
/// the throwing arithmetic never trap. An input with a comma is also read as two values, for
/// the arithmetic between them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecimal(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let text = input.text
    let values = [readBoth(text)] + text.split(separator: ",", maxSplits: 1).map { readBoth(String($0)) }
    if values.count == 3, let a = values[1], let b = values[2] {
        arithmetic(a, b)
    }
    let bytesRead = input.bytes.withUnsafeBufferPointer { try? ExactDecimal.parse(utf8: $0, allowExponent: true) }
    if input.validText != nil {
        check(
            bytesRead.map(exact) == (try? ExactDecimal(jsonNumber: text)).map(exact), "byte and text readers disagree on \(text)")
    }
    readPrice(text)
    return 0
}

/// Significand and places: `==` ignores trailing zeros, the round trips must not.
private func exact(_ value: ExactDecimal) -> [String] {
    [String(value.significand), String(value.scale)]
}

/// Reads `text` both ways and checks what either accepted; the plain value, else the JSON one.
private func readBoth(_ text: String) -> ExactDecimal? {
    let plain = try? ExactDecimal(parsing: text)
    let json = try? ExactDecimal(jsonNumber: text)
    check(ExactDecimal(text).map(exact) == plain.map(exact), "init?(_:) disagrees with init(parsing:) on \(text)")
    if let plain {
        check(json.map(exact) == exact(plain), "\(text): plain \(plain) but JSON number \(json as Any)")
    }
    for value in [plain, json].compactMap({ $0 }) {
        let description = value.description
        let again = try? ExactDecimal(parsing: description)
        check(again.map(exact) == exact(value), "\(text) -> \(description) -> \(again as Any)")
        check(value.normalized() == value, "normalized() changed the value of \(description)")
        check(exact(value.negated().negated()) == exact(value), "double negation changed \(description)")
        for places in 0...4 {
            for rule in RoundingRule.allCases {
                let rounded = value.rounded(toPlaces: places, rule)
                check(
                    rounded.scale <= max(places, value.scale), "\(description) rounded to \(places) has \(rounded.scale) places")
            }
            _ = value.formatted(places: places)
            if let padded = try? value.padded(toPlaces: places) {
                check(padded == value, "padding changed \(description) to \(padded)")
            }
        }
        _ = value.doubleApproximation
    }
    return plain ?? json
}

private func arithmetic(_ a: ExactDecimal, _ b: ExactDecimal) {
    if let sum = try? a.adding(b), let back = try? sum.subtracting(b) {
        check(back == a, "(\(a) + \(b)) - \(b) = \(back)")
    }
    if let product = try? a.multiplied(by: b), !b.isZero, let quotient = try? product.divided(by: b, places: a.scale) {
        check(quotient == a, "(\(a) * \(b)) / \(b) = \(quotient)")
    }
    _ = try? a.divided(by: b, places: 4, .halfUp)
    _ = a < b
    _ = ExactDecimal.sum([a])
}

private func readPrice(_ text: String) {
    let price: Price
    do {
        price = try Price(parsing: text)
    } catch {
        check(!error.description.isEmpty, "a price error without a description")
        return
    }
    let decimal = try? ExactDecimal(parsing: text)
    check(decimal == price.decimal, "\(text) is the price \(price), which is \(price.decimal)")
    let again = try? Price(parsing: price.description)
    check(again == price, "price \(price) reads back as \(again as Any)")
}
