import ArgumentParser
import Bootstrap
import Foundation

extension Result where Success == String, Failure == CommandFailure {
    /// A command's end: its answer on stdout, or its message on stderr and its exit status.
    func printOrExit() throws {
        switch self {
        case .success(let text):
            print(text)
        case .failure(let failure):
            FileHandle.standardError.write(Data("bourse: \(failure.message)\n".utf8))
            throw ExitCode(failure.exitCode)
        }
    }
}
