import Hummingbird

/// `/assets/{name}`: the app's scripts and stylesheets (see `Assets`), read from the bundle when
/// the routes are added, so that a missing file stops the app at start-up rather than failing a
/// page later.
struct AssetsController: FeatureController {
    func addRoutes(to router: Router<AppRequestContext>) {
        _ = Assets.all
        router.get("assets/:name") { request, context in
            try Assets.response(name: try context.parameters.require("name"), request: request)
        }
    }
}
