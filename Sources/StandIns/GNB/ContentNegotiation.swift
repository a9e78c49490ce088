import BourseCore

/// Chooses a response format from an `Accept` header (RFC 9110 §12.5.1).
public enum ContentNegotiation {
    /// The acceptable format with the highest quality; ties go to the more specific media range,
    /// then to the order of `offers`. No header (or an empty one) accepts the first offer; nil
    /// means nothing offered is acceptable (406).
    public static func choose(accept: String?, offers: [GNBFormat]) -> GNBFormat? {
        guard let accept, !accept.trimmingCharacters(in: .whitespaces).isEmpty else { return offers.first }
        let ranges = accept.split(separator: ",").compactMap(MediaRange.init)
        var best: (format: GNBFormat, quality: Int, specificity: Int)?
        for offer in offers {
            // The most specific range that matches this offer decides its quality.
            guard let match = ranges.filter({ $0.matches(offer) }).max(by: { $0.specificity < $1.specificity }),
                match.quality > 0
            else { continue }
            if best == nil || match.quality > best!.quality
                || (match.quality == best!.quality && match.specificity > best!.specificity)
            {
                best = (offer, match.quality, match.specificity)
            }
        }
        return best?.format
    }

    /// The media types each format answers to.
    static func mediaTypes(of format: GNBFormat) -> [String] {
        switch format {
        case .json: return ["application/json", "text/json"]
        case .xml: return ["application/xml", "text/xml"]
        }
    }

    struct MediaRange {
        let type: String
        let subtype: String
        /// q times 1000, so that "q=0.001" compares exactly.
        let quality: Int

        init?(_ text: Substring) {
            let parts = text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let range = parts.first, !range.isEmpty else { return nil }
            let pieces = range.split(separator: "/", omittingEmptySubsequences: false)
            guard pieces.count == 2, !pieces[0].isEmpty, !pieces[1].isEmpty else { return nil }
            type = String(pieces[0])
            subtype = String(pieces[1])
            var q = 1000
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                guard let value = ExactDecimal(String(parameter.dropFirst(2))), value >= 0, value <= 1 else { return nil }
                q = Int((value * 1000).rounded(toPlaces: 0, .down).significand)
            }
            quality = q
        }

        var specificity: Int { type == "*" ? 0 : (subtype == "*" ? 1 : 2) }

        func matches(_ format: GNBFormat) -> Bool {
            ContentNegotiation.mediaTypes(of: format).contains { mediaType in
                let pieces = mediaType.split(separator: "/")
                return (type == "*" || type == pieces[0]) && (subtype == "*" || subtype == pieces[1])
            }
        }
    }
}
