import BourseCore
import BundledData
import Hummingbird

/// The sample data sets the GNB service can serve.
public enum GNBSampleSet: String, CaseIterable, Sendable {
    /// The kata statement's 4 rates and 5 transactions (T2006 totals 14.99 EUR).
    case statement
    /// 5,039 transactions and 6 rates saved from the original service in 2020.
    case dump2020 = "2020"
    /// 4,703 transactions and 6 rates saved from the original service in 2021.
    case dump2021 = "2021"

    var files: (rates: String, transactions: String) {
        switch self {
        case .statement: return ("gnb/kata-statement/rates.json", "gnb/kata-statement/transactions.json")
        case .dump2020:
            return ("gnb/herokuapp-dump-2020/rates_api_shape.json", "gnb/herokuapp-dump-2020/transactions_api_shape.json")
        case .dump2021:
            return ("gnb/herokuapp-dump-2021/rates_api_shape.json", "gnb/herokuapp-dump-2021/transactions_api_shape.json")
        }
    }
}

/// The GNB rates and transactions service: `GET /standin/gnb/rates` and
/// `GET /standin/gnb/transactions` in JSON or XML by the `Accept` header (406 when neither is
/// acceptable), and `rates.json`, `rates.xml` (and the same for transactions) as the original
/// service spelled them. Its own prefix, on the stand-ins' server only: the app's `/gnb/{sku}`
/// is a page for every SKU, `rates` and `transactions.xml` included.
public final class GNBStandIn: Sendable {
    enum Resource: String, CaseIterable { case rates, transactions }

    /// Where the resources are on a server: the service's base URL is the server's with this
    /// path (`http://127.0.0.1:PORT/standin/gnb`).
    public static let pathPrefix = "standin/gnb"

    private let bodies: [String: [UInt8]]

    /// Serves `rates` and `transactions`; both documents are written once, in both formats.
    public init(rates: [Rate], transactions: [Transaction]) {
        var bodies: [String: [UInt8]] = [:]
        bodies["rates.json"] = Array(GNBDocuments.json(rates: rates).utf8)
        bodies["rates.xml"] = Array(GNBDocuments.xml(rates: rates).utf8)
        bodies["transactions.json"] = Array(GNBDocuments.json(transactions: transactions).utf8)
        bodies["transactions.xml"] = Array(GNBDocuments.xml(transactions: transactions).utf8)
        self.bodies = bodies
    }

    /// Serves one of the bundled sample sets.
    public static func bundled(_ set: GNBSampleSet) throws -> GNBStandIn {
        let rates = try GNBParser.rates(try BundledData.gnbFile(set.files.rates), format: .json)
        let transactions = try GNBParser.transactions(try BundledData.gnbFile(set.files.transactions), format: .json)
        return GNBStandIn(rates: rates, transactions: transactions)
    }

    /// Adds the service's routes under `/standin/gnb`.
    public func addRoutes<Context: RequestContext>(to router: Router<Context>) {
        for resource in Resource.allCases {
            let path = "\(Self.pathPrefix)/\(resource.rawValue)"
            router.get(RouterPath(path)) { request, _ in
                let accept = request.headers[.accept]
                guard let format = ContentNegotiation.choose(accept: accept, offers: [.json, .xml]) else {
                    return Self.notAcceptable(accept ?? "")
                }
                return self.response(resource, format, negotiated: true)
            }
            router.get(RouterPath("\(path).json")) { _, _ in self.response(resource, .json, negotiated: false) }
            router.get(RouterPath("\(path).xml")) { _, _ in self.response(resource, .xml, negotiated: false) }
        }
    }

    private func response(_ resource: Resource, _ format: GNBFormat, negotiated: Bool) -> Response {
        var headers: HTTPFields = [.contentType: "\(format.mediaType); charset=utf-8"]
        if negotiated { headers[.vary] = "Accept" }
        let body = bodies["\(resource.rawValue).\(format.rawValue)"] ?? []
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    private static func notAcceptable(_ accept: String) -> Response {
        let message = "this resource is available as application/json or application/xml, not as \(accept.prefix(100))"
        return Response(
            status: .notAcceptable, headers: [.contentType: "application/json; charset=utf-8", .vary: "Accept"],
            body: .init(byteBuffer: ByteBuffer(string: #"{"error":\#(JSONString.quoted(message))}"#)))
    }
}
