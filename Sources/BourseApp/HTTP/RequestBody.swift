import Hummingbird

extension Request {
    /// The whole body, at most `limit` bytes: a larger one is a 413 that says what `what` is
    /// and how large it may be (`hint`, when given, says what to send instead).
    func body(upTo limit: Int, what: String, hint: String = "") async throws -> ByteBuffer {
        do {
            return try await body.collect(upTo: limit)
        } catch {
            throw APIError(.contentTooLarge, "\(what) is larger than \(limit) bytes" + (hint.isEmpty ? "" : "; \(hint)"))
        }
    }
}
