/// What a password must be: 8 to 72 bytes of UTF-8 (bcrypt reads at most 72), and not only spaces.
public enum PasswordRule {
    public static let minimumLength = 8
    public static let maximumBytes = 72

    public static func check(_ password: String) throws(AccountError) {
        guard password.count >= minimumLength else { throw .weakPassword("at least \(minimumLength) characters") }
        guard password.utf8.count <= maximumBytes else {
            throw .weakPassword("at most \(maximumBytes) bytes (bcrypt ignores the rest)")
        }
        guard password.contains(where: { !$0.isWhitespace }) else { throw .weakPassword("more than spaces") }
    }

    /// An owner's name: 1 to 64 printable characters without spaces at either end.
    public static func checkName(_ name: String) throws(AccountError) {
        guard !name.isEmpty, name.count <= 64, name == name.trimmingSpaces(),
            name.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
        else { throw .badName("1 to 64 printable characters, no space at either end") }
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}
