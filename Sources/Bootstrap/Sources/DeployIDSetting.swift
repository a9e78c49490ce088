/// `BOURSE_DEPLOY_ID`: a name for this deploy (any text), folded into the service worker's
/// version, so that a new one makes installed apps update (docs/phone-app.md). Unset: none.
public enum DeployIDSetting {
    public static let variable = "BOURSE_DEPLOY_ID"

    /// The deploy's name `environment` sets, if any.
    public static func read(_ environment: [String: String]) -> String? {
        environment[variable]
    }
}
