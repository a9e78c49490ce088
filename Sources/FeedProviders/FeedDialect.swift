import BourseCore
import Foundation

/// How a market-data provider's stream is spoken: a per-connection state machine that answers
/// the provider's frames (the key after its welcome, the subscription after the key) and turns
/// its quotes and trades for the feed's stock into `ProviderUpdate`s.
///
/// A dialect value holds one connection's state; the client copies a fresh one for every
/// connection. Anything sent back that carries a secret is only ever written to the socket.
public protocol FeedDialect: Sendable {
    /// The provider's name for messages: "Alpaca", "Massive".
    var provider: String { get }
    /// The stock it subscribes to.
    var symbol: String { get }
    /// Reads one text frame from the provider.
    mutating func read(_ text: String) -> ProviderReading
}

extension FeedDialect {
    /// Reads a frame, a JSON array, item by item with `read`: an item that breaks the protocol
    /// is a problem named by its place ("message 2: …"), and the rest are still read, unless one
    /// ended the connection.
    mutating func readItems(
        of text: String, naming noun: String,
        _ read: (inout Self, JSONValue, inout ProviderReading) throws(FeedMessageError) -> Void
    ) -> ProviderReading {
        var reading = ProviderReading()
        let items: [JSONValue]
        do throws(FeedMessageError) {
            items = try ProviderValues.items(text)
        } catch {
            reading.problems.append(error)
            return reading
        }
        for (index, item) in items.enumerated() {
            do throws(FeedMessageError) {
                try read(&self, item, &reading)
            } catch {
                reading.problems.append(FeedMessageError("\(noun) \(index + 1): \(error.reason)"))
            }
            if reading.endsConnection { break }
        }
        return reading
    }

    /// A provider's free text (an error message) made safe to show and log: the secrets in
    /// `secrets` removed, control characters dropped, at most 200 characters.
    static func shown(_ text: String, hiding secrets: [String]) -> String {
        var text = text
        for secret in secrets where !secret.isEmpty { text = text.replacingOccurrences(of: secret, with: "[secret]") }
        let kept = text.unicodeScalars.filter { !$0.properties.generalCategory.isControl }
        let clean = String(String.UnicodeScalarView(kept))
        return clean.count > 200 ? String(clean.prefix(200)) + "…" : clean
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isControl: Bool {
        switch self {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
