import BourseCore

/// What downloads and parses GNB's rates and transactions. The live implementation,
/// `GNBClient` (HTTP or files, JSON or XML, the last good download), is in `GNBDataLive`, which
/// only the bootstrap and the tests import.
public protocol GNBLoader: Sendable {
    /// The rates and transactions at `sources`.
    func load(_ sources: GNBSources) async throws(GNBError) -> GNBDataset
}
