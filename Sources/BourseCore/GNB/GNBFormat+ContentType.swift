import Foundation

extension GNBFormat {
    /// The format a `Content-Type` names (`application/json; charset=utf-8`, `text/xml`,
    /// `application/problem+json`…), or nil.
    public init?(contentType: String) {
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if type == "application/json" || type == "text/json" || type.hasSuffix("+json") {
            self = .json
        } else if type == "application/xml" || type == "text/xml" || type.hasSuffix("+xml") {
            self = .xml
        } else {
            return nil
        }
    }
}
