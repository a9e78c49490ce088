import BourseCore

/// `/leaderboard`: everyone who trades, best first, as a table (on a phone each person a two-line
/// row: rank, name and figure, then the fills under the name and the return under the figure).
/// The signed-in person's row says "You". The owner has a plain form that hides the board from
/// everyone else or shows it again.
enum LeaderboardPage {
    static func render(_ board: Leaderboard, you: AccountID, hidden: Bool, isOwner: Bool) -> HTML {
        let figure = board.measure == .equity ? "Equity" : "P&L"
        let rows = board.rows.map { row(in: $0, measure: board.measure, you: you) }.joined()
        let unknown: HTML =
            board.rows.contains { board.measure.value(of: $0.standing) == nil }
            ? #"<p class="note" id="leaderboard-unknown">A dash: shares held and no trade yet to value them at (ranked last).</p>"#
            : ""
        let alone: HTML =
            isOwner && board.rows.count == 1
            ? #"<p class="note" id="leaderboard-alone">Only you so far: invite people on the <a href="/people">People</a> page.</p>"#
            : ""
        let content: HTML = #"""
            <div class="leaderboard" id="page" data-page="leaderboard">
            <h1>Leaderboard</h1>
            \#(rule(board))
            \#(isOwner ? visibility(hidden: hidden) : "")
            <table class="board" id="leaderboard-table">
            <caption class="visually-hidden">Everyone who trades, best first</caption>
            <thead><tr><th scope="col" class="rank">Rank</th><th scope="col" class="who">Name</th>\#
            <th scope="col" class="num figure">\#(figure)</th><th scope="col" class="num return">Return</th>\#
            <th scope="col" class="num shares">Shares</th><th scope="col" class="num fills">Fills</th></tr></thead>
            <tbody id="leaderboard-rows">\#(rows)</tbody>
            </table>
            \#(unknown)
            \#(alone)
            </div>
            """#
        return PageLayout(title: "Leaderboard", section: nil, content: content, stylesheets: ["leaderboard.css"]).render()
    }

    /// What the board ranks by, in a sentence.
    private static func rule(_ board: Leaderboard) -> HTML {
        guard let cash = board.startingCash else {
            return #"""
                <p class="note" id="leaderboard-rule">No starting cash: ranked by realised plus unrealised profit \#
                (P&amp;L), shares valued at the last trade. Ties go to the higher return, then to more fills.</p>
                """#
        }
        return #"""
            <p class="note" id="leaderboard-rule">Everyone started with <strong>\#(money(cash.decimal))</strong>: \#
            ranked by equity, cash plus shares at the last trade. Ties go to the higher return, then to more fills.</p>
            """#
    }

    /// The owner's switch: who sees the board, and a button that changes it.
    private static func visibility(hidden: Bool) -> HTML {
        let (state, button): (HTML, HTML) =
            hidden
            ? ("Hidden: only you see the leaderboard.", "Show to members")
            : ("Members and viewers see the leaderboard.", "Hide from members")
        return #"""
            <form class="leaderboard-visibility" id="leaderboard-visibility" method="post" action="/leaderboard/visibility">\#
            <p id="leaderboard-state">\#(state)</p>\#
            <input type="hidden" name="hidden" value="\#(hidden ? "false" : "true")">\#
            <button type="submit" class="button secondary">\#(button)</button></form>
            """#
    }

    private static func row(in row: Leaderboard.Row, measure: Leaderboard.Measure, you: AccountID) -> HTML {
        let standing = row.standing
        let mine = row.account == you
        let mark: HTML = mine ? #" <span class="you-mark">You</span>"# : ""
        let value = measure.value(of: standing)
        let figure: (text: String, direction: String) =
            measure == .equity ? (value.map(money) ?? "—", "") : signed(value)
        let change = signed(standing.returnPercent, suffix: "\u{a0}%")
        let more = summary(fills: standing.fills, quantity: standing.quantity)
        let quantity = standing.quantity < 0 ? "\u{2212}\(-standing.quantity)" : "\(standing.quantity)"
        let rowClass: HTML = mine ? #" class="you""# : ""
        return #"""
            <tr\#(rowClass) data-name="\#(row.name)" data-rank="\#(row.rank)">\#
            <td class="rank">\#(row.rank)</td>\#
            <th scope="row" class="who"><span class="who-line"><span class="one-line" title="\#(row.name)">\#(row.name)</span>\#(mark)</span>\#
            <span class="note more">\#(more)</span></th>\#
            <td class="\#(classes("num figure", figure.direction))">\#(figure.text)</td>\#
            <td class="\#(classes("num return", change.direction))">\#(change.text)</td>\#
            <td class="num shares">\#(quantity)</td>\#
            <td class="num fills">\#(standing.fills)</td></tr>
            """#
    }

    /// The phone's second line under a name: "3 fills · 10 shares", "1 fill · 2 shares short",
    /// "No fills yet".
    static func summary(fills: Int, quantity: Int) -> String {
        guard fills > 0 else { return "No fills yet" }
        let count = fills == 1 ? "1 fill" : "\(fills) fills"
        let shares = abs(quantity) == 1 ? "share" : "shares"
        let held =
            switch quantity.signum() {
            case 0: "no shares"
            case 1: "\(quantity) \(shares)"
            default: "\(-quantity) \(shares) short"
            }
        return count + " · " + held
    }

    /// `base`, and `direction` after it when there is one.
    private static func classes(_ base: String, _ direction: String) -> String {
        direction.isEmpty ? base : base + " " + direction
    }

    /// "100,000.00": two places, thousands grouped, a minus sign (U+2212) when negative.
    static func money(_ value: ExactDecimal) -> String {
        let text = value.formatted(places: 2)
        let negative = text.hasPrefix("-")
        let digits = negative ? text.dropFirst() : Substring(text)
        let point = digits.firstIndex(of: ".") ?? digits.endIndex
        var whole = String(digits[..<point])
        var grouped: [Substring] = []
        while whole.count > 3 {
            grouped.insert(Substring(whole.suffix(3)), at: 0)
            whole.removeLast(3)
        }
        grouped.insert(Substring(whole), at: 0)
        return (negative ? "\u{2212}" : "") + grouped.joined(separator: ",") + digits[point...]
    }

    /// A change with its sign and the class that colours it: "+10.00" (up), "−5.00" (down),
    /// "0.00", or "—" when it cannot be said.
    static func signed(_ value: ExactDecimal?, suffix: String = "") -> (text: String, direction: String) {
        guard let value else { return ("—", "") }
        let text = money(value.magnitude) + suffix
        switch value.signum {
        case 1: return ("+" + text, "up")
        case -1: return ("\u{2212}" + text, "down")
        default: return (text, "")
        }
    }
}
