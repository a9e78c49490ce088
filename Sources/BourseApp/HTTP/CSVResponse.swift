import BourseCore
import Hummingbird

/// A CSV export as a download: `text/csv` (RFC 4180 §3, with `header=present`) in UTF-8, and
/// `Content-Disposition: attachment` with a file name made of safe characters only.
struct CSVResponse: ResponseGenerator {
    let table: CSVExport
    /// The file name without `.csv`; anything but letters, digits, `-` and `_` becomes `_`.
    let name: String

    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "text/csv; charset=utf-8; header=present",
                .contentDisposition: "attachment; filename=\"\(Self.safe(name)).csv\"",
                .cacheControl: "no-store",
            ],
            body: .init(byteBuffer: ByteBuffer(string: table.text)))
    }

    static func safe(_ name: String) -> String {
        String(
            name.prefix(80).unicodeScalars.map { scalar -> Character in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", "-", "_": Character(scalar)
                default: "_"
                }
            })
    }
}
