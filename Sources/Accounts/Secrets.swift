import Crypto
import Foundation

/// The secrets the app hands out (session cookies, API tokens) and how they are kept: 256
/// random bits, shown once in base64url, stored only as their SHA-256 in hex.
public enum Secrets {
    /// A new secret: 32 bytes from the system's cryptographic generator, base64url, unpadded.
    public static func make(prefix: String = "") -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return prefix + base64URL(bytes)
    }

    /// The SHA-256 of `secret`'s UTF-8 bytes, in lowercase hex: what the store keeps.
    public static func hash(_ secret: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: Data(secret.utf8)) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }

    /// Whether `a` and `b` are equal, taking the same time whatever the first differing byte.
    public static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        var difference = UInt8(truncatingIfNeeded: left.count ^ right.count)
        for index in 0..<max(left.count, right.count) {
            let x = index < left.count ? left[index] : 0
            let y = index < right.count ? right[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }

    private static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
