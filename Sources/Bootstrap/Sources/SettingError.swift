/// A setting (an environment variable or a command-line option) whose value cannot work: the one
/// error the bootstrap throws for a bad setting, whatever it configures. Its message names the
/// setting, says what is wrong and what to do; it never repeats a value that may hold a secret.
public struct SettingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The variable or option at fault: "BOURSE_FEED_URL", "POLYGON_RATE_LIMIT".
    public let setting: String
    /// What is wrong with its value.
    public let problem: String
    /// What to do about it.
    public let fix: String

    public init(_ setting: String, problem: String, fix: String) {
        self.setting = setting
        self.problem = problem
        self.fix = fix
    }

    public var description: String { "\(setting): \(problem); \(fix)" }
}
