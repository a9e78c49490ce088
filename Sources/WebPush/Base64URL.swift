import Foundation

/// base64url (RFC 4648 §5), the encoding of every key, secret and token in Web Push.
public enum Base64URL {
    /// `bytes` in base64url without padding.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text = Data(bytes).base64EncodedString()
        text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    /// The bytes of base64url `text`, with or without its `=` padding; nil for anything else
    /// (the standard alphabet's `+` and `/`, spaces, a length no encoding gives).
    public static func decode(_ text: String) -> [UInt8]? {
        var body = Substring(text)
        while body.hasSuffix("=") { body.removeLast() }
        let padding = text.utf8.count - body.utf8.count
        guard padding <= 2 else { return nil }
        let isURLAlphabet = body.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                true
            default: false
            }
        }
        guard isURLAlphabet, body.utf8.count % 4 != 1 else { return nil }
        // Padding, when present, must be exactly what completes the last group.
        if padding > 0, (body.utf8.count + padding) % 4 != 0 { return nil }
        var standard = body.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: standard) else { return nil }
        return [UInt8](data)
    }
}
