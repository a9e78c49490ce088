import AlertsFeature
import Hummingbird

/// `POST /api/v1/alerts` (201), `PUT /api/v1/alerts/{id}`.
struct AlertResponse: ResponseEncodable {
    let alert: AlertJSON
}
