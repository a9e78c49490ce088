import BourseCore
import Crypto
import Foundation
import Networking
import Testing
import WebPush

@testable import PushDelivery

/// SPEC §14: pushes go to public addresses only. A literal address inside is refused (the
/// subscription is as good as gone); a name is resolved before each push and not sent to when
/// any of its addresses is inside; `allowPrivate` lifts the rule.
@Suite("Push endpoints: public addresses only")
struct PushEndpointPolicyTests {
    @Test(arguments: [
        ("127.0.0.1", false), ("127.255.0.1", false), ("10.0.0.1", false), ("172.16.0.1", false), ("172.31.255.255", false),
        ("172.15.255.255", true), ("172.32.0.0", true), ("192.168.0.1", false), ("192.169.0.1", true),
        ("169.254.169.254", false), ("0.0.0.0", false), ("8.8.8.8", true), ("::1", false), ("::", false),
        ("fe80::1", false), ("febf::1", false), ("fec0::1", true), ("fc00::1", false), ("fdff::1", false),
        ("2001:db8::1", true), ("::ffff:127.0.0.1", false), ("::ffff:8.8.8.8", true),
    ])
    func anAddressIsPublicOrNot(text: String, isPublic: Bool) throws {
        let address = try #require(IPAddress(text))
        #expect(address.isPublic == isPublic, "\(text)")
    }

    @Test func aNameIsNoAddress() {
        #expect(IPAddress("push.example.com") == nil)
        #expect(IPAddress("localhost") == nil)
        #expect(IPAddress("1.2.3") == nil)
    }

    /// A resolver that answers from a table, and counts what it was asked.
    final class TableResolver: HostResolver, @unchecked Sendable {
        let table: [String: [String]]
        private(set) var asked: [String] = []
        init(_ table: [String: [String]]) { self.table = table }
        func addresses(of host: String) async throws -> [IPAddress] {
            asked.append(host)
            guard let texts = table[host] else { throw SystemHostResolver.Failure(description: "no such zone") }
            return texts.compactMap(IPAddress.init)
        }
    }

    /// A push service that takes everything, and counts.
    final class CountingTransport: HTTPPostTransport, @unchecked Sendable {
        private(set) var posts: [URL] = []
        func post(_ url: URL, headers: [String: String], body: [UInt8]) async throws(TransportError) -> TransportResponse {
            posts.append(url)
            return TransportResponse(status: 201, body: [])
        }
    }

    static let resolver = TableResolver([
        "push.example.com": ["93.184.216.34", "2606:2800:220:1::1"],
        "inside.example.com": ["93.184.216.34", "10.0.0.7"],
        "metadata.example.com": ["169.254.169.254"],
        "empty.example.com": [],
    ])

    static func sender(allowPrivate: Bool = false, transport: any HTTPPostTransport = CountingTransport()) -> PushSender {
        PushSender(transport: transport, policy: PushEndpointPolicy(allowPrivate: allowPrivate), resolver: resolver)
    }

    @Test func aNameThatResolvesInsideIsNotSentToThisTime() async throws {
        let sender = Self.sender()
        for host in ["inside.example.com", "metadata.example.com", "empty.example.com"] {
            let refusal = try #require(await sender.refusal(of: URL(string: "https://\(host)/push/1")!))
            #expect(refusal.outcome == .rejected(status: 0), "\(host)")
            #expect(refusal.detail.hasPrefix("not sent: \(host)"))
        }
        #expect(await sender.refusal(of: URL(string: "https://push.example.com/push/1")!) == nil)
    }

    @Test func aLiteralAddressInsideIsGoneAndANameThatCannotBeResolvedWaits() async throws {
        let sender = Self.sender()
        let literal = try #require(await sender.refusal(of: URL(string: "https://10.1.2.3/push/1")!))
        #expect(literal.outcome == .gone)
        let http = try #require(await sender.refusal(of: URL(string: "http://push.example.com/push/1")!))
        #expect(http.outcome == .gone)
        let unknown = try #require(await sender.refusal(of: URL(string: "https://nowhere.example.com/push/1")!))
        #expect(unknown.outcome == .retry(retryAfter: nil))
    }

    @Test func allowingPrivateAddressesSendsAnywhere() async throws {
        let sender = Self.sender(allowPrivate: true)
        for endpoint in ["http://127.0.0.1:9/push/1", "https://inside.example.com/p", "https://10.1.2.3/p"] {
            #expect(await sender.refusal(of: URL(string: endpoint)!) == nil, "\(endpoint)")
        }
    }

    /// The whole send: nothing reaches the transport for a name that resolves inside.
    @Test func sendAsksBeforeItPosts() async throws {
        let transport = CountingTransport()
        let sender = Self.sender(transport: transport)
        let key = VAPIDKey.generate()
        let device = P256.KeyAgreement.PrivateKey().publicKey.x963Representation
        func delivery(_ endpoint: String) -> PushDelivery {
            PushDelivery(
                id: "1",
                notice: Notice(
                    kind: .alert, title: "AAPL at or above 150.00", body: "AAPL traded at 150.12", url: "/stocks/AAPL",
                    tag: "alert-1", createdAt: Date(timeIntervalSince1970: 1_800_000_000)),
                subscriber: PushSubscriber(
                    endpoint: endpoint, p256dh: Base64URL.encode(Array(device)),
                    auth: Base64URL.encode(Array(repeating: 7, count: 16)),
                    createdAt: Date(timeIntervalSince1970: 1_800_000_000)),
                attempts: 0)
        }
        let inside = await sender.send(delivery("https://inside.example.com/push/1"), key: key)
        #expect(inside.outcome == .rejected(status: 0))
        #expect(transport.posts.isEmpty)
        let outside = await sender.send(delivery("https://push.example.com/push/1"), key: key)
        #expect(outside.outcome == .delivered)
        #expect(transport.posts.map(\.host) == ["push.example.com"])
    }

    /// The system's resolver, on names this machine knows without a network.
    @Test func theSystemResolverKnowsLocalhost() async throws {
        let addresses = try await SystemHostResolver().addresses(of: "localhost")
        #expect(!addresses.isEmpty)
        #expect(addresses.allSatisfy { !$0.isPublic })
    }
}
