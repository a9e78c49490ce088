import Foundation

/// Company names without the class wording the exchanges append to them.
extension ListingsParser {
    /// Where the share-class description starts in a security name ("Zevia PBC| Class A Common Stock").
    static let classMarkers = [
        " common stock", " common shares", " common share", " ordinary shares", " ordinary share",
        " american depositary", " american depository", " shares of beneficial interest",
        " common units", " subordinate voting shares",
    ]

    /// Names of securities that are not the company's main shares; their wording is their identity.
    static let otherSecurityWords: Set<Substring> = [
        "note", "notes", "debenture", "debentures", "warrant", "warrants",
        "right", "rights", "unit", "units",
    ]

    /// Phrases of preferred shares ("Preferred and Income Fund Inc." is a company name, so the word alone is not enough).
    static let otherSecurityPhrases = ["preferred stock", "preferred share", "preference share", "preferred securities"]

    /// The company name with class wording removed and spaces trimmed:
    /// "Agilent Technologies, Inc. Common Stock" -> "Agilent Technologies, Inc.",
    /// "Artius II Acquisition Inc. Class A Ordinary Shares" -> "Artius II Acquisition Inc.",
    /// "Berkshire Hathaway Inc. New Common Stock" -> "Berkshire Hathaway Inc.".
    /// Preferred shares, notes, warrants and units keep their full wording.
    public static func cleanName(_ raw: String) -> String {
        // A few rows lack the space before the wording ("Fund, Inc.Common Stock").
        let name = raw.trimmingSpaces()
            .replacingOccurrences(of: ".Common ", with: ". Common ")
            .replacingOccurrences(of: ")Common ", with: ") Common ")
        let lower = name.lowercased()
        let words = lower.split(whereSeparator: { !$0.isLetter })
        if lower.contains("%") || words.contains(where: otherSecurityWords.contains)
            || otherSecurityPhrases.contains(where: lower.contains)
        {
            return name
        }
        var cut = lower.endIndex
        for marker in classMarkers {
            if let range = lower.range(of: marker), range.lowerBound < cut { cut = range.lowerBound }
        }
        if let range = classLetterRange(in: lower), range.lowerBound < cut { cut = range.lowerBound }
        if lower.hasSuffix(" ads") {
            cut = min(cut, lower.index(lower.endIndex, offsetBy: -4))
        }
        guard cut != lower.endIndex else { return name }
        let offset = lower.distance(from: lower.startIndex, to: cut)
        var cleaned = String(name.prefix(offset)).trimmingSpaces()
        for suffix in [" New", " new", ","] where cleaned.hasSuffix(suffix) {
            cleaned = String(cleaned.dropLast(suffix.count)).trimmingSpaces()
        }
        return cleaned.isEmpty ? name : cleaned
    }

    /// The range of " class X" (one letter, then a space or the end) in lowercased text.
    private static func classLetterRange(in lower: String) -> Range<String.Index>? {
        var search = lower.startIndex..<lower.endIndex
        while let range = lower.range(of: " class ", range: search) {
            let letter = range.upperBound
            if letter < lower.endIndex, lower[letter].isLetter {
                let after = lower.index(after: letter)
                if after == lower.endIndex || lower[after] == " " { return range }
            }
            search = range.upperBound..<lower.endIndex
        }
        return nil
    }
}
