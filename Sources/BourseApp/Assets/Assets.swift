import Foundation
import Hummingbird

/// The pages' scripts and stylesheets, served under `/assets/` from memory.
///
/// They are the `.js` and `.css` files in each feature's `Public/` folder (`Layout/Public/bourse.js`,
/// `Exchange/Public/exchange.css`, …), resources of this target (Package.swift), found in
/// `Bundle.module` by their extension and read once, when the router is built. There is no list to
/// keep: a file added to a `Public/` folder is served under its name. Scripts are ES modules that
/// import one another by relative URL (`import { el } from "./bourse.js"`); each is served as its
/// file with those URLs versioned (`Assets+Modules.swift`). What each file holds is said in
/// docs/web-pages.md.
enum Assets {
    /// Files of the `Public/` folders that are served elsewhere: the service worker at `/sw.js`.
    static let servedElsewhere: Set<String> = ["sw.js"]
    /// The files every page links (`PageLayout`): without them no page works, so their absence stops
    /// the app at start-up.
    static let everyPage = ["layout.css", "search-box.css", "bourse.js", "search-box.js"]

    /// The content type of each kind of asset, by file extension.
    static let contentTypes = ["js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8"]

    /// One file served under `/assets/`.
    struct Asset: Sendable {
        let contentType: String
        let body: ByteBuffer
        /// A short hash of the body: pages link `?v=<version>`, so a changed file is a new URL.
        let version: String
        /// The scripts this one imports, by name (empty for a stylesheet).
        var imports: [String] = []

        init(contentType: String, body: ByteBuffer, imports: [String] = []) {
            self.contentType = contentType
            self.body = body
            self.version = Self.fnv1a(body.readableBytesView)
            self.imports = imports
        }

        private static func fnv1a(_ bytes: some Sequence<UInt8>) -> String {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            return String(hash, radix: 16)
        }
    }

    /// The assets could not be read into the table: a file is missing, or a script imports one
    /// that is not there or imports in a circle.
    struct LoadError: Error, CustomStringConvertible {
        enum Code: Sendable { case missingFile, unknownImport, importCycle }
        let code: Code
        /// The file at fault.
        let file: String
        let description: String

        static func missing(_ file: String, bundle: Bundle) -> LoadError {
            LoadError(
                code: .missingFile, file: file,
                description: "The asset file \(file) is not in the app's resource bundle (\(bundle.bundlePath)). Every "
                    + "script and stylesheet lives in a Public/ folder under Sources/BourseApp, declared in Package.swift's "
                    + "BourseApp resources; rebuild with `swift build`, and ship the bourse_BourseApp.resources folder "
                    + "next to the binary.")
        }
    }

    /// Every asset, by the name pages link. Read once, on first use: `AssetsController.addRoutes(to:)` makes that the start-up.
    static let all: [String: Asset] = {
        do {
            return try load(from: .module)
        } catch {
            fatalError("\(error)")
        }
    }()

    /// The names of the `.js` and `.css` files at the top of `bundle` (where `.process` puts every
    /// `Public/` file), but for those served elsewhere.
    static func files(in bundle: Bundle) -> [String] {
        guard let folder = bundle.resourceURL,
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return [] }
        return names.filter { name in
            guard let dot = name.lastIndex(of: ".") else { return false }
            return contentTypes[String(name[name.index(after: dot)...])] != nil && !servedElsewhere.contains(name)
        }.sorted()
    }

    /// The assets, read from the files in `bundle`.
    static func load(from bundle: Bundle) throws(LoadError) -> [String: Asset] {
        var sources: [String: Data] = [:]
        for name in files(in: bundle) {
            guard let url = bundle.url(forResource: name, withExtension: nil),
                let data = FileManager.default.contents(atPath: url.path)
            else { throw .missing(name, bundle: bundle) }
            sources[name] = data
        }
        for name in everyPage where sources[name] == nil {
            throw .missing(name, bundle: bundle)
        }
        var assets: [String: Asset] = [:]
        for (name, data) in sources where name.hasSuffix(".css") {
            assets[name] = Asset(contentType: contentTypes["css"]!, body: ByteBuffer(bytes: data))
        }
        let scripts = sources.filter { $0.key.hasSuffix(".js") }
        for (name, script) in try Modules.versioned(scripts) {
            assets[name] = Asset(contentType: contentTypes["js"]!, body: script.body, imports: script.imports)
        }
        return assets
    }

    /// The versioned URL of an asset, for a page to link.
    static func url(for name: String) -> String {
        guard let asset = all[name] else { return "/assets/\(name)" }
        return "/assets/\(name)?v=\(asset.version)"
    }

    /// The scripts `names` import, directly or through others, each once, in no set order but a
    /// stable one; `names` themselves excluded.
    static func imports(of names: [String]) -> [String] {
        var seen = Set(names)
        var found: [String] = []
        var queue = names
        while !queue.isEmpty {
            let name = queue.removeFirst()
            for imported in all[name]?.imports ?? [] where seen.insert(imported).inserted {
                found.append(imported)
                queue.append(imported)
            }
        }
        return found
    }

    /// The answer for `/assets/{name}`: cached for a year when asked for by its current
    /// versioned URL, otherwise revalidated each time.
    static func response(name: String, request: Request) throws -> Response {
        guard let asset = all[name] else {
            throw HTTPError(.notFound)
        }
        let versioned = request.uri.queryParameters.get("v") == asset.version
        let headers: HTTPFields = [
            .contentType: asset.contentType,
            .cacheControl: versioned ? "public, max-age=31536000, immutable" : "no-cache",
        ]
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: asset.body))
    }
}
