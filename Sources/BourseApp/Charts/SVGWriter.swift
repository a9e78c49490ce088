import BourseCore

/// Builds SVG text in a byte buffer, with pixel numbers written straight from integers
/// (one decimal place, no `String(format:)`, no intermediate strings).
public struct SVGWriter: Sendable {
    private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Markup written as it is: only for literals and text already escaped.
    public mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Text for element content or a quoted attribute, escaped (`Markup.escape`).
    public mutating func escaped(_ text: String) {
        Markup.escape(text, into: &bytes)
    }

    /// A pixel value rounded to a tenth: `12.25` -> `12.2` (ties to even), `3.0` -> `3`.
    public mutating func number(_ value: Double) {
        guard value.isFinite, abs(value) < 1e15 else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        var tenths = Int((value * 10).rounded(.toNearestOrEven))
        if tenths < 0 {
            bytes.append(UInt8(ascii: "-"))
            tenths = -tenths
        }
        integer(tenths / 10)
        let fraction = tenths % 10
        if fraction != 0 {
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(ascii: "0") + UInt8(fraction))
        }
    }

    /// A non-negative whole number.
    public mutating func integer(_ value: Int) {
        if value >= 10 { integer(value / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// ` name="value"` with the value escaped.
    public mutating func attribute(_ name: String, _ value: String) {
        raw(" ")
        raw(name)
        raw("=\"")
        escaped(value)
        raw("\"")
    }

    /// ` name="12.3"`.
    public mutating func attribute(_ name: String, _ value: Double) {
        raw(" ")
        raw(name)
        raw("=\"")
        number(value)
        raw("\"")
    }
}
