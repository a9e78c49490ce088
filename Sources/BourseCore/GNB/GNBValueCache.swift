/// Makes a record's values from their bytes on the readers' fast path, remembering the SKUs and
/// currency codes already made: a large document repeats a few of each, so most are found by
/// their bytes without decoding or checking them again.
///
/// Each value is accepted only in its plain form (a SKU with a visible ASCII character, three
/// letters A-Z, a decimal in `ExactDecimal`'s grammar); anything else gives nil and the record
/// goes to the general path, which decides and words the error.
struct GNBValueCache {
    /// SKUs of up to 15 bytes by their bytes; direct-mapped, so a clash only costs a decoding.
    private var skuKeys = [SKUKey](repeating: SKUKey(low: 0, high: 0), count: Self.skuSlots)
    private var skus = [String](repeating: "", count: Self.skuSlots)
    /// Currency codes by their three letters (0 for an empty slot).
    private var currencyKeys = [UInt32](repeating: 0, count: Self.currencySlots)
    private var currencies = [CurrencyCode](repeating: .eur, count: Self.currencySlots)

    private static let skuSlots = 256
    private static let currencySlots = 64

    /// A SKU's bytes and length in two words: the length in the top byte of `high`.
    private struct SKUKey: Equatable {
        let low: UInt64
        let high: UInt64
    }

    /// The SKU in `slice`: a string that is not empty and holds a visible ASCII character (so it is
    /// not only whitespace, whatever else it holds). Other SKUs (only spaces, only non-ASCII
    /// letters) go to the general path, which checks them as Swift characters.
    @inline(__always)
    mutating func sku(_ slice: GNBFieldSlice, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard slice.isPresent, !slice.isNumber else { return nil }
        let length = slice.end - slice.start
        guard length > 0 else { return nil }
        guard length <= 15 else { return Self.makeSKU(slice, in: bytes) }
        var low: UInt64 = 0
        var high = UInt64(length) << 56
        for k in 0..<min(length, 8) { low |= UInt64(bytes[slice.start + k]) << (8 * k) }
        if length > 8 {
            for k in 8..<length { high |= UInt64(bytes[slice.start + k]) << (8 * (k - 8)) }
        }
        let key = SKUKey(low: low, high: high)
        let slot = Int(truncatingIfNeeded: (((low &* 0x9E37_79B9_7F4A_7C15) ^ high) &* 0xC2B2_AE3D_27D4_EB4F) >> 56)
        if skuKeys[slot] == key { return skus[slot] }
        guard let sku = Self.makeSKU(slice, in: bytes) else { return nil }
        skuKeys[slot] = key
        skus[slot] = sku
        return sku
    }

    private static func makeSKU(_ slice: GNBFieldSlice, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let text = UnsafeBufferPointer(rebasing: bytes[slice.start..<slice.end])
        guard text.contains(where: { $0 > 0x20 && $0 < 0x7F }) else { return nil }
        return String(decoding: text, as: UTF8.self)
    }

    /// The currency code in `slice`: exactly three bytes A-Z.
    @inline(__always)
    mutating func currency(_ slice: GNBFieldSlice, in bytes: UnsafeBufferPointer<UInt8>) -> CurrencyCode? {
        guard slice.isPresent, !slice.isNumber, slice.end - slice.start == 3 else { return nil }
        let a = bytes[slice.start], b = bytes[slice.start + 1], c = bytes[slice.start + 2]
        let key = UInt32(a) | UInt32(b) << 8 | UInt32(c) << 16
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> 26)
        if currencyKeys[slot] == key { return currencies[slot] }
        guard
            let code = CurrencyCode(
                String(decoding: UnsafeBufferPointer(rebasing: bytes[slice.start..<slice.end]), as: UTF8.self))
        else { return nil }
        currencyKeys[slot] = key
        currencies[slot] = code
        return code
    }

    /// The decimal in `slice`, exactly as `ExactDecimal(parsing:)` (a string) or
    /// `ExactDecimal(jsonNumber:)` (a JSON number) reads the same text; nil where they would refuse it.
    @inline(__always)
    static func decimal(_ slice: GNBFieldSlice, in bytes: UnsafeBufferPointer<UInt8>) -> ExactDecimal? {
        guard slice.isPresent else { return nil }
        let text = UnsafeBufferPointer(rebasing: bytes[slice.start..<slice.end])
        guard case .success(let value) = ExactDecimal.parse(text, allowExponent: slice.isNumber) else { return nil }
        return value
    }
}
