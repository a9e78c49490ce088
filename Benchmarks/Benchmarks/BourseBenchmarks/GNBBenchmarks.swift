import Benchmark
import BourseCore
import BundledData
import Foundation
import FoundationXML

/// GNB at scale: converting and totalling a million transactions, and parsing a million from
/// JSON and from XML, each against the usual Foundation way, measured in the same run.
enum GNBBenchmarks {
    static let count = 1_000_000

    /// The 2020 set's rates (AUD reaches EUR only through USD) and a million transactions of its
    /// shape: its 16 SKUs, its four currencies, amounts from 15.0 to 34.9 with one decimal.
    static let rates: [Rate] = try! GNBParser.rates(
        try! BundledData.gnbFile("gnb/herokuapp-dump-2020/rates_api_shape.json"), format: .json)
    static let transactions: [Transaction] = {
        let real = try! GNBParser.transactions(
            try! BundledData.gnbFile("gnb/herokuapp-dump-2020/transactions_api_shape.json"), format: .json)
        let skus = Array(Set(real.map(\.sku))).sorted()
        let currencies = ["CAD", "USD", "EUR", "AUD"].map { CurrencyCode($0)! }
        var state: UInt64 = 42
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let tenths = 150 + Int((state >> 33) % 200)
            return Transaction(
                sku: skus[Int((state >> 20) % UInt64(skus.count))],
                amount: ExactDecimal(significand: Int128(tenths), scale: 1),
                currency: currencies[Int((state >> 10) % 4)])
        }
    }()

    /// Per-SKU totals with Foundation's `Decimal`: the same paths, each hop rounded half-even.
    static func foundationTotals() -> [String: Decimal] {
        let table = RateGraph(rates: rates).table(to: .eur)
        var paths: [CurrencyCode: [(rate: Decimal, inverted: Bool)]] = [:]
        for currency in Set(transactions.map(\.currency)) {
            paths[currency] = table.path(from: currency)!.hops.map { (Decimal(string: $0.rate.description)!, $0.inverted) }
        }
        let amounts = transactions.map { Decimal(string: $0.amount.description)! }
        var totals: [String: Decimal] = [:]
        for (index, transaction) in transactions.enumerated() {
            var value = amounts[index]
            let hops = paths[transaction.currency]!
            if hops.isEmpty {
                var rounded = Decimal()
                NSDecimalRound(&rounded, &value, 2, .bankers)
                value = rounded
            }
            for hop in hops {
                var rate = hop.rate
                var result = Decimal()
                if hop.inverted {
                    NSDecimalDivide(&result, &value, &rate, .plain)
                } else {
                    NSDecimalMultiply(&result, &value, &rate, .plain)
                }
                NSDecimalRound(&value, &result, 2, .bankers)
            }
            totals[transaction.sku, default: 0] += value
        }
        return totals
    }

    static func bourseTotals() -> [String: ExactDecimal] {
        let ledger = Ledger(transactions: transactions, rates: rates)
        return Dictionary(uniqueKeysWithValues: ledger.products.map { ($0.sku, $0.total!) })
    }

    /// The documents the parse benchmarks read, in the service's own shape.
    static let json: [UInt8] = Array(
        ("["
            + transactions.map { #"{"sku":"\#($0.sku)","amount":"\#($0.amount)","currency":"\#($0.currency)"}"# }
            .joined(separator: ",") + "]").utf8)
    /// XML as ten documents of 100,000 transactions: Foundation's XMLParser (libxml2 without its
    /// "huge" option) refuses a single 70 MB document, so both sides read the same ten.
    static let xmlDocuments: [[UInt8]] = stride(from: 0, to: count, by: count / 10).map { start in
        Array(
            ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<transactions>\n"
                + transactions[start..<start + count / 10]
                .map { #" <transaction sku="\#($0.sku)" amount="\#($0.amount)" currency="\#($0.currency)"/>"# }
                .joined(separator: "\n") + "\n</transactions>\n").utf8)
    }

    static func bourseParseXML() -> Int {
        xmlDocuments.reduce(0) { $0 + (try! GNBParser.transactions($1, format: .xml)).count }
    }

    struct FoundationTransaction: Decodable {
        let sku: String
        let amount: String
        let currency: String
    }

    /// JSONDecoder, then `Decimal(string:)` per amount: the usual Foundation way.
    static func foundationParseJSON() -> Int {
        let decoded = try! JSONDecoder().decode([FoundationTransaction].self, from: Data(json))
        return decoded.reduce(0) { count, t in count + (Decimal(string: t.amount) == nil ? 0 : 1) }
    }

    /// XMLParser collecting attributes, then `Decimal(string:)` per amount.
    final class XMLCollector: NSObject, XMLParserDelegate {
        var count = 0
        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if elementName == "transaction", let amount = attributes["amount"], Decimal(string: amount) != nil,
                attributes["sku"] != nil, attributes["currency"] != nil
            {
                count += 1
            }
        }
    }

    static func foundationParseXML() -> Int {
        xmlDocuments.reduce(0) { count, document in
            let parser = XMLParser(data: Data(document))
            let collector = XMLCollector()
            parser.delegate = collector
            precondition(parser.parse(), "XMLParser: \(String(describing: parser.parserError))")
            return count + collector.count
        }
    }

    static func register() {
        let ours = bourseTotals(), theirs = foundationTotals()
        precondition(ours.count == theirs.count)
        for (sku, total) in ours {
            precondition(ExactDecimal("\(theirs[sku]!)") == total, "\(sku): \(total) vs \(theirs[sku]!)")
        }
        precondition(try! GNBParser.transactions(json, format: .json).count == count)
        precondition(bourseParseXML() == count)
        precondition(foundationParseJSON() == count && foundationParseXML() == count)

        let configuration = Benchmark.Configuration(
            metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(30), maxIterations: 8)
        Benchmark("GNB convert+total 1M transactions (bourse)", configuration: configuration) { _ in
            blackHole(bourseTotals())
        }
        Benchmark("GNB convert+total 1M transactions (baseline)", configuration: configuration) { _ in
            blackHole(foundationTotals())
        }
        Benchmark("GNB parse 1M transactions JSON (bourse)", configuration: configuration) { _ in
            blackHole(try! GNBParser.transactions(json, format: .json))
        }
        Benchmark("GNB parse 1M transactions JSON (baseline)", configuration: configuration) { _ in
            blackHole(foundationParseJSON())
        }
        Benchmark("GNB parse 1M transactions XML (bourse)", configuration: configuration) { _ in
            blackHole(bourseParseXML())
        }
        Benchmark("GNB parse 1M transactions XML (baseline)", configuration: configuration) { _ in
            blackHole(foundationParseXML())
        }
    }
}
