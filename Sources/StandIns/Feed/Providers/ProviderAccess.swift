/// Who may use the stand-in's Alpaca and Massive streams, and on which plan.
///
/// A credential left nil accepts any non-empty value; a credential given accepts only that exact
/// value. The plan is the simulated Massive account's (`bourse sim --tier`): on `.free`, Alpaca's
/// SIP feed and every Massive stream refuse the login, as the real plans do. The values are never
/// logged.
public struct ProviderAccess: Sendable {
    public var alpacaKey: String?
    public var alpacaSecret: String?
    public var massiveKey: String?
    public var tier: PolygonTier
    /// How long a connection may stay without logging in before it is closed (10 s, as Alpaca).
    public var authTimeout: Duration

    public init(
        alpacaKey: String? = nil, alpacaSecret: String? = nil, massiveKey: String? = nil, tier: PolygonTier = .paid,
        authTimeout: Duration = .seconds(10)
    ) {
        self.alpacaKey = alpacaKey
        self.alpacaSecret = alpacaSecret
        self.massiveKey = massiveKey
        self.tier = tier
        self.authTimeout = authTimeout
    }

    /// Whether `value` is accepted where the option `expected` was (or was not) given.
    static func accepts(_ value: String, expected: String?) -> Bool {
        guard !value.isEmpty else { return false }
        guard let expected else { return true }
        return value == expected
    }
}
