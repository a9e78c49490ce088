/// An ISO 4217-shaped currency code: exactly three uppercase ASCII letters (`EUR`, `USD`).
///
/// Only the shape is checked, not the ISO list, so a feed may use codes Bourse has never seen;
/// `usd`, `US`, `EURO` and `€` are refused.
public struct CurrencyCode: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    /// The three letters.
    public let rawValue: String

    /// A code from exactly three uppercase ASCII letters, or nil.
    public init?(_ text: String) {
        guard text.utf8.count == 3, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            return nil
        }
        rawValue = text
    }

    /// The euro, the currency GNB reports in.
    public static let eur = CurrencyCode(uncheckedLetters: "EUR")

    private init(uncheckedLetters: String) {
        rawValue = uncheckedLetters
    }

    public var description: String { rawValue }

    public static func < (lhs: CurrencyCode, rhs: CurrencyCode) -> Bool {
        // Three ASCII letters: byte order is alphabetical order, and cheaper than String's.
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }

    /// Encodes as the bare string `"EUR"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Decodes a bare string, refusing anything that is not three uppercase letters.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let code = CurrencyCode(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a currency code (three uppercase letters A-Z, e.g. EUR)")
        }
        self = code
    }
}
