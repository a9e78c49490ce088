import ArgumentParser
import Bootstrap

/// `serve`'s options for being reached over a network: the names it answers to, the proxies
/// it believes, HTTPS, and how long a connection may wait.
struct NetworkArguments: ParsableArguments {
    @Option(
        name: .customLong("allowed-host"),
        help: "A host name the app answers to besides its address and localhost (repeatable; also BOURSE_ALLOWED_HOSTS).")
    var allowedHosts: [String] = []
    @Option(
        name: .customLong("trusted-proxy"),
        help: "A reverse proxy's IP address whose X-Forwarded-For/-Proto are believed (repeatable; also BOURSE_TRUSTED_PROXIES)."
    )
    var trustedProxies: [String] = []
    @Option(name: .customLong("tls-cert"), help: "Serve HTTPS with this PEM certificate (chain); needs --tls-key.")
    var tlsCertificate: String?
    @Option(name: .customLong("tls-key"), help: "The PEM private key of --tls-cert.")
    var tlsKey: String?
    @Option(help: "Seconds a connection may sit with no request before it is closed.")
    var idleTimeout = 30
    @Option(help: "Seconds a request's head may take to arrive once begun (then 408).")
    var headTimeout = 10

    func validate() throws {
        guard (tlsCertificate == nil) == (tlsKey == nil) else {
            throw ValidationError("--tls-cert and --tls-key go together: give both (HTTPS) or neither (HTTP)")
        }
        guard (1...3600).contains(idleTimeout) else { throw ValidationError("--idle-timeout must be from 1 to 3600 seconds") }
        guard (1...600).contains(headTimeout) else { throw ValidationError("--head-timeout must be from 1 to 600 seconds") }
    }

    var options: NetworkOptions {
        NetworkOptions(
            allowedHosts: allowedHosts, trustedProxies: trustedProxies,
            tls: tlsCertificate.flatMap { certificate in tlsKey.map { (certificate, $0) } },
            idleTimeout: idleTimeout, headTimeout: headTimeout)
    }
}
