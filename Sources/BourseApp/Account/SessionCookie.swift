import Hummingbird

/// The session cookie: `HttpOnly` (no script reads it), `SameSite=Strict` (no other site's
/// page sends it), `Secure` whenever the request came over TLS. It lives 400 days in the
/// browser (the most browsers keep one); the server ends the session after its idle time.
enum SessionCookie {
    static let name = "bourse_session"
    static let browserLifetime = 400 * 24 * 3600

    static func make(_ secret: String, secure: Bool) -> Cookie {
        Cookie(
            name: name, value: secret, maxAge: browserLifetime, path: "/", secure: secure, httpOnly: true,
            sameSite: .strict)
    }

    /// Tells the browser to forget the cookie.
    static func cleared(secure: Bool) -> Cookie {
        Cookie(name: name, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .strict)
    }

    static func secret(in request: Request) -> String? {
        guard let value = request.cookies[name]?.value, !value.isEmpty, value.count <= 128 else { return nil }
        return value
    }

    /// The token of an `Authorization: Bearer …` header.
    static func bearerToken(in request: Request) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty || token.count > 256 ? nil : token
    }
}
