import Hummingbird

/// `GET /api/v1/search/listings`: `{"fields": ["symbol", "name", "exchange"], "rows": [[...], ...]}`.
struct ListingsIndexResponse: ResponseEncodable {
    let fields = ["symbol", "name", "exchange"]
    let rows: [[String]]
}
