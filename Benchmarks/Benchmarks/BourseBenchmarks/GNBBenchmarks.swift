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

    /// Each document's transactions (both XML sides keep the ten arrays apart, not joining them).
    static func bourseParseXML() -> [[Transaction]] {
        xmlDocuments.map { try! GNBParser.transactions($0, format: .xml) }
    }

    /// A transaction as the Foundation baselines give it: the amount a `Decimal`.
    struct FoundationRecord {
        let sku: String
        let amount: Decimal
        let currency: String
    }

    struct FoundationTransaction: Decodable {
        let sku: String
        let amount: String
        let currency: String
    }

    /// JSONDecoder, then `Decimal(string:)` per amount: the usual Foundation way.
    static func foundationParseJSON() -> [FoundationRecord] {
        let decoded = try! JSONDecoder().decode([FoundationTransaction].self, from: Data(json))
        return decoded.map { FoundationRecord(sku: $0.sku, amount: Decimal(string: $0.amount)!, currency: $0.currency) }
    }

    /// XMLParser collecting attributes, then `Decimal(string:)` per amount.
    final class XMLCollector: NSObject, XMLParserDelegate {
        var records: [FoundationRecord] = []
        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if elementName == "transaction", let sku = attributes["sku"],
                let amount = attributes["amount"].flatMap({ Decimal(string: $0) }),
                let currency = attributes["currency"]
            {
                records.append(FoundationRecord(sku: sku, amount: amount, currency: currency))
            }
        }
    }

    static func foundationParseXML() -> [[FoundationRecord]] {
        xmlDocuments.map { document in
            let parser = XMLParser(data: Data(document))
            let collector = XMLCollector()
            parser.delegate = collector
            precondition(parser.parse(), "XMLParser: \(String(describing: parser.parserError))")
            return collector.records
        }
    }

    /// Each SKU's count and sum of amounts in each currency, as text: what both parsers must agree on.
    static func parsedTotals(_ transactions: [Transaction]) -> [String: String] {
        var sums: [String: (Int, ExactDecimal)] = [:]
        for t in transactions {
            let (count, sum) = sums["\(t.sku) \(t.currency)", default: (0, .zero)]
            sums["\(t.sku) \(t.currency)"] = (count + 1, sum + t.amount)
        }
        return sums.mapValues { "\($0.0) \($0.1.normalized())" }
    }

    static func parsedTotals(_ records: [FoundationRecord]) -> [String: String] {
        var sums: [String: (Int, Decimal)] = [:]
        for r in records {
            let (count, sum) = sums["\(r.sku) \(r.currency)", default: (0, 0)]
            sums["\(r.sku) \(r.currency)"] = (count + 1, sum + r.amount)
        }
        return sums.mapValues { "\($0.0) \(ExactDecimal("\($0.1)")!.normalized())" }
    }

    /// Checked before the parse benchmarks run: both parsers read the same transactions (per SKU
    /// and currency, the same count and the same total), and Bourse's read exactly those generated.
    static let parsersAgree: Bool = {
        let parsedJSON = try! GNBParser.transactions(json, format: .json), parsedXML = bourseParseXML().flatMap { $0 }
        precondition(parsedJSON == transactions && parsedXML == transactions, "GNBParser read other transactions")
        let expected = parsedTotals(transactions)
        precondition(parsedTotals(foundationParseJSON()) == expected, "JSONDecoder read other totals")
        precondition(parsedTotals(foundationParseXML().flatMap { $0 }) == expected, "XMLParser read other totals")
        return true
    }()

    static func register() {
        let ours = bourseTotals(), theirs = foundationTotals()
        precondition(ours.count == theirs.count)
        for (sku, total) in ours {
            precondition(ExactDecimal("\(theirs[sku]!)") == total, "\(sku): \(total) vs \(theirs[sku]!)")
        }

        let configuration = Benchmark.Configuration(
            metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(30), maxIterations: 8)
        let parsing = Benchmark.Configuration(
            metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(30), maxIterations: 8,
            setup: { precondition(parsersAgree) })
        Benchmark("GNB convert+total 1M transactions (bourse)", configuration: configuration) { _ in
            blackHole(bourseTotals())
        }
        Benchmark("GNB convert+total 1M transactions (baseline)", configuration: configuration) { _ in
            blackHole(foundationTotals())
        }
        Benchmark("GNB parse 1M transactions JSON (bourse)", configuration: parsing) { _ in
            blackHole(try! GNBParser.transactions(json, format: .json))
        }
        Benchmark("GNB parse 1M transactions JSON (baseline)", configuration: parsing) { _ in
            blackHole(foundationParseJSON())
        }
        Benchmark("GNB parse 1M transactions XML (bourse)", configuration: parsing) { _ in
            blackHole(bourseParseXML())
        }
        Benchmark("GNB parse 1M transactions XML (baseline)", configuration: parsing) { _ in
            blackHole(foundationParseXML())
        }
    }
}
