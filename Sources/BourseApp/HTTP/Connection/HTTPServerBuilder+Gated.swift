import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import HummingbirdWebSocket
import NIOCore
import RequestGate

extension HTTPServerBuilder {
    /// The app's server: HTTP/1.1 with the WebSocket upgrade on `router`, every connection
    /// behind a `RequestGate`, Hummingbird's idle timeout, and HTTPS when `network` has a
    /// certificate. Open connections are counted in `metrics` when it is given.
    static func gated(
        webSocketRouter router: Router<AppRequestContext>, network: NetworkSettings, metrics: AppMetrics?
    ) throws -> HTTPServerBuilder {
        let webSocketResponder = router.buildResponder()
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(
                idleTimeout: TimeAmount(network.idleTimeout),
                httpDecoderConfiguration: .init(
                    maxHeaderFieldSize: RequestRules.maxHeadBytes, maxHeaderListSize: RequestRules.maxHeadBytes)))
        let hosts = HostAllowlist(boundHost: network.host, allowedHosts: network.allowedHosts)
        let (idleTimeout, headTimeout) = (network.idleTimeout, network.requestHeadTimeout)
        let tls = network.tls
        let openConnections = metrics?.openConnections
        let gated = HTTPServerBuilder { responder in
            GatedChannel(
                base: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder, configuration: configuration),
                hosts: hosts, idleTimeout: idleTimeout, headTimeout: headTimeout, tls: tls,
                openConnections: openConnections)
        }
        guard let tlsConfiguration = network.tlsConfiguration else { return gated }
        return try .tls(gated, tlsConfiguration: tlsConfiguration)
    }
}
