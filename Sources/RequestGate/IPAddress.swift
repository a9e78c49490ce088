import NIOCore

/// IP addresses in one spelling, so that `::ffff:10.0.0.2`, `10.0.0.2` and `0:0::1` compare as
/// the addresses they are.
public enum IPAddress {
    /// The canonical text of `text` when it is an IPv4 or IPv6 address (without brackets or
    /// port), else nil. An IPv4-mapped IPv6 address (a dual-stack socket's IPv4 peer) is given
    /// as its IPv4 address.
    public static func canonical(_ text: String) -> String? {
        guard !text.isEmpty, text.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == ":" }),
            let address = try? SocketAddress(ipAddress: text, port: 0).ipAddress
        else { return nil }
        let mapped = "::ffff:"
        if address.hasPrefix(mapped), address.contains(".") { return String(address.dropFirst(mapped.count)) }
        return address
    }
}
