/// An invariant of a parser: when it fails, the harness traps, and libFuzzer saves the input.
///
/// `fatalError` rather than `precondition`, whose message an optimized build leaves out: a
/// finding says which invariant broke and with what values. The message is only built on
/// failure.
public func check(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
    line: UInt = #line
) {
    if !condition() {
        fatalError("invariant broken: \(message())", file: file, line: line)
    }
}
