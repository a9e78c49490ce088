/// Product codes as users type them into a URL or a command.
public enum SKU {
    /// The SKU if it is 1 to 40 ASCII letters, digits, '-', '_' or '.', else nil.
    public static func validated(_ text: String) -> String? {
        let allowed = text.utf8.allSatisfy { b in
            (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
                || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
                || b == UInt8(ascii: ".")
        }
        return (1...40).contains(text.utf8.count) && allowed ? text : nil
    }

    public static func problem(_ text: String) -> String {
        "\"\(text.prefix(40))\" is not a SKU: use 1 to 40 letters, digits, '-', '_' or '.'"
    }
}
