/// Escaping for text placed into HTML or XML (content or a quoted attribute), so that data from
/// a source can never become markup.
public enum Markup {
    /// `&`, `<`, `>`, `"` and `'` as character references (`&#39;` is valid in HTML and XML).
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(ch)
            }
        }
        return out
    }
}
