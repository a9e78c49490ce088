import BourseCore
import Foundation

/// What a device's service worker receives, decrypted: the notice as JSON,
/// `{"id", "kind", "title", "body", "url", "tag", "createdAt"}` (docs/web-push.md).
enum PushPayload {
    static func json(_ notice: Notice) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let fields = Fields(
            id: notice.id, kind: notice.kind.rawValue, title: String(notice.title.prefix(200)),
            body: String(notice.body.prefix(1000)), url: notice.url, tag: notice.tag,
            createdAt: Timestamp.iso8601Milliseconds(notice.createdAt))
        // Strings and nothing else: encoding cannot fail.
        return [UInt8]((try? encoder.encode(fields)) ?? Data("{}".utf8))
    }

    private struct Fields: Encodable {
        let id: String
        let kind: String
        let title: String
        let body: String
        let url: String
        let tag: String
        let createdAt: String
    }
}
