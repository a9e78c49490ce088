import Hummingbird

/// `/assets/{name}`: the app's stylesheets and scripts (see `Assets`).
struct AssetsController: FeatureController {
    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("assets/:name") { request, context in
            try Assets.response(name: try context.parameters.require("name"), request: request)
        }
    }
}
