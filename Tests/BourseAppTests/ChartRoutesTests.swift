import BourseCore
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import BourseApp

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `/stocks/{symbol}/chart.svg` end to end: router -> service -> Polygon client -> HTTP ->
/// simulated market, and the SVG read back by an XML parser.
@Suite("Chart route over the real stack")
struct ChartRoutesTests {
    /// The elements of an SVG document, in order, with their attributes; nil if it is not XML.
    final class Elements: NSObject, XMLParserDelegate {
        var names: [String] = []
        var attributes: [[String: String]] = []
        var text = ""

        static func parse(_ svg: String) -> Elements? {
            let elements = Elements()
            let parser = XMLParser(data: Data(svg.utf8))
            parser.delegate = elements
            return parser.parse() ? elements : nil
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String]
        ) {
            names.append(name)
            self.attributes.append(attributes)
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    }

    @Test("a valid SVG for every range and both styles", arguments: ChartRange.allCases)
    func everyRangeAndStyle(range: ChartRange) async throws {
        let live = try await LiveMarket.start()
        try await Application(router: live.router).test(.router) { client in
            for style in ChartStyle.allCases {
                let uri = "/stocks/msft/chart.svg?range=\(range.rawValue)&style=\(style.rawValue)&width=640&height=300"
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "image/svg+xml; charset=utf-8")
                    #expect(response.headers[.xContentTypeOptions] == "nosniff")
                    let svg = String(buffer: response.body)
                    let elements = try #require(Elements.parse(svg), "not XML: \(svg.prefix(300))")
                    let root = try #require(elements.attributes.first)
                    #expect(elements.names.first == "svg")
                    #expect(root["viewBox"] == "0 0 640 300")
                    #expect(root["width"] == "100%")
                    #expect(root["data-symbol"] == "MSFT" && root["data-range"] == range.rawValue)
                    #expect(root["aria-label"]?.hasPrefix("MSFT, \(range.rawValue), ") == true)
                    #expect(elements.names.contains("title"))
                    #expect(!elements.names.contains("script") && !elements.names.contains("style"))
                    let bars = try #require(root["data-bars"]).split(separator: ";")
                    #expect(bars.count > (range == .oneDay ? 70 : 15))
                    #expect(bars.allSatisfy { $0.split(separator: "|").count == 8 })
                    let xs = bars.compactMap { Double($0.split(separator: "|")[7]) }
                    #expect(xs.count == bars.count && zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 })
                    switch style {
                    case .line: #expect(elements.names.contains("polyline"))
                    case .candles: #expect(elements.attributes.contains { $0["class"]?.hasPrefix("chart-candles") == true })
                    }
                    let hasPreviousClose = elements.attributes.contains { $0["class"] == "chart-previous-close" }
                    #expect(hasPreviousClose == (range == .oneDay))
                    // Each time label says what it stands for, for the page to write it in its reader's style.
                    let units = Set(elements.attributes.compactMap { $0["data-unit"] })
                    let expectedUnits: Set<String> =
                        switch range {
                        case .oneDay: ["hour"]
                        case .fiveDays, .oneMonth: ["day"]
                        case .threeMonths: ["month"]
                        case .oneYear: ["month", "year"]
                        }
                    #expect(units == expectedUnits)
                    #expect(elements.attributes.allSatisfy { $0["data-unit"] == nil || $0["data-at"] != nil })
                    let label = range == .oneDay ? ">10:00<" : (range == .oneYear ? ">2026<" : ">Nov ")
                    #expect(svg.contains(label) || (range == .threeMonths && svg.contains(">Nov<")))
                }
            }
        }
    }

    @Test func theDefaultIsAOneDayLineWithFridaysPreviousClose() async throws {
        let live = try await LiveMarket.start()
        let thursday = try #require(live.market.dailyBar("MSFT", on: MarketDate(iso: "2026-11-19")!, now: live.now.date))
        try await Application(router: live.router).test(.router) { client in
            try await client.execute(uri: "/stocks/MSFT/chart.svg", method: .get) { response in
                #expect(response.status == .ok)
                let svg = String(buffer: response.body)
                #expect(svg.contains(#"viewBox="0 0 800 320""#))
                #expect(svg.contains("<polyline"))
                #expect(svg.contains("Previous close \(thursday.close.description)<"))
                #expect(svg.contains("2026-11-20T14:30:00Z|"))
            }
        }
    }

    @Test func aSessionInProgressIsDrawnAcrossTheWholeDay() async throws {
        // Tuesday 2026-11-24, 10:35 New York time: the paid tier's 1D is today's first hour.
        let live = try await LiveMarket.start(
            at: NewYorkTime.date(of: MarketDate(iso: "2026-11-24")!, hour: 10, minute: 35), snapshots: true)
        try await Application(router: live.router).test(.router) { client in
            try await client.execute(uri: "/stocks/MSFT/chart.svg?width=780&height=300", method: .get) { response in
                #expect(response.status == .ok)
                let svg = String(buffer: response.body)
                let root = try #require(Elements.parse(svg)?.attributes.first)
                let bars = try #require(root["data-bars"]).split(separator: ";")
                #expect(bars.first?.hasPrefix("2026-11-24T14:30:00Z|") == true)
                #expect((12...14).contains(bars.count), "\(bars.count) bars")
                let plot = try #require(root["data-plot"]).split(separator: " ").compactMap { Double($0) }
                let lastX = try #require(bars.last.flatMap { Double($0.split(separator: "|")[7]) })
                // About an hour of six and a half: the line ends in the first fifth of the plot.
                #expect(lastX < plot[0] + plot[2] * 0.2, "last bar at \(lastX) of \(plot)")
                for hour in ["10:00", "11:00", "12:00", "13:00", "14:00", "15:00"] {
                    #expect(svg.contains(">\(hour)<"), "no \(hour) label")
                }
            }
        }
    }

    @Test(
        "bad parameters are a 400 with a message",
        arguments: [
            ("/stocks/MSFT/chart.svg?range=2W", "range must be one of 1D, 5D, 1M, 3M, 1Y"),
            ("/stocks/MSFT/chart.svg?style=bars", "style must be line or candles"),
            ("/stocks/MSFT/chart.svg?width=10", "width must be a whole number from 200 to 4000"),
            ("/stocks/MSFT/chart.svg?height=abc", "height must be a whole number from 120 to 2000"),
            ("/stocks/%3Cscript%3E/chart.svg", "is not a ticker symbol"),
        ])
    func badParameters(uri: String, message: String) async throws {
        try await BadRequestTests.app().test(.router) { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .badRequest)
                let body = try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: String]
                #expect(body?["error"]?.contains(message) == true, "\(String(describing: body))")
            }
        }
    }

    @Test func anUnknownSymbolIsA404() async throws {
        let live = try await LiveMarket.start()
        try await Application(router: live.router).test(.router) { client in
            try await client.execute(uri: "/stocks/ZZZZZZ/chart.svg?range=1M", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body).contains("unknown symbol ZZZZZZ"))
            }
        }
    }

    @Test func withTheSourceDownAndNothingSavedItIsA503() async throws {
        let live = try await LiveMarket.start()
        await live.stopSource()
        try await Application(router: live.router).test(.router) { client in
            try await client.execute(uri: "/stocks/MSFT/chart.svg?range=1Y", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(String(buffer: response.body).contains("unavailable"))
            }
        }
    }
}
