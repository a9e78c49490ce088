/// The bytes libFuzzer hands a harness, as bytes and as text.
public struct FuzzInput {
    public let bytes: [UInt8]

    public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// The bytes as text, invalid UTF-8 replaced by U+FFFD (as every reader of text does).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The bytes as text when they are valid UTF-8, else nil.
    public var validText: String? { String(validating: bytes, as: UTF8.self) }

    /// The text before the first NUL byte and the text after it (empty when there is none):
    /// the harnesses that read two documents take both from one input this way.
    public var twoTexts: (String, String) {
        guard let split = bytes.firstIndex(of: 0) else { return (text, "") }
        return (String(decoding: bytes[..<split], as: UTF8.self), String(decoding: bytes[(split + 1)...], as: UTF8.self))
    }
}
