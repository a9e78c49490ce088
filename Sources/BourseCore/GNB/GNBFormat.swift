/// The two document formats GNB serves its rates and transactions in.
public enum GNBFormat: String, Sendable, CaseIterable {
    case json
    case xml

    /// The media type for HTTP `Accept` and `Content-Type` headers.
    public var mediaType: String {
        switch self {
        case .json: return "application/json"
        case .xml: return "application/xml"
        }
    }

    /// The name used in messages ("JSON", "XML").
    public var displayName: String { rawValue.uppercased() }
}
