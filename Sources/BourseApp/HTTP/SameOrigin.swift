import RequestGate

/// The one origin a browser page of this server has: the scheme it was served over and the
/// `Host` it was asked for. A request that a page sends with an `Origin` must name exactly that.
public enum SameOrigin {
    /// Whether a request carrying `origin` (its `Origin` header; nil when it has none) comes from
    /// this server's own page, reached at `host` (its `Host` header) over https when `secure`.
    ///
    /// No `Origin` passes: browsers always send one with a WebSocket handshake, so a client
    /// without one is no web page. Otherwise the origin must be `http://` or `https://` (the
    /// page's scheme, in lowercase, as browsers write it), then exactly a host and an optional
    /// port, equal to the page's with the default port (80 or 443) made explicit on both sides:
    /// `null`, `file://`, extensions' schemes, `ws://`, a path, userinfo or anything after the
    /// port are refused.
    public static func allows(origin: String?, host: String?, secure: Bool) -> Bool {
        guard let origin else { return true }
        let scheme = secure ? "https" : "http"
        let prefix = scheme + "://"
        guard origin.hasPrefix(prefix), let claimed = HostAndPort(String(origin.dropFirst(prefix.count))),
            let host, let page = HostAndPort(host)
        else { return false }
        let defaultPort = secure ? 443 : 80
        return claimed.host == page.host && (claimed.port ?? defaultPort) == (page.port ?? defaultPort)
    }
}
