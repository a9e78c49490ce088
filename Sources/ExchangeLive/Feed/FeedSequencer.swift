import BourseCore

/// The `seq` rules of one connection: the first tick sets the base, then each tick must be
/// newer than the last; a jump of more than one is a gap (reported, then accepted), an older or
/// repeated `seq` is dropped.
struct FeedSequencer {
    enum Verdict: Equatable {
        /// The first tick of the connection.
        case first
        /// The next tick in order.
        case next
        /// Newer, but `expected` was due.
        case gap(expected: Int64)
        /// Not newer than `last`: dropped.
        case stale(last: Int64)
    }

    private(set) var last: Int64?

    mutating func admit(_ seq: Int64) -> Verdict {
        guard let last else {
            self.last = seq
            return .first
        }
        if seq <= last { return .stale(last: last) }
        self.last = seq
        return seq == last + 1 ? .next : .gap(expected: last + 1)
    }
}
