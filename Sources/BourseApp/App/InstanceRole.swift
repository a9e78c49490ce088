/// Which instance this is, and which instance holds the desk (SPEC §15), as
/// `/api/v1/health` says.
public struct InstanceRole: Sendable {
    public let name: String
    /// The instance holding the desk now; nil while none does.
    public let deskHolder: @Sendable () async -> String?

    public init(name: String, deskHolder: @escaping @Sendable () async -> String?) {
        self.name = name
        self.deskHolder = deskHolder
    }

    /// One instance on its own database, holding its desk itself.
    public static func alone(_ name: String) -> InstanceRole {
        InstanceRole(name: name, deskHolder: { name })
    }
}
