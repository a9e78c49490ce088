/// The answers' types, named as an app uses them (the generated `Components.Schemas`): decimals
/// and times are the server's strings, exactly as it wrote them (read a decimal with a decimal
/// type, never a `Double`).
public typealias Health = Components.Schemas.Health
public typealias Tickers = Components.Schemas.Tickers
public typealias Movers = Components.Schemas.Movers
public typealias Stock = Components.Schemas.Stock
public typealias Bars = Components.Schemas.Bars
public typealias Bar = Components.Schemas.Bar
public typealias ChartRange = Components.Schemas.ChartRange
public typealias SearchResults = Components.Schemas.SearchResults
public typealias Book = Components.Schemas.Book
public typealias Orders = Components.Schemas.Orders
public typealias Order = Components.Schemas.Order
public typealias OrderEvent = Components.Schemas.OrderEvent
public typealias Watchlist = Components.Schemas.Watchlist
public typealias Alert = Components.Schemas.Alert
public typealias Alerts = Components.Schemas.Alerts
public typealias GNBProducts = Components.Schemas.GNBProducts
public typealias GNBProduct = Components.Schemas.GNBProduct
