import Dispatch
import WebPush

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The addresses a host name stands for, asked before each push (`PushSender`): a name may
/// point anywhere, so it is checked where it points now.
public protocol HostResolver: Sendable {
    /// The addresses of `host`; empty when it has none. Throws when the resolver cannot answer.
    func addresses(of host: String) async throws -> [IPAddress]
}

/// The system's resolver (`getaddrinfo`: `/etc/hosts`, then DNS), off the cooperative pool.
public struct SystemHostResolver: HostResolver {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public init() {}

    public func addresses(of host: String) async throws -> [IPAddress] {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try Self.resolve(host) })
            }
        }
    }

    private static func resolve(_ host: String) throws -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0 else {
            if status == EAI_NONAME { return [] }
            throw Failure(description: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var found: [IPAddress] = []
        var node = list
        while let entry = node?.pointee {
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            if entry.ai_family == AF_INET, let address = entry.ai_addr {
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                    var raw = v4.pointee.sin_addr
                    _ = inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
                }
            } else if entry.ai_family == AF_INET6, let address = entry.ai_addr {
                address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    var raw = v6.pointee.sin6_addr
                    _ = inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
                }
            }
            let written = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let parsed = IPAddress(written), !found.contains(parsed) { found.append(parsed) }
            node = entry.ai_next
        }
        return found
    }
}
