import Foundation

/// `BOURSE_INSTANCE`: this instance's name among several on one database (SPEC §15), as
/// `/api/v1/health` and the logs show it. Unset: the host's name and the port
/// (`web-1:8080`). At most `maxLength` characters (PostgreSQL shows the desk's holder by
/// its connection's `application_name`, 63 bytes at most); letters, digits, `.`, `-`, `_`, `:`.
public enum InstanceSetting {
    public static let variable = "BOURSE_INSTANCE"
    public static let maxLength = 40

    /// The name `environment` sets, else the host's and `port`.
    public static func read(_ environment: [String: String], port: Int) throws(SettingError) -> String {
        guard let name = environment[variable], !name.isEmpty else {
            let host = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "bourse"
            return String("\(host.prefix(maxLength - 6)):\(port)")
        }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: ".-_:"))
        guard name.count <= maxLength, name.unicodeScalars.allSatisfy({ $0.isASCII && allowed.contains($0) }) else {
            throw SettingError(
                variable, problem: "not a name of at most \(maxLength) letters, digits, '.', '-', '_' or ':'",
                fix: "set it to a short name such as web-1")
        }
        return name
    }
}
