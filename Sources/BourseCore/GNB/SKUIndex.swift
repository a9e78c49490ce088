/// Dense ids for SKUs, 0, 1, 2… in order of first appearance, so that a loop over many
/// transactions can keep per-product state in an array instead of a dictionary keyed by String.
///
/// A short SKU (the usual `T2006`, up to 15 bytes) is found by its `StringBits` in an
/// open-addressing table with a multiplicative hash, so hashing and comparing its text is left
/// out. When its bits are new, and for every longer SKU, a `[String: Int]` decides, so SKUs that
/// Swift calls equal share one id, as they would as dictionary keys.
struct SKUIndex {
    /// Each id's SKU, as first seen.
    private(set) var skus: [String] = []
    private var idOfSKU: [String: Int] = [:]
    /// Open addressing with linear probing; `id` -1 marks an empty slot. At most half full.
    private var slots: [Slot]
    private var shift: UInt64
    /// Every string whose bits are in `slots`, kept alive so that no bits are reused.
    private var kept: [String] = []

    private struct Slot {
        var bits: StringBits
        var id: Int

        static let empty = Slot(bits: StringBits(first: 0, second: 0), id: -1)
    }

    init() {
        slots = Array(repeating: .empty, count: 64)
        shift = 64 - 6
    }

    /// The id of `sku`, a new one if it was never seen.
    @inline(__always)
    mutating func id(of sku: String) -> Int {
        guard let bits = StringBits(sku) else { return idByString(sku) }
        return id(ofBits: bits) ?? add(sku, bits: bits)
    }

    /// The id of a string with these bits, if one was seen: no string needed, so a loop can
    /// look up without copying (and so retaining) the string.
    @inline(__always)
    func id(ofBits bits: StringBits) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: bits.mixed >> shift)
        while true {
            let found = slots[slot]
            if found.id < 0 { return nil }
            if found.bits == bits { return found.id }
            slot = (slot + 1) & mask
        }
    }

    /// The id of `sku`, whose bits are not in the table: by String's equality, then its bits
    /// are added when it is short (a long SKU rarely shares its storage, so its bits rarely match).
    private mutating func add(_ sku: String, bits: StringBits) -> Int {
        let id = idByString(sku)
        guard sku.utf8.count <= 15 else { return id }
        var slot = Int(truncatingIfNeeded: bits.mixed >> shift)
        while slots[slot].id >= 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = Slot(bits: bits, id: id)
        kept.append(sku)
        if kept.count * 2 > slots.count { grow() }
        return id
    }

    private mutating func idByString(_ sku: String) -> Int {
        if let id = idOfSKU[sku] { return id }
        let id = skus.count
        idOfSKU[sku] = id
        skus.append(sku)
        return id
    }

    /// Doubles the table and places every entry again.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: .empty, count: old.count * 2)
        shift -= 1
        let mask = slots.count - 1
        for entry in old where entry.id >= 0 {
            var slot = Int(truncatingIfNeeded: entry.bits.mixed >> shift)
            while slots[slot].id >= 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }
}
