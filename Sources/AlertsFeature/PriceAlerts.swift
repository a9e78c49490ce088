import BourseCore
import Foundation
import Logging
import MarketData
import MarketsFeature
import NotificationsFeature
import Synchronization

/// Everyone's price alerts, live: kept in an `AlertStore`, one list per account, checked against
/// every price the app learns (a list pricing, the exchange feed's last trade), each firing once
/// (SPEC.md §11) and told to its own account only (SPEC.md §14).
///
/// The armed ones of every account are held as one `AlertBook`, so a price costs a lookup. A met
/// alert leaves the book before the store is written, so a price that comes during the write
/// cannot fire it twice. The store stays the truth: every read of an account's list reloads
/// that account's alerts from it, and the background refresh reloads everyone's every minute,
/// so an alert the command line set or removed while the app runs counts from the next read.
/// Ids are the server's (never two alerts with one), so an alert's id names its account too.
public actor PriceAlerts {
    /// A price the app learned: a stock's price and day change in percent (when known), at a time.
    public struct Observation: Sendable, Equatable {
        public let symbol: String
        public let price: ExactDecimal
        public let changePercent: ExactDecimal?
        public let time: Date
        /// A market price (a close, as the stock's page shows) or the exchange feed's trade.
        public let origin: Notice.PriceOrigin

        public init(
            symbol: String, price: ExactDecimal, changePercent: ExactDecimal?, time: Date,
            origin: Notice.PriceOrigin = .market
        ) {
            self.symbol = symbol
            self.price = price
            self.changePercent = changePercent
            self.time = time
            self.origin = origin
        }
    }

    private let store: any AlertStore
    private let listings: ListingSearch?
    private let now: @Sendable () -> Date
    private let logger: Logger
    /// Tells each alert's own account when it fires (its bell, its devices).
    private let notifier: Notifier?
    /// Each account's alerts as last read or written, the book of their armed ones, and whose
    /// each alert is.
    private var alerts: [AccountID: [Alert]] = [:] {
        didSet {
            let all = alerts.values.joined().sorted { (Int($0.id) ?? 0) < (Int($1.id) ?? 0) }
            book = AlertBook(all)
            accounts = Dictionary(
                alerts.flatMap { account, list in list.map { ($0.id, account) } }, uniquingKeysWith: { first, _ in first })
            version += 1
        }
    }
    private var accounts: [String: AccountID] = [:]
    /// Counts the changes to `alerts`: a pricing is checked again once they changed.
    private var version = 0
    /// The pricing last checked (its days and size) and the alerts' version then.
    private var lastChecked: (lastDay: MarketDate, previousDay: MarketDate, count: Int, version: Int)?
    /// Whether everyone's alerts were read (an account's own read loads only its own).
    private var loaded = false
    private var book = AlertBook([])
    /// The last pricing checked (its day and closes), so the same one is not checked again.
    private var lastPricing: ListPricing?
    /// The last price learned of each symbol with an alert: a new alert is checked against it.
    private var lastSeen: [String: Observation] = [:]

    public init(
        store: any AlertStore, listings: ListingSearch?, notifier: Notifier? = nil,
        now: @escaping @Sendable () -> Date = { Date() }, logger: Logger = Logger(label: "bourse.alerts")
    ) {
        self.store = store
        self.notifier = notifier
        self.listings = listings
        self.now = now
        self.logger = logger
    }

    /// The account's alerts, in the order they were set (the store's, which the book is reloaded from).
    public func list(for account: AccountID) async throws -> [Alert] {
        let list = try await store.alerts(of: account)
        alerts[account] = list
        return list
    }

    /// Reads everyone's alerts again (the background refresh: a change from the command line
    /// counts from here).
    public func reload() async throws {
        alerts = try await store.everyonesAlerts()
        loaded = true
    }

    /// Sets a new alert for the account; it fires at once when the last price learned of its stock meets it.
    public func add(_ request: AlertRequest, for account: AccountID) async throws -> Alert {
        let symbol = try await listed(request.symbol)
        let time = now()
        let list = try await store.update(of: account) { alerts, lastID in
            Alerts.adding(AlertRequest(symbol: symbol, condition: request.condition), to: alerts, lastID: lastID, at: time)
        }.get()
        alerts[account] = list
        return await checkedAgainstLastSeen(list[list.count - 1], of: account)
    }

    /// Changes the account's alert `id` (its symbol kept when the request has none) and arms it
    /// again; another account's id is not found.
    public func change(_ id: String, to request: AlertRequest, for account: AccountID) async throws -> Alert {
        var checked: String?
        if let text = request.symbol { checked = try await listed(text) }
        let symbol = checked
        let list = try await store.update(of: account) { alerts, _ in
            Alerts.replacing(id, with: AlertRequest(symbol: symbol, condition: request.condition), in: alerts)
        }.get()
        alerts[account] = list
        guard let changed = list.first(where: { $0.id == id }) else { throw AlertError.notFound(id) }
        return await checkedAgainstLastSeen(changed, of: account)
    }

    /// Removes the account's alert `id`; another account's id is not found.
    public func remove(_ id: String, for account: AccountID) async throws {
        alerts[account] = try await store.update(of: account) { alerts, _ in Alerts.removing(id, from: alerts) }.get()
    }

    /// The symbols with an armed alert.
    public var armedSymbols: [String] { book.symbols }

    /// Checks a list pricing: each armed alert against its stock's quote, once per pricing and
    /// version of the alerts (a list asked again costs a comparison; an alert the command line set
    /// is checked at the next read of the list, the background refresh's included).
    @discardableResult
    public func observe(_ pricing: ListPricing) async -> [Alert] {
        lastPricing = pricing
        // Not if another call loaded (and maybe fired) them while this one read.
        let before = alerts
        if !loaded, let stored = try? await store.everyonesAlerts(), !loaded { loadEveryone(stored, before: before) }
        if let lastChecked, lastChecked.lastDay == pricing.lastDay, lastChecked.previousDay == pricing.previousDay,
            lastChecked.count == pricing.count, lastChecked.version == version
        {
            return []
        }
        lastChecked = (pricing.lastDay, pricing.previousDay, pricing.count, version)
        let time = now()
        let observations = book.symbols.compactMap { symbol in
            pricing.quote(for: symbol).map {
                Observation(symbol: symbol, price: $0.price, changePercent: $0.changePercent, time: time)
            }
        }
        return await observe(observations)
    }

    /// Checks prices the app learned; returns the alerts they fired (already stored).
    @discardableResult
    public func observe(_ observations: [Observation]) async -> [Alert] {
        if !loaded {
            do {
                let before = alerts
                let stored = try await store.everyonesAlerts()
                if !loaded { loadEveryone(stored, before: before) }
            } catch {
                logger.error("the alerts could not be read", metadata: ["error": "\(error)"])
            }
        }
        var met: [Alert] = []
        var origins: [String: Notice.PriceOrigin] = [:]
        for observation in observations {
            lastSeen[observation.symbol] = observation
            for alert in book.met(
                symbol: observation.symbol, price: observation.price, changePercent: observation.changePercent)
            {
                met.append(alert.fired(at: observation.time, price: observation.price, changePercent: observation.changePercent))
                origins[alert.id] = observation.origin
            }
        }
        guard !met.isEmpty else { return [] }
        return await fire(met, origins: origins)
    }

    /// The change of `symbol` at `price` (a trade on the exchange) since the last close of the
    /// last pricing, in percent.
    public func changePercent(of symbol: String, at price: ExactDecimal) -> ExactDecimal? {
        guard let previousClose = lastPricing?.quote(for: symbol)?.price, !previousClose.isZero else { return nil }
        return try? ((price - previousClose) * 100).divided(by: previousClose, places: 2, .halfEven)
    }

    /// Everyone's alerts as read, but an account's list that a write changed during the read
    /// (`alerts` was `before` when it began) stays as the write left it.
    private func loadEveryone(_ stored: [AccountID: [Alert]], before: [AccountID: [Alert]]) {
        var merged = stored
        for (account, list) in alerts where before[account] != list { merged[account] = list }
        alerts = merged
        loaded = true
    }

    /// Stores `met` as fired (those still armed in the store), each in its account's list, and
    /// tells each account of its own. They leave the book first, so a price that comes while the
    /// store writes cannot fire them again.
    private func fire(_ met: [Alert], origins: [String: Notice.PriceOrigin] = [:]) async -> [Alert] {
        let firing = Dictionary(met.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        alerts = alerts.mapValues { list in list.map { alert in alert.status == .armed ? firing[alert.id] ?? alert : alert } }
        let byAccount = Dictionary(grouping: firing.keys.compactMap { id in accounts[id].map { ($0, id) } }, by: \.0)
        var fired: [Alert] = []
        for (account, _) in byAccount.sorted(by: { $0.key < $1.key }) {
            fired += await fire(firing, of: account, origins: origins)
        }
        return fired.sorted { (Int($0.id) ?? 0) < (Int($1.id) ?? 0) }
    }

    /// Stores the account's alerts among `firing` as fired and tells the account of each.
    private func fire(
        _ firing: [String: Alert], of account: AccountID, origins: [String: Notice.PriceOrigin]
    ) async -> [Alert] {
        // The ids this write fired: only those still armed in the store. A stale read of the list
        // may have put a fired alert back into the book; met again, it is not fired (nor told) twice.
        let armedInStore = Mutex<Set<String>>([])
        do {
            let list = try await store.update(of: account) { alerts, _ in
                armedInStore.withLock { ids in
                    ids = Set(alerts.filter { $0.status == .armed && firing[$0.id] != nil }.map(\.id))
                }
                return .success(alerts.map { alert in alert.status == .armed ? firing[alert.id] ?? alert : alert })
            }.get()
            alerts[account] = list
            let firedNow = armedInStore.withLock { $0 }
            let fired = list.filter { firedNow.contains($0.id) }
            for alert in fired {
                logger.info(
                    "alert fired",
                    metadata: [
                        "id": "\(alert.id)", "account": "\(account)", "symbol": "\(alert.symbol)",
                        "condition": "\(alert.condition.text)", "price": "\(alert.firedPrice?.description ?? "")",
                    ])
                await notifier?.post(.fired(alert, from: origins[alert.id] ?? .market), for: account)
            }
            return fired
        } catch {
            logger.error("fired alerts could not be stored", metadata: ["account": "\(account)", "error": "\(error)"])
            if let stored = try? await store.alerts(of: account) { alerts[account] = stored }
            return []
        }
    }

    private func checkedAgainstLastSeen(_ alert: Alert, of account: AccountID) async -> Alert {
        guard
            let seen = lastSeen[alert.symbol]
                ?? lastPricing?.quote(for: alert.symbol).map({
                    Observation(symbol: alert.symbol, price: $0.price, changePercent: $0.changePercent, time: now())
                }),
            alert.condition.isMet(price: seen.price, changePercent: seen.changePercent)
        else { return alert }
        let fired = await fire(
            [alert.fired(at: now(), price: seen.price, changePercent: seen.changePercent)], origins: [alert.id: seen.origin])
        return fired.first ?? alert
    }

    /// `text` as a listed symbol; `AlertError` when it is none. Without listings, any symbol.
    private func listed(_ text: String?) async throws -> String {
        guard let text else { throw AlertError.invalid("an alert needs a symbol, e.g. \"symbol\": \"AAPL\"") }
        guard case .success(let symbol) = Symbol.normalized(text) else {
            throw AlertError.invalid("\"\(text.prefix(20))\" is not a ticker symbol")
        }
        if let listings, await listings.isListed(symbol) == false { throw AlertError.unknownSymbol(symbol) }
        return symbol
    }
}
