import Accounts
import BourseCore
import Foundation
import MarketsFeature
import SnapshotTesting
import Testing

@testable import BourseApp

/// Every page's HTML as text, compared with `__Snapshots__/PageSnapshotTests/<test>.1.txt`.
///
/// A change to a page's markup shows here as a diff to review. The assets' content hashes
/// (`?v=1a2b…`) are replaced by `HASH`, so that a changed script or stylesheet changes no
/// snapshot. To update a snapshot after a deliberate change: `SNAPSHOT_TESTING_RECORD=failed
/// swift test --filter PageSnapshotTests`, then review the diff of `__Snapshots__`.
@Suite("Page snapshots")
struct PageSnapshotTests {
    /// Text that tries to break out of element content and attribute values.
    static let hostile = #"<script>alert("x")</script> & 'quoted'"#

    // MARK: Markets

    @Test func signInWithAWrongPassword() {
        assertSnapshot(of: SignInPage.render(next: "/stocks/AAPL", name: "<ada>", problem: .wrongCredentials), as: .page)
    }

    @Test func signedInHeader() {
        PageLayout.$signedIn.withValue(Identity(account: AccountID(2), name: "ann", role: .member, credential: .session)) {
            assertSnapshot(of: MarketsListPage(sourceLabel: nil).render(), as: .page)
        }
    }

    @Test func ownersHeaderLinksToPeople() {
        PageLayout.$signedIn.withValue(Identity(account: .owner, name: "ada", role: .owner, credential: .session)) {
            assertSnapshot(of: MarketsListPage(sourceLabel: nil).render(), as: .page)
        }
    }

    // MARK: People

    @Test func peopleWithAnInvitationJustMade() {
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        let people = [
            AccountRecord(id: .owner, name: "ada", role: .owner, passwordHash: "x", createdAt: time, changedAt: time),
            AccountRecord(
                id: AccountID(2), name: Self.hostile, role: .member, passwordHash: "x", createdAt: time, changedAt: time),
            AccountRecord(
                id: AccountID(3), name: "Bartholomew Featherstonehaugh", role: .viewer, passwordHash: "x", createdAt: time,
                changedAt: time),
        ]
        let invitation = InvitationRecord(
            tokenHash: "h", name: "cy", role: .viewer, createdAt: time, expiresAt: time.addingTimeInterval(7 * 86_400))
        assertSnapshot(
            of: PeoplePage.render(
                people: people, invitations: [invitation], you: "ada", made: (invitation, "TOKEN"), problem: nil, name: nil),
            as: .page)
    }

    @Test func peopleBeforeTheOwnersPassword() {
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        let owner = AccountRecord(id: .owner, name: "owner", role: .owner, passwordHash: nil, createdAt: time, changedAt: time)
        assertSnapshot(
            of: PeoplePage.render(
                people: [owner], invitations: [], you: nil, made: nil, problem: nil, name: nil, passwordSet: false),
            as: .page)
    }

    @Test func invitationToChooseAPassword() {
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        let invitation = InvitationRecord(
            tokenHash: "h", name: Self.hostile, role: .member, createdAt: time, expiresAt: time.addingTimeInterval(86_400))
        assertSnapshot(
            of: InvitationPage.render(.open(invitation, token: "TOKEN"), problem: "the password must be at least 8 characters"),
            as: .page)
    }

    @Test func myStocks() {
        assertSnapshot(of: MyStocksPage(sourceLabel: "Simulated market").render(), as: .page)
    }

    @Test func homeBeforeFollowingAStock() {
        assertSnapshot(of: MarketsListPage(sourceLabel: nil, section: .myStocks).render(), as: .page)
    }

    @Test func marketsList() {
        assertSnapshot(of: MarketsListPage(sourceLabel: nil).render(), as: .page)
    }

    @Test func marketsListWithSourceLabel() {
        assertSnapshot(of: MarketsListPage(sourceLabel: "Simulated market").render(), as: .page)
    }

    @Test func stockPage() {
        assertSnapshot(of: StockPage(symbol: "BRK.B", sourceLabel: "Polygon.io").render(), as: .page)
    }

    @Test func invalidSymbol() {
        let text = "<b>AAPL\"x"
        guard case .failure(let error) = Symbol.normalized(text) else {
            Issue.record("\(text) should not be a symbol")
            return
        }

        assertSnapshot(of: StockPage.invalidSymbol(text, reason: error.reason).render(), as: .page)
    }

    @Test func unknownSymbol() {
        assertSnapshot(of: StockPage.unknownSymbol("AAPLX").render(), as: .page)
    }

    // MARK: Layout

    @Test func notFoundPage() {
        assertSnapshot(of: NotFoundPage.render(path: "/stocks/AAPL/" + Self.hostile), as: .page)
    }

    @Test func layoutWithStaleData() {
        let page = PageLayout(
            title: "Stale " + Self.hostile, section: .markets, sourceLabel: Self.hostile,
            staleSince: "2026-11-22T11:00:00Z\"><script>", content: "<p>Saved data.</p>"
        )

        assertSnapshot(of: page.render(), as: .page)
    }

    // MARK: Search

    @Test func searchPrompt() {
        assertSnapshot(of: SearchPage(query: "", outcome: .prompt).render(), as: .page)
    }

    @Test func searchResults() {
        let listings = [
            Listing(symbol: "T", name: "AT&T Inc.", exchange: .nyse, isETF: false),
            Listing(symbol: "BRK.B", name: "Berkshire Hathaway <Class B>", exchange: .nyse, isETF: false),
            Listing(symbol: "ATNF", name: "180 Life Sciences \"Corp\"", exchange: .nasdaq, isETF: false),
            Listing(symbol: "AE", name: "Adams Resources & Energy", exchange: .nyseAmerican, isETF: false),
        ]

        assertSnapshot(of: SearchPage(query: "a&t", outcome: .results(listings)).render(), as: .page)
    }

