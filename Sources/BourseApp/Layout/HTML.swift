import BourseCore

/// Escaping for text placed into HTML, so a company name can never become markup.
enum HTML {
    static func escape(_ text: String) -> String { Markup.escaped(text) }
}
