import BourseCore
import Foundation
import Hummingbird
import Synchronization

/// Hot answers kept as the bytes sent, for a moment: the same request within `lifetime` gets the
/// same JSON without pricing, encoding or reading anything again (`JSONEncoder` is most of what a
/// cached list costs). The data under it changes at most once a minute (intraday bars) or once a
/// day (prices, lists), so a second or two of reuse changes nothing a user sees. Bounded: past
/// `capacity` keys it starts over.
///
/// The moment is measured on `now`, the clock of the data under it (the market's): an answer
/// never outlives the data it was made of, on a clock a test moves by days or in real time.
final class EncodedAnswers: Sendable {
    private struct Entry: Sendable {
        let body: ByteBuffer
        let until: Date
    }

    let lifetime: TimeInterval
    let capacity: Int
    private let now: @Sendable () -> Date
    private let entries = Mutex([String: Entry]())

    init(lifetime: TimeInterval = 2, capacity: Int = 512, now: @escaping @Sendable () -> Date = { Date() }) {
        self.lifetime = lifetime
        self.capacity = capacity
        self.now = now
    }

    /// The JSON answer for `key`: kept bytes while they last, else `make()` encoded (and kept).
    func response(for key: String, _ make: () async throws -> some Encodable) async throws -> Response {
        let now = now()
        if let entry = entries.withLock({ $0[key] }), now < entry.until, entry.until <= now + lifetime {
            return Self.json(entry.body)
        }
        let body = ByteBuffer(bytes: try APIJSON.encoder.encode(try await make()))
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = Entry(body: body, until: now.addingTimeInterval(lifetime))
        }
        return Self.json(body)
    }

    private static func json(_ body: ByteBuffer) -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: body))
    }
}
