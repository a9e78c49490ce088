import Foundation
import MarketData

/// Takes the API key out of any text before it is logged, cached, thrown or returned.
public struct KeyRedactor: Sendable {
    /// What stands in for a removed key.
    public static let placeholder = "REDACTED"
    private let secret: String?

    /// A redactor for `apiKey`; with nil it still blanks `apiKey=` query values.
    public init(apiKey: String?) {
        secret = apiKey.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `text` with the key, any `apiKey=` / `api_key=` query value and any bearer token replaced.
    public func redact(_ text: String) -> String {
        var result = text
        if let secret {
            result = result.replacingAll(secret, with: Self.placeholder)
        }
        return Self.redactQueryValues(result)
    }

    /// A response body with the key replaced, for bodies about to be stored (a source may echo it).
    public func redact(body: [UInt8]) -> [UInt8] {
        guard let secret, body.contains(secret.utf8) else { return body }
        return Array(String(decoding: body, as: UTF8.self).replacingAll(secret, with: Self.placeholder).utf8)
    }

    /// Blanks the value after every `apiKey=` (any case, also `api_key=`) and `Bearer `.
    static func redactQueryValues(_ text: String) -> String {
        let markers = ["apikey=", "api_key=", "bearer "]
        let valueEnds: Set<Character> = ["&", "#", " ", "\"", "'", "\n", "\r", "\t", ",", ";", ")"]
        var output = ""
        var rest = Substring(text)
        while let marker = markers.compactMap({ rest.range(of: $0, options: .caseInsensitive) })
            .min(by: { $0.lowerBound < $1.lowerBound })
        {
            output += rest[..<marker.upperBound]
            let value = rest[marker.upperBound...]
            let valueEnd = value.firstIndex(where: valueEnds.contains) ?? value.endIndex
            if valueEnd > value.startIndex { output += placeholder }
            rest = value[valueEnd...]
        }
        return output + rest
    }
}

extension Array where Element == UInt8 {
    fileprivate func contains(_ needle: String.UTF8View) -> Bool {
        let pattern = Array(needle)
        guard !pattern.isEmpty, pattern.count <= count else { return false }
        for start in 0...(count - pattern.count) where self[start] == pattern[0] {
            if self[start..<(start + pattern.count)].elementsEqual(pattern) { return true }
        }
        return false
    }
}

extension String {
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var output = ""
        var rest = Substring(self)
        while let range = rest.range(of: target) {
            output += rest[..<range.lowerBound]
            output += replacement
            rest = rest[range.upperBound...]
        }
        return output + rest
    }
}
