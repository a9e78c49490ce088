#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the new password: asked twice without echo on a terminal, or one line of stdin for
/// scripts (`echo "$PASSWORD" | bourse password`).
public enum PasswordPrompt {
    public enum Failure: Error, Equatable {
        case noInput
        case mismatch
    }

    public static func read() throws(Failure) -> String {
        guard isatty(STDIN_FILENO) == 1 else {
            guard let line = Swift.readLine(strippingNewline: true) else { throw .noInput }
            return line
        }
        let first = try ask("New password: ")
        let second = try ask("Again: ")
        guard first == second else { throw .mismatch }
        return first
    }

    /// Prompts go to stderr, so stdout stays the command's answer.
    private static func writeToTerminal(_ text: String) {
        _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }

    /// One line from the terminal with echo off (and back on, whatever happens).
    private static func ask(_ prompt: String) throws(Failure) -> String {
        writeToTerminal(prompt)
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        let line = Swift.readLine(strippingNewline: true)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
        writeToTerminal("\n")
        guard let line else { throw .noInput }
        return line
    }
}
