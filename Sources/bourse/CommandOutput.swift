import ArgumentParser
import Bootstrap
import Foundation

extension Result where Success == String, Failure == CommandFailure {
    /// A command's end: its answer on stdout, or its message on stderr and its exit status.
    /// The answer ends with one line end: its own when it has one (a CSV file's last CRLF).
    func printOrExit() throws {
        switch self {
        case .success(let text):
            // Bytes, not `Character`s: "\r\n" is one `Character`, which `hasSuffix("\n")` does not see.
            print(text, terminator: text.utf8.last == UInt8(ascii: "\n") ? "" : "\n")
        case .failure(let failure):
            FileHandle.standardError.write(Data("bourse: \(failure.message)\n".utf8))
            throw ExitCode(failure.exitCode)
        }
    }
}
