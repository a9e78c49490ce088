/// Reading and printing decimal text exactly.
///
/// The accepted form is `-?[0-9]+(\.[0-9]+)?`: an optional minus, digits, and optionally a point
/// followed by digits. No spaces, no `+`, no exponent, no thousands separators: a price typed as
/// "1e5" or " 12" is refused rather than guessed at.
extension ExactDecimal {
    /// Parses plain decimal text; anything else is a `DecimalError.malformed` naming the problem.
    public init(parsing text: some StringProtocol) throws(DecimalError) {
        var string = String(text)
        let result = string.withUTF8 { Self.parse($0, allowExponent: false) }
        switch result {
        case .success(let value): self = value
        case .failure(let reason): throw .malformed(string, reason: reason.text)
        }
    }

    /// Parses a JSON number's text exactly, exponent included (`1.5e3` is 1500), for sources that
    /// send numbers where strings were meant. Never goes through `Double`.
    public init(jsonNumber text: some StringProtocol) throws(DecimalError) {
        var string = String(text)
        let result = string.withUTF8 { Self.parse($0, allowExponent: true) }
        switch result {
        case .success(let value): self = value
        case .failure(let reason): throw .malformed(string, reason: reason.text)
        }
    }

    /// Parses bytes in place (the JSON reader's fast path).
    public static func parse(
        utf8 bytes: UnsafeBufferPointer<UInt8>, allowExponent: Bool
    ) throws(DecimalError) -> ExactDecimal {
        switch parse(bytes, allowExponent: allowExponent) {
        case .success(let value): return value
        case .failure(let reason):
            throw .malformed(String(decoding: bytes, as: UTF8.self), reason: reason.text)
        }
    }

    struct ParseFailure: Error {
        let text: String
    }

    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, allowExponent: Bool
    ) -> Result<ExactDecimal, ParseFailure> {
        let minus = UInt8(ascii: "-"), point = UInt8(ascii: "."), zero = UInt8(ascii: "0")
        var i = 0
        let n = bytes.count
        guard n > 0 else { return .failure(ParseFailure(text: "it is empty")) }
        var negative = false
        if bytes[0] == minus {
            negative = true
            i = 1
        }
        var significand: Int128 = 0
        var digits = 0  // significant digits taken (leading zeros skipped)
        var intDigits = 0
        var fracDigits = 0
        var sawPoint = false
        while i < n {
            let b = bytes[i]
            if b &- zero < 10 {
                if sawPoint { fracDigits += 1 } else { intDigits += 1 }
                if significand != 0 || b != zero { digits += 1 }
                if digits > maxDigits {
                    return .failure(ParseFailure(text: "it has more than \(maxDigits) digits"))
                }
                significand = significand &* 10 &+ Int128(b &- zero)
            } else if b == point {
                if sawPoint { return .failure(ParseFailure(text: "it has more than one decimal point")) }
                if intDigits == 0 { return .failure(ParseFailure(text: "it needs a digit before the point")) }
                sawPoint = true
            } else if allowExponent, b == UInt8(ascii: "e") || b == UInt8(ascii: "E") {
                break
            } else if b == minus {
                return .failure(ParseFailure(text: "a minus sign may only come first, once"))
            } else {
                return .failure(
                    ParseFailure(text: "it contains \(describe(b)), where only digits, one point and a leading minus are allowed")
                )
            }
            i += 1
        }
        if intDigits == 0 { return .failure(ParseFailure(text: "it has no digits")) }
        if sawPoint && fracDigits == 0 { return .failure(ParseFailure(text: "it needs a digit after the point")) }
        var scale = fracDigits
        if i < n {  // an exponent (JSON numbers only)
            i += 1
            var expNegative = false
            if i < n, bytes[i] == minus || bytes[i] == UInt8(ascii: "+") {
                expNegative = bytes[i] == minus
                i += 1
            }
            guard i < n else { return .failure(ParseFailure(text: "its exponent has no digits")) }
            var exponent = 0
            while i < n {
                let b = bytes[i]
                guard b &- zero < 10 else { return .failure(ParseFailure(text: "its exponent contains \(describe(b))")) }
                exponent = exponent * 10 + Int(b &- zero)
                guard exponent <= 1000 else { return .failure(ParseFailure(text: "its exponent is out of range")) }
                i += 1
            }
            if expNegative {
                scale += exponent
            } else {
                scale -= exponent
            }
        }
        if scale < 0 {
            guard digits - scale <= maxDigits || significand == 0 else {
                return .failure(ParseFailure(text: "it has more than \(maxDigits) digits"))
            }
            significand = significand == 0 ? 0 : significand * powersOfTen[-scale]
            scale = 0
        }
        if scale > maxScale {
            // Trailing zeros beyond 38 places carry no value; anything else is too precise.
            var s = significand
            while scale > maxScale, s % 10 == 0, s != 0 {
                s /= 10
                scale -= 1
            }
            if s == 0 { scale = min(scale, maxScale) }
            guard scale <= maxScale else {
                return .failure(ParseFailure(text: "it has more than \(maxScale) digits after the point"))
            }
            significand = s
        }
        return .success(ExactDecimal(significand: negative ? -significand : significand, scale: scale))
    }

    private static func describe(_ byte: UInt8) -> String {
        if byte == UInt8(ascii: " ") { return "a space" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
        return "a byte 0x\(String(byte, radix: 16))"
    }
}

extension ExactDecimal: CustomStringConvertible, LosslessStringConvertible {
    /// Parses plain decimal text, or nil.
    public init?(_ description: String) {
        guard let value = try? ExactDecimal(parsing: description) else { return nil }
        self = value
    }

    /// The exact text, with as many places as the value carries (`2.30`, `-0.5`, `12`).
    public var description: String {
        let negative = significand < 0
        let digits = String(significand.magnitude)
        guard scale > 0 else { return negative ? "-" + digits : digits }
        let padded =
            digits.count <= scale
            ? String(repeating: "0", count: scale - digits.count + 1) + digits
            : digits
        let split = padded.index(padded.endIndex, offsetBy: -scale)
        return (negative ? "-" : "") + padded[..<split] + "." + padded[split...]
    }

    /// The text with exactly `places` digits after the point, rounded half-even where it must be.
    public func formatted(places: Int) -> String {
        let rounded = self.rounded(toPlaces: places, .halfEven)
        return ((try? rounded.padded(toPlaces: places)) ?? rounded).description
    }
}

extension ExactDecimal: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    public init(integerLiteral value: Int) {
        self.init(value)
    }

    /// For literals in code and tests; a malformed literal is a programming error.
    public init(stringLiteral value: String) {
        do {
            try self.init(parsing: value)
        } catch {
            preconditionFailure("invalid decimal literal: \(error)")
        }
    }
}

extension ExactDecimal: Codable {
    /// Decimals travel in JSON as strings (`"101.25"`), so no client reads them as floats.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }
}
