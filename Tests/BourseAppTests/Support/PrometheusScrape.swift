import Foundation
import Prometheus

@testable import BourseApp

/// The app's metrics over a Prometheus registry of the test's own, as the bootstrap makes them.
func prometheusMetrics() -> AppMetrics {
    let registry = PrometheusCollectorRegistry()
    return AppMetrics(factory: PrometheusMetricsFactory(registry: registry)) { registry.emitToBuffer() }
}

/// A scrape of `/metrics` read back: each sample's value by its name and labels.
struct PrometheusScrape {
    struct Sample {
        let name: String
        let labels: [String: String]
        let value: Double
    }

    let samples: [Sample]

    /// Reads the text format: `# ...` lines are skipped; each other line is
    /// `name{label="value",...} number` or `name number`.
    init(_ text: String) throws {
        samples = try text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { line in
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                throw ScrapeError(line: String(line))
            }
            let series = line[..<space]
            guard let brace = series.firstIndex(of: "{") else { return Sample(name: String(series), labels: [:], value: value) }
            var labels: [String: String] = [:]
            for pair in series[series.index(after: brace)..<series.index(before: series.endIndex)].split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { throw ScrapeError(line: String(line)) }
                labels[String(parts[0])] = String(parts[1].dropFirst().dropLast())
            }
            return Sample(name: String(series[..<brace]), labels: labels, value: value)
        }
    }

    /// The sum of the samples named `name` whose labels include `labels` (0 when there is none).
    func value(_ name: String, _ labels: [String: String] = [:]) -> Double {
        samples.filter { sample in sample.name == name && labels.allSatisfy { sample.labels[$0.key] == $0.value } }
            .reduce(0) { $0 + $1.value }
    }

    func has(_ name: String) -> Bool { samples.contains { $0.name == name } }

    struct ScrapeError: Error {
        let line: String
    }
}
