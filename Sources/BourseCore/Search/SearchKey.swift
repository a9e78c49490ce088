import Foundation

/// The byte forms that names, symbols and queries are compared in.
///
/// The search form of a text: case and diacritics folded ("Nestlé" -> "nestle"); letters,
/// digits and `&` kept; apostrophes and periods removed ("O'Reilly" -> "oreilly", "Inc." ->
/// "inc"); every other character separates words, and separators collapse to one space with
/// none at either end ("Coca-Cola Co." -> "coca cola co"). Names and queries go through the
/// same function, so a query matches whatever a name would have become.
enum SearchKey {
    /// Appends the search form of `text` to `bytes`.
    static func appendSearchForm(of text: String, to bytes: inout [UInt8]) {
        let start = bytes.count
        var asASCII = text.utf8.withContiguousStorageIfAvailable { source in
            appendASCIISearchForm(of: source, to: &bytes)
        }
        if asASCII == nil {
            asASCII = Array(text.utf8).withUnsafeBufferPointer { appendASCIISearchForm(of: $0, to: &bytes) }
        }
        if asASCII != true {
            bytes.removeSubrange(start...)
            appendFoldedSearchForm(of: text, to: &bytes)
        }
    }

    /// Appends the search form of ASCII `source`; false (having appended part of it) at the first byte beyond ASCII.
    private static func appendASCIISearchForm(of source: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) -> Bool {
        let start = bytes.count
        var pendingSpace = false
        for byte in source {
            guard byte < 0x80 else { return false }
            switch asciiClass(byte) {
            case .kept(let kept):
                if pendingSpace && bytes.count > start { bytes.append(0x20) }
                pendingSpace = false
                bytes.append(kept)
            case .dropped:
                break
            case .separator:
                pendingSpace = true
            }
        }
        return true
    }

    /// The search form of `text`.
    static func searchForm(of text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        appendSearchForm(of: text, to: &bytes)
        return bytes
    }

    /// Appends the sort form of `text`: case and diacritics folded, everything else as it is.
    static func appendSortForm(of text: String, to bytes: inout [UInt8]) {
        let isASCII = text.utf8.withContiguousStorageIfAvailable { source in
            let start = bytes.count
            for byte in source {
                guard byte < 0x80 else {
                    bytes.removeSubrange(start...)
                    return false
                }
                bytes.append(byte &+ (byte &- 0x41 < 26 ? 0x20 : 0))
            }
            return true
        }
        if isASCII != true {
            bytes.append(contentsOf: folded(text).utf8)
        }
    }

    /// The symbol form of `text`: trimmed of whitespace and in ASCII lower case (`BRK.B` -> `brk.b`).
    static func symbolForm(of text: some StringProtocol) -> [UInt8] {
        var bytes = text.utf8.map(lowercased)
        while let last = bytes.last, isWhitespace(last) { bytes.removeLast() }
        let leading = bytes.prefix(while: isWhitespace).count
        if leading > 0 { bytes.removeFirst(leading) }
        return bytes
    }

    private enum ASCIIClass {
        case kept(UInt8)
        case dropped
        case separator
    }

    private static func asciiClass(_ byte: UInt8) -> ASCIIClass {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "&"):
            return .kept(byte)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return .kept(byte | 0x20)
        case UInt8(ascii: "'"), UInt8(ascii: "."):
            return .dropped
        default:
            return .separator
        }
    }

    /// Text beyond ASCII: folded by Foundation, then classified scalar by scalar.
    private static func appendFoldedSearchForm(of text: String, to bytes: inout [UInt8]) {
        let start = bytes.count
        var pendingSpace = false
        for scalar in folded(text).unicodeScalars {
            if scalar.isASCII {
                switch asciiClass(UInt8(scalar.value)) {
                case .kept(let kept):
                    if pendingSpace && bytes.count > start { bytes.append(0x20) }
                    pendingSpace = false
                    bytes.append(kept)
                case .dropped:
                    break
                case .separator:
                    pendingSpace = true
                }
                continue
            }
            let properties = scalar.properties
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .format:
                continue  // what folding left of accents, and invisible joiners
            default:
                break
            }
            if scalar == "\u{2019}" || scalar == "\u{2018}" || scalar == "\u{02BC}" {
                continue  // typographic apostrophes, as "'"
            }
            if properties.isAlphabetic || properties.numericType != nil {
                if pendingSpace && bytes.count > start { bytes.append(0x20) }
                pendingSpace = false
                bytes.append(contentsOf: String(scalar).lowercased().utf8)
            } else {
                pendingSpace = true
            }
        }
    }

    private static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
