import Hummingbird
import Synchronization

/// The methods each of the router's paths answers, to tell a wrong method on a real path
/// (405 with `Allow`) from a path that is not there (404). Filled once every route is added.
final class RouteMethods: Sendable {
    private let routes = Mutex<[(path: RouterPath, method: HTTPRequest.Method)]>([])

    /// Takes the routes `router` has now.
    func load(from router: Router<some RequestContext>) {
        let described = router.routes.map { (path: $0.path, method: $0.method) }
        routes.withLock { $0 = described }
    }

    /// The methods some route answers at `path`, in a fixed order; empty when none does.
    func methods(for path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        var methods = Set<String>()
        for route in routes.withLock({ $0 }) where Self.matches(route.path, segments) {
            methods.insert(route.method.rawValue)
        }
        return methods.sorted().compactMap { HTTPRequest.Method($0) }
    }

    private static func matches(_ pattern: RouterPath, _ segments: [Substring]) -> Bool {
        guard pattern.count == segments.count else { return false }
        return zip(pattern, segments).allSatisfy { element, segment in element ~= segment }
    }
}
