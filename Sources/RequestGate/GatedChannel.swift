import HummingbirdCore
import Logging
import Metrics
import NIOCore
import NIOHTTP1

/// A server child channel with a `RequestGate` right after the HTTP/1 decoder of the channel
/// it wraps (Hummingbird's HTTP/1 with WebSocket upgrade) and its `BareLineFeedWatch` right
/// before it, counted in `openConnections` from set-up to close.
public struct GatedChannel<Base: ServerChildChannel>: ServerChildChannel {
    public typealias Value = Base.Value

    let base: Base
    let rules: RequestRules
    let timing: RequestGate.Timing
    let tls: Bool
    let openConnections: Meter?

    /// `base` behind the gate: requests must name one of `hosts`; a connection idle for
    /// `idleTimeout`, or a head not read within `headTimeout`, is answered and closed.
    public init(
        base: Base, hosts: HostAllowlist, idleTimeout: Duration, headTimeout: Duration, tls: Bool,
        openConnections: Meter?
    ) {
        self.base = base
        rules = RequestRules(hosts: hosts)
        timing = RequestGate.Timing(idle: TimeAmount(idleTimeout), head: TimeAmount(headTimeout), headLimit: headTimeout)
        self.tls = tls
        self.openConnections = openConnections
    }

    public func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        if let openConnections {
            openConnections.increment()
            channel.closeFuture.whenComplete { _ in openConnections.decrement() }
        }
        return base.setup(channel: channel, logger: logger).flatMapThrowing { [rules, timing, tls] value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            let watch = BareLineFeedWatch()
            try pipeline.addHandler(watch, position: .before(decoder))
            try pipeline.addHandler(
                RequestGate(rules: rules, timing: timing, tls: tls, lineEnds: watch), position: .after(decoder))
            return value
        }
    }

    public func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
