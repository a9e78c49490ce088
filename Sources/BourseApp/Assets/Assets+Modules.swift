import Foundation
import Hummingbird

extension Assets {
    /// The scripts as ES modules: each imports others by a relative URL of this folder
    /// (`import { el } from "./bourse.js";`, `export … from "./x.js";`), and is served with those URLs
    /// made versioned (`"./bourse.js?v=1a2b…"`), so that a changed file is a new URL for every page
    /// and every module that imports it, with no import map (which, inline, the content security
    /// policy would refuse). A module's version is the hash of what is served, its imports' versions
    /// included, so a change anywhere below it changes its URL too; that needs the imports to form
    /// no circle. Only the quoted URL changes, so a browser's line numbers are the file's.
    enum Modules {
        struct Script {
            let body: ByteBuffer
            /// The names it imports, in the order they appear.
            let imports: [String]
        }

        /// Where a script names another: the index of the URL's closing quote, and the name.
        struct Specifier {
            let end: String.Index
            let name: String
        }

        /// Every `from "./name.js"` and `import "./name.js"` in `text`.
        static func specifiers(in text: String) -> [Specifier] {
            var found: [Specifier] = []
            for marker in [#"from "./"#, #"import "./"#] {
                var searchFrom = text.startIndex
                while let hit = text.range(of: marker, range: searchFrom..<text.endIndex) {
                    guard let close = text[hit.upperBound...].firstIndex(of: "\"") else { break }
                    found.append(Specifier(end: close, name: String(text[hit.upperBound..<close])))
                    searchFrom = close
                }
            }
            return found.sorted { $0.end < $1.end }
        }

        /// The scripts `sources` (by name) as served: their imports versioned, each versioned after
        /// the ones it imports.
        static func versioned(_ sources: [String: Data]) throws(LoadError) -> [String: Script] {
            let texts = sources.mapValues { String(decoding: $0, as: UTF8.self) }
            var done: [String: (script: Script, version: String)] = [:]
            var visiting: [String] = []

            func visit(_ name: String) throws(LoadError) {
                if done[name] != nil { return }
                if let start = visiting.firstIndex(of: name) {
                    let circle = (visiting[start...] + [name]).joined(separator: " → ")
                    throw LoadError(
                        code: .importCycle, file: name,
                        description: "The scripts import one another in a circle (\(circle)); a module's URL "
                            + "is versioned by the modules it imports, so move what both need into a module of its own.")
                }
                let text = texts[name]!
                let specifiers = specifiers(in: text)
                visiting.append(name)
                for specifier in specifiers {
                    guard texts[specifier.name] != nil else {
                        throw LoadError(
                            code: .unknownImport, file: name,
                            description: "The script \(name) imports \"./\(specifier.name)\", which is not a script "
                                + "in a Public/ folder under Sources/BourseApp; import another by its file name, "
                                + "as \"./bourse.js\".")
                    }
                    try visit(specifier.name)
                }
                visiting.removeLast()
                var served = ""
                var copied = text.startIndex
                for specifier in specifiers {
                    served += text[copied..<specifier.end]
                    served += "?v=" + done[specifier.name]!.version
                    copied = specifier.end
                }
                served += text[copied...]
                let body = ByteBuffer(string: served)
                var imports: [String] = []
                for specifier in specifiers where !imports.contains(specifier.name) { imports.append(specifier.name) }
                done[name] = (Script(body: body, imports: imports), Asset(contentType: "", body: body).version)
            }

            for name in texts.keys.sorted() { try visit(name) }
            return done.mapValues(\.script)
        }
    }
}
