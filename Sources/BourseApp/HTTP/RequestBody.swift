import BourseCore
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

    /// The body's bytes when it is JSON: only `Content-Type: application/json` (a 415 otherwise,
    /// so that a form or text POST from another site, which needs no preflight, changes nothing).
    func jsonBytes(upTo limit: Int, what: String, hint: String) async throws -> [UInt8] {
        guard let type = headers[.contentType], type.lowercased().hasPrefix("application/json") else {
            throw APIError(.unsupportedMediaType, "send \(what) as JSON, with Content-Type: application/json")
        }
        return Array(buffer: try await body(upTo: limit, what: what, hint: hint))
    }

    /// The body read as JSON (`jsonBytes`): a 400 with the reader's words and `hint` when it is not.
    func json(upTo limit: Int, what: String, hint: String) async throws -> JSONValue {
        let bytes = try await jsonBytes(upTo: limit, what: what, hint: hint)
        do {
            return try JSONReader.parse(bytes)
        } catch {
            throw APIError(.badRequest, "the body is not JSON (\(error.description)); \(hint)")
        }
    }

    /// A form's fields (`application/x-www-form-urlencoded`, at most 8 KB): a 400 saying
    /// `problem` when they cannot be read as `Form`.
    func form<Form: Decodable>(_: Form.Type, what: String, problem: String) async throws -> Form {
        let body = try await body(upTo: 8192, what: what)
        do {
            return try URLEncodedFormDecoder().decode(Form.self, from: String(buffer: body))
        } catch {
            throw APIError(.badRequest, problem)
        }
    }
}
