import AlertsFeature
import ExchangeFeature
import GNBFeature
import Hummingbird
import MarketsFeature

// The feature targets' answers are plain `Encodable` models, shared with the command line's
// `--json`; here they become responses, encoded with `APIJSON.encoder` like every answer.
extension AlertsResponse: ResponseEncodable {}
extension GNBProductResponse: ResponseEncodable {}
extension GNBProductsResponse: ResponseEncodable {}
extension OrdersResponse: ResponseEncodable {}
extension SearchResponse: ResponseEncodable {}
extension StockResponse: ResponseEncodable {}
