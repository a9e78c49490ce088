/// Escaping for text placed into HTML or XML (content or a quoted attribute), so that data from
/// a source can never become markup. The one escape of the app: `HTML` and `SVGWriter` use it.
public enum Markup {
    /// `&`, `<`, `>`, `"` and `'` as character references (`&#39;` is valid in HTML and XML).
    public static func escaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        escape(text, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` escaped as `escaped(_:)` does, appended to `bytes` as UTF-8 (the five characters
    /// are ASCII, and no byte of a longer UTF-8 sequence is ASCII).
    public static func escape(_ text: String, into bytes: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): bytes.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): bytes.append(contentsOf: "&#39;".utf8)
            default: bytes.append(byte)
            }
        }
    }
}
