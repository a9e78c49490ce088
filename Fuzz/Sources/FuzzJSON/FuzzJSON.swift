import BourseCore
import FuzzSupport

/// The JSON reader (`JSONReader`), which reads every API answer, feed tick, order body and
/// GNB document before anything else sees them.
///
/// Checks: reading any bytes either throws a `JSONError` whose offset lies inside the input or
/// gives a value; the value written back as JSON reads as the same value; the `String` entry
/// point agrees with the bytes one on valid UTF-8; and every number's `decimalValue` and
/// `int64Value` agree with each other and survive their own round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let result = Result { () throws(JSONError) in try JSONReader.parse(input.bytes) }
    if let text = input.validText {
        let fromText = Result { () throws(JSONError) in try JSONReader.parse(text) }
        check(fromText == result, "String and [UInt8] readers disagree: \(fromText) vs \(result)")
    }
    switch result {
    case .failure(let error):
        check((0...size).contains(error.offset), "error offset \(error.offset) outside 0...\(size)")
        check(!error.description.isEmpty, "an error without a description")
    case .success(let value):
        let written = JSONText.write(value)
        let again = Result { () throws(JSONError) in try JSONReader.parse(written) }
        check(again == .success(value), "round trip changed the value: \(written) read as \(again)")
        visitNumbers(value)
    }
    return 0
}

private func visitNumbers(_ value: JSONValue) {
    switch value {
    case .number(let text):
        let decimal = value.decimalValue
        if let decimal {
            let again = try? ExactDecimal(parsing: decimal.description)
            check(again == decimal, "\(text): \(decimal) does not read back as itself")
        }
        if let whole = value.int64Value {
            check(
                decimal == ExactDecimal(significand: Int128(whole), scale: 0),
                "\(text): int64 \(whole) vs decimal \(decimal as Any)")
        }
    case .array(let elements): elements.forEach(visitNumbers)
    case .object(let members): members.values.forEach(visitNumbers)
    case .null, .bool, .string: break
    }
}
