/// Quoting what a client sent back to it, bounded: an error may say what was wrong with the
/// input, but never return a 70,000-character path whole.
public enum Echo {
    /// The most characters of one input an answer quotes.
    public static let limit = 200

    /// `text` in double quotes, cut to `limit` characters with "…" when longer.
    public static func quoted(_ text: some StringProtocol) -> String {
        "\"\(bounded(text, limit: limit))\""
    }

    /// `text`, cut to `limit` characters with "…" when longer.
    public static func bounded(_ text: some StringProtocol, limit: Int) -> String {
        text.count > limit ? String(text.prefix(limit)) + "…" : String(text)
    }
}
