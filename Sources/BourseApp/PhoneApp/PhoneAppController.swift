import Foundation
import Hummingbird

/// What makes Bourse an app on the phone: the web app manifest (`/manifest.webmanifest`), the
/// icons (`/icons/…`, `/apple-touch-icon.png`), the service worker (`/sw.js`) and the page it
/// shows for a page never seen on the device while offline (`/offline`). The files are in
/// `PhoneApp/Public/`; the icons are drawn from `docs/icons/icon.svg` by `scripts/make-icons`.
struct PhoneAppController: FeatureController {
    /// The deploy's name (`BOURSE_DEPLOY_ID`), part of the worker's version: a new one makes every
    /// installed app take the new version at its next visit, even when no asset changed.
    var deployID: String?
    /// How long the worker waits for an API answer before it serves what it kept: longer than the
    /// server's source deadline, so that a slow or rate-limited source is never taken for no network.
    var apiTimeoutMilliseconds = PhoneAppFiles.defaultAPITimeoutMilliseconds

    init(deployID: String? = nil, sourceDeadline: Duration? = nil) {
        self.deployID = deployID
        self.apiTimeoutMilliseconds = PhoneAppFiles.apiTimeoutMilliseconds(sourceDeadline: sourceDeadline)
    }

    func addRoutes(to router: Router<AppRequestContext>) {
        let files = PhoneAppFiles.shared.deployed(as: deployID, apiTimeoutMilliseconds: apiTimeoutMilliseconds)
        router.get("manifest.webmanifest") { _, _ in
            files.response(files.manifest, type: "application/manifest+json", cache: "no-cache")
        }
        router.get("sw.js") { _, _ in
            files.response(files.serviceWorker, type: "text/javascript; charset=utf-8", cache: "no-cache")
        }
        router.get("icons/:name") { _, context in
            guard let icon = files.icons[context.parameters.get("name") ?? ""] else { throw HTTPError(.notFound) }
            return files.response(icon, type: "image/png", cache: "public, max-age=86400")
        }
        router.get("apple-touch-icon.png") { _, _ in
            files.response(files.icons["apple-touch-icon.png"]!, type: "image/png", cache: "public, max-age=86400")
        }
        router.get("offline") { _, _ in
            HTMLPage(html: OfflinePage.render())
        }
    }
}

/// The phone app's files, read from the bundle once. The worker is served as its file after one
/// line that gives it the build: a version made of every asset's (a new deploy is a new worker,
/// byte for byte) and the URLs it keeps on install, every asset of the same table the pages link
/// (`Assets.all`, found in the bundle), at its versioned URL.
struct PhoneAppFiles: Sendable {
    static let shared: PhoneAppFiles = {
        do {
            return try PhoneAppFiles(bundle: .module)
        } catch {
            fatalError("\(error)")
        }
    }()

    static let iconNames = ["icon-192.png", "icon-512.png", "apple-touch-icon.png"]
    /// The worker's wait for an API answer with the default source deadline (8 s) and 4 s more.
    static let defaultAPITimeoutMilliseconds = 12_000

    /// The source deadline and 4 s more (for the answer's own way); 12 s without a deadline.
    static func apiTimeoutMilliseconds(sourceDeadline: Duration?) -> Int {
        guard let sourceDeadline else { return defaultAPITimeoutMilliseconds }
        let (seconds, attoseconds) = sourceDeadline.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000) + 4000
    }
    /// Every file of `PhoneApp/Public/` (served here, not as `/assets/`).
    static let fileNames = ["sw.js", "manifest.webmanifest"] + iconNames

    let manifest: ByteBuffer
    private(set) var serviceWorker: ByteBuffer
    let icons: [String: ByteBuffer]
    /// What the worker keeps on install: the assets at their versioned URLs, the icons, the
    /// manifest and the offline page.
    let precache: [String]
    private(set) var version: String

    init(bundle: Bundle) throws(Assets.LoadError) {
        func read(_ file: String) throws(Assets.LoadError) -> Data {
            guard let url = bundle.url(forResource: file, withExtension: nil),
                let data = FileManager.default.contents(atPath: url.path)
            else { throw .missing(file, bundle: bundle) }
            return data
        }
        manifest = ByteBuffer(bytes: try read("manifest.webmanifest"))
        var icons: [String: ByteBuffer] = [:]
        for name in Self.iconNames { icons[name] = ByteBuffer(bytes: try read(name)) }
        self.icons = icons
        worker = try read("sw.js")
        precache =
            Assets.all.keys.sorted().map(Assets.url(for:)) + ["/icons/icon-192.png", "/icons/icon-512.png"]
            + ["/manifest.webmanifest", "/offline"]
        // The version changes with any asset, the worker's own code, the manifest or the offline page.
        let parts =
            Assets.all.keys.sorted().map { Assets.all[$0]!.version } + [
                Assets.Asset(contentType: "", body: ByteBuffer(bytes: worker)).version,
                Assets.Asset(contentType: "", body: manifest).version,
                Assets.Asset(contentType: "", body: ByteBuffer(string: OfflinePage.render().markup)).version,
            ]
        version = Assets.Asset(contentType: "", body: ByteBuffer(string: parts.joined(separator: "."))).version
        serviceWorker = Self.served(
            worker, version: version, precache: precache, apiTimeoutMilliseconds: Self.defaultAPITimeoutMilliseconds)
    }

    private let worker: Data

    /// The files for the deploy named `id` whose worker waits `apiTimeoutMilliseconds` for an API
    /// answer: both folded into the worker's version (a change makes installed apps update).
    func deployed(as id: String?, apiTimeoutMilliseconds: Int = defaultAPITimeoutMilliseconds) -> PhoneAppFiles {
        let id = id ?? ""
        guard !id.isEmpty || apiTimeoutMilliseconds != Self.defaultAPITimeoutMilliseconds else { return self }
        var files = self
        var folded = id.isEmpty ? version : version + "." + id
        if apiTimeoutMilliseconds != Self.defaultAPITimeoutMilliseconds { folded += ".api\(apiTimeoutMilliseconds)" }
        files.version = Assets.Asset(contentType: "", body: ByteBuffer(string: folded)).version
        files.serviceWorker = Self.served(
            worker, version: files.version, precache: precache, apiTimeoutMilliseconds: apiTimeoutMilliseconds)
        return files
    }

    /// The worker as served: one line with the build, then its file.
    private static func served(
        _ worker: Data, version: String, precache: [String], apiTimeoutMilliseconds: Int
    ) -> ByteBuffer {
        let urls = precache.map { "\"\($0)\"" }.joined(separator: ",")
        let build = #"{"version":"\#(version)","precache":[\#(urls)],"apiTimeoutMs":\#(apiTimeoutMilliseconds)}"#
        var served = ByteBuffer(string: "self.BOURSE_BUILD = \(build);\n")
        served.writeBytes(worker)
        return served
    }

    func response(_ body: ByteBuffer, type: String, cache: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: cache, .xContentTypeOptions: "nosniff"],
            body: .init(byteBuffer: body))
    }
}

/// `/offline`: what the worker shows for a page this device has never opened, with no network.
enum OfflinePage {
    static func render() -> HTML {
        let content: HTML = """
            <h1>You are offline</h1>
            <p class="notice" role="status">This page has not been opened on this device yet, so there is \
            nothing saved to show. The pages you have opened work offline: \
            <a href="/">My stocks</a>, <a href="/markets">Markets</a>, <a href="/exchange">Exchange</a>, \
            <a href="/gnb">GNB</a>.</p>
            """
        return PageLayout(title: "Offline", section: .myStocks, content: content).render()
    }
}
