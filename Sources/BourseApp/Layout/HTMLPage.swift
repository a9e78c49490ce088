import Hummingbird

/// A rendered HTML page as a response, with the headers every page shares (and those of every
/// answer, `SecurityHeaders`, from its middleware).
///
/// The content security policy allows only this app's own scripts, styles and API: a page can
/// never load anything from elsewhere, and text that slipped past escaping could not run; no
/// other site may frame it (`frame-ancestors 'none'`, and `X-Frame-Options: DENY`).
struct HTMLPage: ResponseGenerator {
    var status: HTTPResponse.Status = .ok
    let html: HTML

    static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
        + "form-action 'self'; frame-ancestors 'none'"

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8",
            .contentSecurityPolicy: Self.contentSecurityPolicy,
            .cacheControl: "no-cache",
        ]
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html.markup)))
    }
}
