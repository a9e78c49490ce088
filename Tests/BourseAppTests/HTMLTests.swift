import Testing

@testable import BourseApp

/// `HTML`: a literal's own characters are markup, whatever is interpolated is text and escaped,
/// unless it is `HTML` itself.
@Suite("HTML")
struct HTMLTests {
    @Test(
        "each special character is escaped",
        arguments: [
            ("<", "&lt;"), (">", "&gt;"), ("&", "&amp;"), ("\"", "&quot;"), ("'", "&#39;"),
            ("plain text, – “quotes” and é", "plain text, – “quotes” and é"),
        ])
    func escapes(text: String, escaped: String) {
        let html: HTML = "<p>\(text)</p>"

        #expect(html.markup == "<p>\(escaped)</p>")
    }

    @Test func textCannotLeaveAnElementOrAnAttribute() {
        let name = #"x" onmouseover="alert('1')"><script>alert(1)</script>"#

        let html: HTML = #"<a title="\#(name)">\#(name)</a>"#

        #expect(
            html.markup == """
                <a title="x&quot; onmouseover=&quot;alert(&#39;1&#39;)&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">\
                x&quot; onmouseover=&quot;alert(&#39;1&#39;)&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</a>
                """)
    }

    @Test func theLiteralIsMarkup() {
        let html: HTML = #"<p class="lead">Fish &amp; chips<br></p>"#

        #expect(html.markup == #"<p class="lead">Fish &amp; chips<br></p>"#)
    }

    @Test func nestedHTMLIsInsertedAsItIsNotEscapedTwice() {
        let cell: HTML = "<td>\("AT&T")</td>"

        let row: HTML = "<tr>\(cell)</tr>"

        #expect(row.markup == "<tr><td>AT&amp;T</td></tr>")
    }

    @Test func aStringIsTextEvenWhenItHoldsMarkupOrEntities() {
        let markup: String = "<b>bold</b>"
        let entity: String = "&amp;"

        let html: HTML = "\(markup) \(entity)"

        #expect(html.markup == "&lt;b&gt;bold&lt;/b&gt; &amp;amp;")
    }

    @Test func numbersAndOtherValuesAreTheirEscapedText() {
        let name: Substring = "A<B"[...]

        let html: HTML = #"<p data-n="\#(42)" data-on="\#(true)">\#(name) \#(1.5)</p>"#

        #expect(html.markup == #"<p data-n="42" data-on="true">A&lt;B 1.5</p>"#)
    }

    @Test func unsafeRawIsInsertedAsItIs() {
        let trusted = HTML(unsafeRaw: "<hr>")

        let html: HTML = "<div>\(trusted)</div>"

        #expect(html.markup == "<div><hr></div>")
    }

    @Test func fragmentsJoin() {
        let items: [HTML] = ["<li>\("a&b")</li>", "<li>c</li>"]

        #expect(items.joined().markup == "<li>a&amp;b</li><li>c</li>")
        #expect(items.joined(separator: "\n").markup == "<li>a&amp;b</li>\n<li>c</li>")
        #expect([HTML]().joined().markup == "")
        #expect(["<i>x</i>"].joined(separator: "<br>") == "<i>x</i>")
    }

    @Test func aPageIsSentAsItsMarkup() {
        let page = HTMLPage(html: "<p>\("<x>")</p>")

        #expect(page.html.markup == "<p>&lt;x&gt;</p>")
        #expect(page.html.description == page.html.markup)
    }
}
