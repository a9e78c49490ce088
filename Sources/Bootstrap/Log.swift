import Logging

/// Loggers that write to stderr, so that stdout carries only a command's answer.
public enum Log {
    /// A logger at `LOG_LEVEL` from the environment, `info` by default.
    public static func make(_ label: String, environment: [String: String], default level: Logger.Level = .info) -> Logger {
        var logger = Logger(label: label, factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? level
        return logger
    }
}
