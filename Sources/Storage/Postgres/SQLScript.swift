/// A migration's statements one by one: PostgreSQL's extended protocol runs one statement a
/// message. Splits at each `;` that is outside a quoted string, a quoted name and a `--` comment.
enum SQLScript {
    static func statements(_ script: String) -> [String] {
        var statements: [String] = []
        var current = ""
        var quote: Character? = nil
        var inComment = false
        var previous: Character? = nil
        for character in script {
            if inComment {
                if character == "\n" { inComment = false }
            } else if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "-" && previous == "-" {
                inComment = true
            } else if character == ";" {
                append(current, to: &statements)
                current = ""
                previous = nil
                continue
            }
            current.append(character)
            previous = character
        }
        append(current, to: &statements)
        return statements
    }

    /// `text` as a statement, unless it holds nothing but blanks and comments.
    private static func append(_ text: String, to statements: inout [String]) {
        let meaningful = text.split(separator: "\n").contains { line in
            let trimmed = line.trimmingPrefix(while: \.isWhitespace)
            return !trimmed.isEmpty && !trimmed.hasPrefix("--")
        }
        if meaningful { statements.append(text.trimmingPrefix(while: \.isNewline).description) }
    }
}