    @Test func searchResultsAtTheLimit() {
        let listings = (1...ListingSearch.maxLimit).map {
            Listing(symbol: "A\($0)", name: "Company \($0)", exchange: .nasdaq, isETF: false)
        }

        assertSnapshot(of: SearchPage(query: "a", outcome: .results(listings)).render(), as: .page)
    }

    @Test func searchNoResults() {
        assertSnapshot(of: SearchPage(query: Self.hostile, outcome: .results([])).render(), as: .page)
    }

    @Test func searchRefused() throws {
        let query = String(repeating: "x", count: SearchIndex.maxQueryLength + 1)
        let problem = try #require(SearchQuery.problem(with: query))
        let page = SearchPage(query: String(query.prefix(SearchIndex.maxQueryLength)), outcome: .refused(problem))

        assertSnapshot(of: page.render(), as: .page)
    }

    @Test func searchUnavailable() {
        let page = SearchPage(query: Self.hostile, outcome: .refused("The search index isn't loaded <yet> & \"why\""))

        assertSnapshot(of: page.render(), as: .page)
    }

    // MARK: Exchange

    @Test func exchangePage() {
        assertSnapshot(of: ExchangePage().render(), as: .page)
    }

    @Test func exchangePageMarketClosed() {
        // Friday 27 November 2026, 09:30 New York.
        let page = ExchangePage(market: .closed(nextOpen: Date(timeIntervalSince1970: 1_795_789_800)))
        assertSnapshot(of: page.render(), as: .page)
    }

    /// A viewer's page (SPEC.md §14): a note where the ticket would be.
    @Test func exchangePageForAViewer() {
        assertSnapshot(of: ExchangePage(role: .viewer).render(), as: .page)
    }

    /// With `BOURSE_STARTING_CASH`: the account summary above the position.
    @Test func exchangePageWithCash() {
        assertSnapshot(of: ExchangePage(withCash: true).render(), as: .page)
    }

    // MARK: Leaderboard

    /// The board of the leaderboard's snapshots: a member ahead, a hostile name, a long one tied
    /// with it, and the owner holding shares with no trade yet to value them at.
    static func leaderboard(cash: StartingCash?, mark: String?) throws -> Leaderboard {
        func standing(_ fills: [(Side, Int, String)], mark: String?) throws -> AccountStanding {
            var ledger = AccountLedger()
            for (side, quantity, price) in fills {
                ledger.apply(
                    Fill(
                        orderID: "1", seq: 1, time: Date(timeIntervalSince1970: 0), side: side,
                        price: try Price(parsing: price), quantity: quantity))
            }
            return AccountStanding(ledger: ledger, mark: try mark.map { try Price(parsing: $0) }, cash: cash)
        }
        return Leaderboard(
            entrants: [
                .init(
                    account: .owner, name: "ada", role: .owner,
                    standing: try standing([(.buy, 5, "101.26")], mark: nil)),
                .init(
                    account: AccountID(2), name: "ann", role: .member,
                    standing: try standing([(.buy, 10, "101.26"), (.sell, 4, "102.50")], mark: mark)),
                .init(account: AccountID(3), name: Self.hostile, role: .member, standing: try standing([], mark: mark)),
                .init(
                    account: AccountID(4), name: "Bartholomew Featherstonehaugh-Smythe", role: .member,
                    standing: try standing([], mark: mark)),
                .init(
                    account: AccountID(5), name: "bob", role: .member,
                    standing: try standing([(.sell, 1, "99.00")], mark: mark)),
                .init(account: AccountID(6), name: "vic", role: .viewer, standing: try standing([], mark: mark)),
            ], startingCash: cash)
    }

    @Test func leaderboardWithoutCash() throws {
        let board = try Self.leaderboard(cash: nil, mark: "102.00")
        PageLayout.$signedIn.withValue(Identity(account: AccountID(2), name: "ann", role: .member, credential: .session)) {
            PageLayout.$leaderboardLink.withValue(true) {
                assertSnapshot(of: LeaderboardPage.render(board, you: AccountID(2), hidden: false, isOwner: false), as: .page)
            }
        }
    }

    @Test func leaderboardWithCashHiddenByTheOwner() throws {
        let board = try Self.leaderboard(cash: StartingCash("100000"), mark: "102.00")
        PageLayout.$signedIn.withValue(Identity(account: .owner, name: "ada", role: .owner, credential: .session)) {
            PageLayout.$leaderboardLink.withValue(true) {
                assertSnapshot(of: LeaderboardPage.render(board, you: .owner, hidden: true, isOwner: true), as: .page)
            }
        }
    }

    // MARK: GNB

    @Test func gnbProducts() {
        assertSnapshot(of: GNBProductsPage().render(), as: .page)
    }

    @Test func gnbProduct() {
        assertSnapshot(of: GNBProductPage(sku: "T2006").render(), as: .page)
    }

    @Test func invalidSKU() {
        assertSnapshot(of: GNBProductPage.invalidSKU(Self.hostile).render(), as: .page)
    }
}

extension Snapshotting where Value == HTML, Format == String {
    /// A page as lines of text, with every asset's content hash replaced by `HASH`.
    static var page: Self {
        Snapshotting<String, String>.lines.pullback { (html: HTML) in
            html.markup.replacing(/\?v=[0-9a-f]+/, with: "?v=HASH")
        }
    }
}
