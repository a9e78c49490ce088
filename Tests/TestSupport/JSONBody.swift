import Foundation
import Hummingbird
import HummingbirdTesting

/// A response's body as a JSON object, or `NotAJSONObject` (with the start of the body).
public func json(_ response: TestResponse) throws -> [String: Any] {
    try json(String(buffer: response.body))
}

/// `text` as a JSON object, or `NotAJSONObject` (with the start of the text).
public func json(_ text: String) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
        throw NotAJSONObject(text: String(text.prefix(200)))
    }
    return object
}

/// A body that is JSON but not an object.
public struct NotAJSONObject: Error, CustomStringConvertible {
    public let text: String

    public var description: String { "expected a JSON object, got: \(text)" }
}
