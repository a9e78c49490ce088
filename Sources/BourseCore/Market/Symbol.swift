/// Ticker symbols as users type them and as sources spell them.
public enum Symbol {
    /// The symbol in upper case if it is a plausible ticker (1 to 12 of A-Z, 0-9, `.`, `-`, in
    /// either case), else a reason. `brk.b` -> `BRK.B`; `AAPL;DROP` -> an error. The text is
    /// checked before it is upper-cased, so no other letter becomes one of these (`ı` is not `I`).
    public static func normalized(_ text: String) -> Result<String, SymbolError> {
        guard !text.isEmpty else { return .failure(SymbolError(text: text, reason: "it is empty")) }
        guard text.utf8.count <= 12 else { return .failure(SymbolError(text: text, reason: "it is longer than 12 characters")) }
        let allowed = text.utf8.allSatisfy { b in
            (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
                || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: ".") || b == UInt8(ascii: "-")
        }
        guard allowed else {
            return .failure(SymbolError(text: text, reason: "only letters, digits, '.' and '-' are allowed"))
        }
        return .success(text.uppercased())
    }
}

/// A symbol that cannot be a ticker.
public struct SymbolError: Error, Equatable, Sendable, CustomStringConvertible {
    public let text: String
    public let reason: String

    public var description: String {
        let shown = text.count > 20 ? String(text.prefix(20)) + "…" : text
        return "\"\(shown)\" is not a ticker symbol: \(reason)"
    }
}
