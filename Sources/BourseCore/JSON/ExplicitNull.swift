/// An optional that encodes `nil` as `null` instead of leaving its key out, so that API answers
/// always have the same keys (`"price": null` for a stock that did not trade).
@propertyWrapper
public struct ExplicitNull<Value: Encodable & Sendable>: Encodable, Sendable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}
