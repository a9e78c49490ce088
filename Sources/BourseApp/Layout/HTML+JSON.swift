import BourseCore

extension HTML {
    /// `value` as a JSON data block for the page's scripts, `<script type="application/json"
    /// id="…">…</script>`, read with `JSON.parse(element.textContent)`.
    ///
    /// A script element's text is not HTML-escaped (an entity would reach `JSON.parse` as it is), so
    /// the JSON is made safe in its own syntax instead: `<`, `>` and `&`, which only a string in it
    /// can hold, are written as `\u003c`, `\u003e` and `\u0026`, and no text can close the element
    /// (`</script>`) or open a comment. A data block is never run, so the page's content security
    /// policy (scripts from the app's own files only) does not refuse it.
    static func jsonScript(id: String, _ value: some Encodable) -> HTML {
        let json: String
        do {
            json = try APIJSON.text(value)
        } catch {
            // Only a value the app itself builds comes here: one that cannot be JSON is a bug.
            preconditionFailure("\(type(of: value)) cannot be written as JSON: \(error)")
        }
        var safe = ""
        safe.unicodeScalars.reserveCapacity(json.unicodeScalars.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": safe += "\\u003c"
            case ">": safe += "\\u003e"
            case "&": safe += "\\u0026"
            default: safe.unicodeScalars.append(scalar)
            }
        }
        return #"<script type="application/json" id="\#(id)">\#(HTML(unsafeRaw: safe))</script>"#
    }
}
