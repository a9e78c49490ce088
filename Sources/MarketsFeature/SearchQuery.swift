import BourseCore

/// A search's query: the rules the API (`q`) and the command line share.
public enum SearchQuery {
    /// Why `query` cannot be searched, or nil when it can.
    public static func problem(with query: String) -> String? {
        guard query.count > SearchIndex.maxQueryLength else { return nil }
        return "q is \(query.count) characters long; search with at most \(SearchIndex.maxQueryLength)"
    }
}
