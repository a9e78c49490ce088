import Foundation
import Hummingbird

/// `GET /api/openapi.json`: the OpenAPI 3.1 contract of the JSON API (docs/api.md).
///
/// The document is `API/openapi.json`, a resource of this target and its only copy (the docs
/// link to it). It is read when the
/// routes are added, so a missing file stops the app at start-up, like the assets.
struct APIContractController: FeatureController {
    func addRoutes(to router: Router<AppRequestContext>) {
        let document = APIContract.document
        router.get("api/openapi.json") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-cache"],
                body: .init(byteBuffer: document))
        }
    }
}

/// The OpenAPI document, as its file's bytes.
enum APIContract {
    static let fileName = "openapi.json"

    static let document: ByteBuffer = {
        guard let url = Bundle.module.url(forResource: fileName, withExtension: nil),
            let data = FileManager.default.contents(atPath: url.path)
        else {
            fatalError(
                "The API contract \(fileName) is not in the app's resource bundle (\(Bundle.module.bundlePath)); "
                    + "it is Sources/BourseApp/API/openapi.json, declared in Package.swift's BourseApp resources")
        }
        return ByteBuffer(bytes: data)
    }()
}
