import Foundation

/// Where to go after signing in: a path on this site (`/stocks/AAPL?range=5D`), never another
/// site (`//evil.example`, `https://…`, `/\evil.example`); anything else goes to `/`.
enum SignInTarget {
    static func safe(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.hasPrefix("/\\"), next.utf8.count <= 2048,
            next.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else { return "/" }
        return next
    }

    /// `/signin?next=…` for a request to `target`.
    static func signInPath(returningTo target: String) -> String {
        let safe = safe(target)
        guard safe != "/" else { return "/signin" }
        return "/signin?next=" + (safe.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    }
}
