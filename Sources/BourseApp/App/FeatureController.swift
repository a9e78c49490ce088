import Hummingbird

/// One feature of the app (markets, charts, search, exchange, GNB, assets): the one type that
/// registers all its routes, API, pages and socket alike, on the app's one router.
///
/// To add a feature: a folder with its controller, responses, pages and `Public/` front end,
/// a controller conforming to this protocol, and one line in `buildRouter`.
public protocol FeatureController: Sendable {
    func addRoutes(to router: Router<AppRequestContext>)
}

/// Routes added as they are, beside the features' (the tests' probes). Never a stand-in's: the
/// stand-ins have a server of their own.
public struct ExternalRoutes: FeatureController {
    private let add: @Sendable (Router<AppRequestContext>) -> Void

    public init(_ add: @escaping @Sendable (Router<AppRequestContext>) -> Void) {
        self.add = add
    }

    public func addRoutes(to router: Router<AppRequestContext>) { add(router) }
}
