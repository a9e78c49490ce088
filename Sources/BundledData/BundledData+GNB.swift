import Foundation

extension BundledData {
    /// The bytes of a bundled GNB file, by its path under `Resources` (e.g. `gnb/kata-statement/rates.json`).
    ///
    /// Only paths below `gnb/` are served, and `..` is refused, so a path taken from a request
    /// cannot reach other files.
    public static func gnbFile(_ relativePath: String) throws -> [UInt8] {
        let components = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        guard components.first == "gnb", components.count > 1,
            !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
        else {
            throw BundledDataError.missingFile(relativePath)
        }
        guard let base = Bundle.module.url(forResource: "Resources", withExtension: nil),
            let data = FileManager.default.contents(atPath: base.appendingPathComponent(relativePath).path)
        else {
            throw BundledDataError.missingFile(relativePath)
        }
        return [UInt8](data)
    }
}
