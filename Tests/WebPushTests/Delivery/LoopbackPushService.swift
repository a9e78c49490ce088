import BourseCore
import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import StandIns
import Synchronization
import WebPush

/// A push service on 127.0.0.1 (RFC 8030's receiving side) for the delivery tests: it answers
/// each POST to `/push/<token>` with the next scripted status (201 when none is left), records
/// what it got, and makes subscriptions whose messages it can decrypt.
final class LoopbackPushService: Sendable {
    struct Answer: Sendable {
        var status: Int
        var retryAfter: String?
    }

    struct Received: Sendable {
        let token: String
        let headers: [String: String]
        let body: [UInt8]
        let answeredWith: Int
    }

    /// A device: its private key and auth secret, and the subscription the app stores.
    struct Device: Sendable {
        let token: String
        let privateKey: [UInt8]
        let authSecret: [UInt8]
        let subscriber: PushSubscriber

        /// The payload of `message`, decrypted with this device's keys.
        func decrypt(_ message: Received) throws -> [UInt8] {
            try PushDecryption.decrypt(
                body: message.body, userAgentPrivateKey: P256.KeyAgreement.PrivateKey(rawRepresentation: privateKey),
                authSecret: authSecret)
        }
    }

    let origin: String
    private let state: Mutex<(script: [String: [Answer]], received: [Received])>
    private let server: Task<Void, any Error>

    private init(origin: String, server: Task<Void, any Error>) {
        self.origin = origin
        self.state = Mutex((script: [:], received: []))
        self.server = server
    }

    static func start() async throws -> LoopbackPushService {
        let box = StateBox()
        var logger = Logger(label: "loopback-push")
        logger.logLevel = .critical
        let (port, server) = try await LoopbackServer.start { onRunning in
            Application(
                responder: Responder(box: box), configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) }, logger: logger)
        }
        let service = LoopbackPushService(origin: "http://127.0.0.1:\(port)", server: server)
        box.service.withLock { $0 = service }
        return service
    }

    /// Stops the server gracefully (`LoopbackServer`) and waits until it has.
    func stop() async {
        server.cancel()
        _ = await server.result
    }

    /// A new device subscribed at this service.
    func device(_ token: String = UUID().uuidString) -> Device {
        let key = P256.KeyAgreement.PrivateKey()
        let secret = (0..<16).map { _ in UInt8.random(in: 0...255) }
        return Device(
            token: token, privateKey: [UInt8](key.rawRepresentation), authSecret: secret,
            subscriber: PushSubscriber(
                endpoint: "\(origin)/push/\(token)", p256dh: Base64URL.encode(key.publicKey.x963Representation),
                auth: Base64URL.encode(secret), createdAt: Date()))
    }

    /// The next messages to `token` are answered with `answers`, in order.
    func script(_ token: String, _ answers: Answer...) {
        state.withLock { $0.script[token, default: []] += answers }
    }

    func received(_ token: String) -> [Received] {
        state.withLock { $0.received.filter { $0.token == token } }
    }

    /// Waits (up to `seconds`) until `count` messages to `token` came.
    func waitFor(_ token: String, count: Int, seconds: Double = 10) async throws -> [Received] {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            let got = received(token)
            if got.count >= count { return got }
            try await Task.sleep(for: .milliseconds(10))
        }
        return received(token)
    }

    fileprivate func take(_ token: String, headers: [String: String], body: [UInt8]) -> Answer {
        state.withLock { state in
            var queue = state.script[token] ?? []
            let answer = queue.isEmpty ? Answer(status: 201) : queue.removeFirst()
            state.script[token] = queue
            state.received.append(Received(token: token, headers: headers, body: body, answeredWith: answer.status))
            return answer
        }
    }

    private final class StateBox: Sendable {
        let service = Mutex<LoopbackPushService?>(nil)
    }

    private struct Responder: HTTPResponder {
        typealias Context = BasicRequestContext
        let box: StateBox

        func respond(to request: Request, context: Context) async throws -> Response {
            let path = request.uri.path
            guard request.method == .post, path.hasPrefix("/push/"), let service = box.service.withLock({ $0 }) else {
                return Response(status: .notFound)
            }
            let body = try await request.body.collect(upTo: 8192)
            var headers: [String: String] = [:]  // by lower-case name
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let answer = service.take(String(path.dropFirst("/push/".count)), headers: headers, body: Array(buffer: body))
            var fields = HTTPFields()
            if let retryAfter = answer.retryAfter { fields[.retryAfter] = retryAfter }
            return Response(status: .init(code: answer.status), headers: fields)
        }
    }
}
