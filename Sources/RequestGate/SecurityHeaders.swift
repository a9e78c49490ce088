/// The headers every answer carries, pages, JSON, images, scripts, errors and redirects alike.
///
/// - `X-Content-Type-Options: nosniff`: a body is what its `Content-Type` says, never sniffed
///   into a page or a script (an error that echoes a path stays JSON).
/// - `X-Frame-Options: DENY`, beside pages' CSP `frame-ancestors 'none'`: no other site may
///   frame the app (clickjacking an order ticket); the header for browsers without CSP 2.
/// - `Referrer-Policy: same-origin`: the app's own requests keep their `Referer`; a link out
///   tells the other site nothing (not which stock was open, nor the server's address).
/// - `Permissions-Policy`: the app uses no camera, microphone, location, motion sensors,
///   payment or USB, and says so, so nothing injected could ask for them.
/// - `Strict-Transport-Security: max-age=31536000` on an answer that went over HTTPS (served
///   directly, or by a trusted proxy): the browser uses HTTPS for a year and never falls back.
public enum SecurityHeaders {
    public static let permissionsPolicy =
        "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()"

    /// The headers, by name and value; HSTS only when `secure`.
    public static func fields(secure: Bool) -> [(name: String, value: String)] {
        var fields = [
            (name: "X-Content-Type-Options", value: "nosniff"),
            (name: "X-Frame-Options", value: "DENY"),
            (name: "Referrer-Policy", value: "same-origin"),
            (name: "Permissions-Policy", value: permissionsPolicy),
        ]
        if secure { fields.append((name: "Strict-Transport-Security", value: "max-age=31536000")) }
        return fields
    }
}
