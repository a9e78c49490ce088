/// A `Host` header's value (or an `Origin`'s or an allowed host's authority) taken apart: the
/// host, in lowercase and for an IP address in its canonical spelling without brackets, and the
/// port if one was given.
///
/// Strict on purpose: a host name of letters, digits, `-`, `.`, `_` and `~`, an IPv4 address or
/// a bracketed IPv6 address, then at most `:` and up to five digits. Anything else (a path,
/// userinfo, spaces, a second colon) is no authority.
public struct HostAndPort: Equatable, Sendable {
    public let host: String
    public let port: Int?
    /// Whether the host is an IP address rather than a name (a name can be re-pointed by DNS;
    /// an address cannot).
    public let isIPLiteral: Bool

    public init?(_ text: String) {
        var rest = Substring(text)
        var hostText: Substring
        var bracketed = false
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            hostText = rest[rest.index(after: rest.startIndex)..<close]
            rest = rest[rest.index(after: close)...]
            bracketed = true
        } else if rest.filter({ $0 == ":" }).count > 1 {
            // An IPv6 address without brackets (`::1`) and no port: only as a whole.
            hostText = rest
            rest = ""
            bracketed = true
        } else if let colon = rest.firstIndex(of: ":") {
            hostText = rest[..<colon]
            rest = rest[colon...]
        } else {
            hostText = rest
            rest = ""
        }
        let port: Int?
        switch Port(rest) {
        case .absent: port = nil
        case .number(let number): port = number
        case .invalid: return nil
        }
        if bracketed {
            guard hostText.contains(":"), let address = IPAddress.canonical(String(hostText)) else { return nil }
            self.init(host: address, port: port, isIPLiteral: true)
        } else {
            guard !hostText.isEmpty, hostText.unicodeScalars.allSatisfy(Self.isNameCharacter) else { return nil }
            if let address = IPAddress.canonical(String(hostText)), !address.contains(":") {
                self.init(host: address, port: port, isIPLiteral: true)
            } else {
                self.init(host: hostText.lowercased(), port: port, isIPLiteral: false)
            }
        }
    }

    private init(host: String, port: Int?, isIPLiteral: Bool) {
        self.host = host
        self.port = port
        self.isIPLiteral = isIPLiteral
    }

    /// What follows the host: nothing, or `:` and up to five digits (`:` alone is no port).
    private enum Port {
        case absent
        case number(Int)
        case invalid

        init(_ text: Substring) {
            guard !text.isEmpty else {
                self = .absent
                return
            }
            let digits = text.dropFirst()
            guard text.first == ":", digits.count <= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                self = .invalid
                return
            }
            guard let value = Int(digits) else {
                self = .absent
                return
            }
            self = value <= 65535 ? .number(value) : .invalid
        }
    }

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", ".", "_", "~": true
        default: false
        }
    }
}
