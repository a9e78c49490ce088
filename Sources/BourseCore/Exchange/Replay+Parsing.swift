extension Replay {
    /// The feed's ticks and the bad lines: each line must be a valid tick message, with a `seq`
    /// above the previous tick's (gaps are allowed, as on the live feed).
    static func parseFeed(_ text: String) -> ([FeedTick], [ReplayLineError]) {
        var ticks: [FeedTick] = []
        var errors: [ReplayLineError] = []
        for (number, line) in lines(text) {
            do {
                let tick = try FeedTick.parse(line)
                if let previous = ticks.last, tick.seq <= previous.seq {
                    errors.append(
                        ReplayLineError(
                            file: .feed, line: number,
                            reason: "seq \(tick.seq) is not after the previous tick's \(previous.seq): ticks go in seq order"))
                    continue
                }
                ticks.append(tick)
            } catch {
                errors.append(ReplayLineError(file: .feed, line: number, reason: error.reason))
            }
        }
        return (ticks, errors)
    }

    /// The script's entries and the bad lines. A cancel must name an order placed on an earlier
    /// line at an `atSeq` no later than its own, or an exit of its bracket (`o1.tp`, `o1.sl`);
    /// ids are unique.
    static func parseOrders(_ text: String) -> ([ReplayEntry], [ReplayLineError]) {
        var entries: [ReplayEntry] = []
        var errors: [ReplayLineError] = []
        /// Every id placed so far, even on a bad line, so that one mistake is reported once.
        var placed: [String: (line: Int, atSeq: Int64?)] = [:]
        /// The exits each bracket will make (`o1.tp`, `o1.sl`), by exit id: its entry's id.
        var exits: [String: String] = [:]
        for (number, line) in lines(text) {
            do throws(ScriptError) {
                let json: JSONValue
                do { json = try JSONReader.parse(line) } catch { throw ScriptError("not JSON (\(error.description))") }
                guard case .object = json else { throw ScriptError("not a JSON object: a line places an order or cancels one") }
                // Read now, thrown later: an order line names its id first, so that a later cancel
                // of it is not reported as well.
                let atSeq = Result { () throws(ScriptError) in try Self.atSeq(json["atSeq"]) }
                if let cancel = json["cancel"] {
                    guard json["id"] == nil else {
                        throw ScriptError("a line either places an order (\"id\") or cancels one (\"cancel\"), not both")
                    }
                    let seq = try atSeq.get()
                    guard let id = cancel.stringValue, !id.isEmpty else {
                        throw ScriptError("\"cancel\" must be the id of an order placed on an earlier line")
                    }
                    guard let order = placed[id] ?? exits[id].flatMap({ placed[$0] }) else {
                        throw ScriptError("cancel of \"\(id)\", which no earlier line places (nor a bracket of one)")
                    }
                    if let placedAt = order.atSeq, placedAt > seq {
                        throw ScriptError(
                            "cancel at seq \(seq) comes before \"\(id)\" is placed at seq \(placedAt) (line \(order.line))")
                    }
                    entries.append(ReplayEntry(line: number, atSeq: seq, action: .cancel(id: id)))
                } else {
                    guard let idJSON = json["id"] else {
                        throw ScriptError("\"id\" is missing: name the order, or use \"cancel\" to cancel one")
                    }
                    guard let id = idJSON.stringValue, !id.isEmpty else { throw ScriptError("\"id\" must be a non-empty string") }
                    if let first = placed[id] { throw ScriptError("id \"\(id)\" is already used on line \(first.line)") }
                    placed[id] = (number, try? atSeq.get())
                    if BracketLeg.allCases.contains(where: { id.hasSuffix(".\($0.rawValue)") }) {
                        throw ScriptError("id \"\(id)\" ends in .tp or .sl, which name a bracket's exits: choose another")
                    }
                    let seq = try atSeq.get()
                    let request: OrderRequest
                    do { request = try OrderRequest.parse(json) } catch { throw ScriptError(error.description) }
                    if let bracket = request.bracket {
                        if bracket.takeProfit != nil { exits[BracketLeg.takeProfit.id(entry: id)] = id }
                        if bracket.stopLoss != nil { exits[BracketLeg.stopLoss.id(entry: id)] = id }
                    }
                    entries.append(ReplayEntry(line: number, atSeq: seq, action: .submit(id: id, request: request)))
                }
            } catch {
                errors.append(ReplayLineError(file: .orders, line: number, reason: error.reason))
            }
        }
        return (entries, errors)
    }

    /// `atSeq`: a whole number, 0 or above.
    private static func atSeq(_ json: JSONValue?) throws(ScriptError) -> Int64 {
        guard let json, !json.isNull else {
            throw ScriptError("\"atSeq\" is missing: give the feed seq after which the line applies")
        }
        guard let value = json.int64Value, value >= 0 else {
            throw ScriptError("\"atSeq\" must be a whole number, 0 or above (the feed seq after which the line applies)")
        }
        return value
    }

    /// The non-blank lines with their numbers from 1; a trailing "\r" is dropped.
    ///
    /// Split by Unicode scalars, not Characters: "\r\n" is one Character, so a split on the
    /// Character "\n" would read a whole file with CRLF line ends as one line.
    private static func lines(_ text: String) -> [(Int, String)] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { offset, raw in
            let line = String(Substring(raw.last == "\r" ? raw.dropLast() : raw))
            guard line.contains(where: { !$0.isWhitespace }) else { return nil }
            return (offset + 1, line)
        }
    }

    private struct ScriptError: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
