import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BourseApp

/// The stylesheet and scripts under `/assets/`, which every page links.
@Suite("GNB pages: assets")
struct GNBPagesAssetsTests {
    @Test(
        "served with their content type",
        arguments: [
            ("layout.css", "text/css; charset=utf-8", "prefers-color-scheme: dark"),
            ("bourse.js", "text/javascript; charset=utf-8", "export function getJSON"),
            ("gnb.js", "text/javascript; charset=utf-8", "/api/v1/gnb/products"),
        ])
    func served(name: String, contentType: String, sample: String) async throws {
        try await GNBPagesTests.app().test(.router) { client in
            try await client.execute(uri: "/assets/\(name)", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == contentType)
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(response.headers[.cacheControl] == "no-cache")
                #expect(String(buffer: response.body).contains(sample))
            }
        }
    }

    @Test func everyAssetAPageLinksIsServedAndCachedForLong() async throws {
        let (_, _, html) = try await GNBPagesTests.page("/gnb")
        let links = html.components(separatedBy: "\"/assets/").dropFirst().map { "/assets/" + $0.prefix { $0 != "\"" } }
        // layout.css, search-box.css, bourse.js and the dates.js it imports, search-box.js and the
        // market-format.js it imports, bell.js and the notify.js it imports (every page), gnb.js
        #expect(links.count == 9)

        try await GNBPagesTests.app().test(.router) { client in
            for link in links {
                #expect(link.contains("?v="))
                try await client.execute(uri: link, method: .get) { response in
                    #expect(response.status == .ok, "\(link)")
                    #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
                }
            }
        }
    }

    @Test func anUnknownAssetIsNotFound() async throws {
        try await GNBPagesTests.app().test(.router) { client in
            try await client.execute(uri: "/assets/nothing.js", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }
}
