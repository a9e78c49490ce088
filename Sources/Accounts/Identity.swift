/// Who a request is from, once its session cookie or API token checked out.
public enum Identity: Sendable, Equatable {
    /// The owner, signed in in a browser.
    case session
    /// A script with the API token of this name.
    case token(name: String)
}
