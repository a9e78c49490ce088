import BourseCore

/// Markup that escapes by default: text interpolated into it is escaped, `HTML` is inserted as is.
///
/// Write a page's markup as a string literal typed `HTML`. The literal's own characters are
/// markup (they are in the source, written by us); every value interpolated into it is text
/// and is escaped (`&`, `<`, `>`, `"`, `'`), so it is safe in element content and in
/// double-quoted attribute values, unless the value is itself `HTML`:
///
///     let cell: HTML = #"<td title="\#(listing.name)">\#(listing.name)</td>"#
///     let row: HTML = "<tr>\(cell)</tr>"    // cell is inserted as is, not escaped again
///
/// A string literal is only a literal: a `String` value (even one that holds markup) can become
/// `HTML` only by interpolation, which escapes it, or by `HTML(unsafeRaw:)`, the one unescaped
/// path, for trusted markup that is not a literal.
struct HTML: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The markup as it is sent.
    let markup: String

    /// Markup taken as it is, unescaped: only for trusted markup built without user data.
    init(unsafeRaw markup: String) {
        self.markup = markup
    }

    init(stringLiteral literal: StaticString) {
        self.markup = literal.description
    }

    init(stringInterpolation: StringInterpolation) {
        self.markup = stringInterpolation.markup
    }

    var description: String { markup }

    /// Builds the markup of a literal: its own parts as they are, the interpolated values escaped
    /// unless they are `HTML`.
    struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var markup = ""

        init(literalCapacity: Int, interpolationCount: Int) {
            markup.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: StaticString) {
            markup += literal.description
        }

        /// Markup, inserted as it is.
        mutating func appendInterpolation(_ html: HTML) {
            markup += html.markup
        }

        /// Text, escaped.
        mutating func appendInterpolation(_ text: String) {
            markup += Markup.escaped(text)
        }

        /// A value's text (a number, a `Substring`…), escaped.
        mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            markup += Markup.escaped(value.description)
        }
    }
}

extension Sequence<HTML> {
    /// The fragments one after another, with `separator` between them.
    func joined(separator: HTML = "") -> HTML {
        var markup = HTML.StringInterpolation(literalCapacity: 0, interpolationCount: 0)
        for (index, fragment) in enumerated() {
            if index > 0 { markup.appendInterpolation(separator) }
            markup.appendInterpolation(fragment)
        }
        return HTML(stringInterpolation: markup)
    }
}
