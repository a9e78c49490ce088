import Crypto
import Foundation
import Testing

@testable import BourseClient

/// The committed client is the one the served document generates (scripts/generate-client
/// --check regenerates it and compares; this catches a document edited without it on every run).
@Suite("The generated client and the document")
struct GeneratedDocumentTests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/BourseApp/API/openapi.json")

    @Test func theCodeWasGeneratedFromTheDocumentAsItIs() throws {
        let digest = SHA256.hash(data: try Data(contentsOf: Self.document)).map { String(format: "%02x", $0) }.joined()
        #expect(
            digest == GeneratedDocument.sha256,
            "Sources/BourseApp/API/openapi.json changed since Sources/BourseClient/Generated/ was made: run scripts/generate-client"
        )
    }

    @Test func aTicketTheDocumentDoesNotAllowIsRefusedBeforeItIsSent() throws {
        let market = try OrderTicket(side: .buy, quantity: 5, type: .market).request()
        guard case .market(let request) = market else {
            Issue.record("a market ticket became \(market)")
            return
        }
        #expect(request.quantity == .case1(5))
        let trailing = try OrderTicket(side: .sell, quantity: 2, type: .trailingStop(.percent("2.5"))).request()
        guard case .trailingStop(let stop) = trailing else {
            Issue.record("a trailing ticket became \(trailing)")
            return
        }
        #expect(stop.trailPercent == "2.5" && stop.trailAmount == nil)
        #expect(throws: BourseError.self) {
            try OrderTicket(side: .buy, quantity: 1, type: .market, timeInForce: .gtc).request()
        }
    }

    @Test func aServerThatIsNotAnHTTPURLIsRefused() {
        #expect(throws: BourseError.self) { try Bourse(server: URL(string: "ftp://example.com")!) }
        #expect(throws: BourseError.self) { try Bourse(server: URL(string: "file:///tmp/x")!) }
    }

    @Test func everyErrorStatusHasItsCase() {
        #expect(ErrorMiddleware.error(status: 401, message: "x", retryAfter: nil) == .signInRequired)
        #expect(ErrorMiddleware.error(status: 404, message: "no order 9", retryAfter: nil) == .notFound(reason: "no order 9"))
        #expect(ErrorMiddleware.error(status: 400, message: "bad", retryAfter: nil) == .rejected(reason: "bad"))
        #expect(ErrorMiddleware.error(status: 409, message: "filled", retryAfter: nil) == .conflict(reason: "filled"))
        #expect(
            ErrorMiddleware.error(status: 429, message: "wait", retryAfter: 12)
                == .sourceUnavailable(reason: "wait", retryAfter: 12))
        #expect(ErrorMiddleware.error(status: 418, message: "tea", retryAfter: nil) == .unexpected(status: 418, reason: "tea"))
    }
}
