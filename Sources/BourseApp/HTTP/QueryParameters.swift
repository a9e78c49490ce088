import Hummingbird

/// Reading query parameters with errors a person can act on.
extension Request {
    /// The integer `name`, `defaultValue` when absent; 400 when it is not a whole number in `range`.
    func integerQuery(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let text = uri.queryParameters.get(name) else { return defaultValue }
        guard let value = Int(text), range.contains(value) else {
            throw APIError(
                .badRequest,
                "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), got \"\(text.prefix(20))\"")
        }
        return value
    }

    /// The text parameter `name`, nil when absent or empty.
    func textQuery(_ name: String) -> String? {
        guard let text = uri.queryParameters.get(name), !text.isEmpty else { return nil }
        return text
    }
}
