/// Checks one record's fields, collecting every problem instead of stopping at the first.
struct GNBFieldReader {
    let record: Int
    let raw: GNBRawRecord
    private(set) var errors: [GNBRecordError] = []
    private let usable: Bool

    init(record: Int, raw: GNBRawRecord) {
        self.record = record
        self.raw = raw
        if let problem = raw.shapeProblem {
            errors.append(GNBRecordError(record: record, field: nil, message: problem))
            usable = false
        } else {
            usable = true
        }
    }

    /// A currency code: three uppercase ASCII letters.
    mutating func currency(_ name: String) -> CurrencyCode? {
        guard let text = text(name) else { return nil }
        guard let code = CurrencyCode(text) else {
            fail(name, "\(Self.quoted(text)) is not a currency code (three uppercase letters A-Z, e.g. EUR)")
            return nil
        }
        return code
    }

    /// A rate: a plain decimal (or a JSON number) greater than zero.
    mutating func rate(_ name: String) -> ExactDecimal? {
        guard let value = decimal(name) else { return nil }
        guard value.signum > 0 else {
            fail(name, "the rate must be greater than zero, not \(value)")
            return nil
        }
        return value
    }

    /// An amount: a plain decimal (or a JSON number), of any sign.
    mutating func amount(_ name: String) -> ExactDecimal? {
        decimal(name)
    }

    /// A SKU: any text that is not empty and not only whitespace, kept as given.
    mutating func sku(_ name: String) -> String? {
        guard let text = text(name) else { return nil }
        guard text.contains(where: { !$0.isWhitespace }) else {
            fail(name, text.isEmpty ? "the SKU is empty" : "the SKU is only whitespace")
            return nil
        }
        return text
    }

    private mutating func text(_ name: String) -> String? {
        guard usable else { return nil }
        switch raw.field(name) {
        case nil:
            fail(name, "the field is missing")
            return nil
        case .text(let text)?:
            return text
        case .number(let text)?:
            fail(name, "expected a string, found the number \(text)")
            return nil
        case .other(let kind)?:
            fail(name, "expected a string, found \(kind)")
            return nil
        }
    }

    private mutating func decimal(_ name: String) -> ExactDecimal? {
        guard usable else { return nil }
        do {
            switch raw.field(name) {
            case nil:
                fail(name, "the field is missing")
                return nil
            case .text(let text)?:
                return try ExactDecimal(parsing: text)
            case .number(let text)?:
                return try ExactDecimal(jsonNumber: text)
            case .other(let kind)?:
                fail(name, "expected a decimal string, found \(kind)")
                return nil
            }
        } catch {
            fail(name, error.description)
            return nil
        }
    }

    private mutating func fail(_ field: String, _ message: String) {
        errors.append(GNBRecordError(record: record, field: field, message: message))
    }

    private static func quoted(_ text: String) -> String {
        "\"" + (text.count > 40 ? String(text.prefix(40)) + "…" : text) + "\""
    }
}
