import BourseCore
import Testing

@testable import StandIns

@Suite("Content negotiation")
struct ContentNegotiationTests {
    @Test(
        "chooses by Accept",
        arguments: [
            (nil, GNBFormat.json), ("", .json), ("application/json", .json), ("application/xml", .xml), ("text/xml", .xml),
            ("*/*", .json), ("application/*", .json), ("application/json;q=0.5, application/xml", .xml),
            ("application/xml;q=0.9, application/json;q=0.8", .xml), ("application/xml;q=0, */*", .json),
            ("text/html, application/xml;q=0.1", .xml), ("APPLICATION/XML", .xml), ("application/xml; charset=utf-8", .xml),
        ] as [(String?, GNBFormat)])
    func chooses(accept: String?, expected: GNBFormat) {
        #expect(ContentNegotiation.choose(accept: accept, offers: [.json, .xml]) == expected)
    }

    @Test(
        "nothing acceptable",
        arguments: [
            "text/html", "image/png, text/plain", "application/json;q=0, application/xml;q=0", "garbage", "*/*;q=0",
            "application/json;q=2",
        ])
    func notAcceptable(accept: String) {
        #expect(ContentNegotiation.choose(accept: accept, offers: [.json, .xml]) == nil)
    }
}
