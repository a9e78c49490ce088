import BourseCore
import Foundation

/// Where a GNB resource comes from: a URL (HTTP or HTTPS) or a file.
public enum GNBSource: Sendable, Hashable, CustomStringConvertible {
    case url(URL)
    case file(String)

    /// `http://…` or `https://…` is a URL; anything else is a file path.
    public init(_ text: String) {
        if let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            self = .url(url)
        } else {
            self = .file(text)
        }
    }

    public var description: String {
        switch self {
        case .url(let url): return url.absoluteString
        case .file(let path): return path
        }
    }

    /// The format its name says (`.json` or `.xml`), if it says one.
    public var formatByExtension: GNBFormat? {
        let name: String
        switch self {
        case .url(let url): name = url.path
        case .file(let path): name = path
        }
        let lower = name.lowercased()
        if lower.hasSuffix(".json") { return .json }
        if lower.hasSuffix(".xml") { return .xml }
        return nil
    }
}

/// The two resources of a GNB service.
public struct GNBSources: Sendable, Hashable {
    public var rates: GNBSource
    public var transactions: GNBSource

    public init(rates: GNBSource, transactions: GNBSource) {
        self.rates = rates
        self.transactions = transactions
    }

    /// `BASE/rates` and `BASE/transactions`, as the GNB service publishes them.
    public init(baseURL: URL) {
        self.init(
            rates: .url(baseURL.appendingPathComponent("rates")),
            transactions: .url(baseURL.appendingPathComponent("transactions")))
    }
}
