import Accounts
import BourseCore
import Exchange
import GNBData
import Hummingbird
import Logging
import MarketData
import MarketsFeature

/// Where every error becomes HTTP, and the only place: each domain error's status, so no route
/// answers with an empty body or a stack trace, and unknown paths get a JSON 404 too. A
/// client's mistake is a 4xx; a source or the database failing is a 5xx.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The router's routes: a path some route answers with other methods is a 405, not a 404.
    var routes: RouteMethods?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            throw error
        } catch let error as SignInRedirect {
            throw error
        } catch let error as HTTPError where error.status == .notFound {
            // No route matched (Hummingbird's endpoint "NotFound"; a route's own 404 has its
            // pattern): the path may be a route's with another method.
            if [nil, "NotFound"].contains(context.endpointPath), let allowed = routes?.methods(for: request.uri.path),
                !allowed.isEmpty
            {
                let list = allowed.map(\.rawValue).joined(separator: ", ")
                throw APIError(
                    .methodNotAllowed,
                    "\(Echo.bounded(request.method.rawValue, limit: 20)) is not answered here; this path answers \(list)",
                    headers: [.allow: list])
            }
            throw APIError(.notFound, "no such page or endpoint: \(request.uri.path.prefix(200))")
        } catch let error as HTTPError {
            throw APIError(error.status, error.body ?? error.status.reasonPhrase)
        } catch {
            if let mapped = APIError(mapping: error) { throw mapped }
            context.logger.error("unhandled error: \(String(describing: error))")
            throw APIError(.internalServerError, "internal error; the server log has the details")
        }
    }
}

extension APIError {
    /// The HTTP answer to a domain error, or nil for an error no route should let out.
    init?(mapping error: any Error) {
        switch error {
        case let error as MarketDataError:
            switch error {
            case .unknownSymbol: self.init(.notFound, error.description)
            case .badRequest: self.init(.badRequest, error.description)
            case .rateLimited(let seconds): self.init(.serviceUnavailable, error.description, retryAfter: seconds)
            case .tooManyWaiting(let seconds): self.init(.tooManyRequests, error.description, retryAfter: seconds)
            case .unavailable: self.init(.serviceUnavailable, error.description, retryAfter: 5)
            case .onItsWay(let seconds, _):
                // Not a failure: the page shows it loading and asks again after `Retry-After`.
                self.init(
                    .serviceUnavailable, error.description, retryAfter: seconds, headers: [APIError.onItsWay: "1"])
            case .notAuthorized, .invalidResponse: self.init(.badGateway, error.description)
            }
        case let error as GNBError:
            self.init(error.isUnavailable ? .serviceUnavailable : .badGateway, error.description)
        case let error as OrderError:
            switch error {
            case .notFound: self.init(.notFound, error.description)
            case .notOpen: self.init(.conflict, error.description)
            default: self.init(.badRequest, error.description)
            }
        case let error as TradingError:
            self.init(.serviceUnavailable, error.description)
        case let error as WatchlistError:
            switch error {
            case .unknownSymbol, .notListed: self.init(.notFound, error.description)
            case .alreadyListed: self.init(.conflict, error.description)
            case .invalidSymbol, .duplicate, .tooMany: self.init(.badRequest, error.description)
            }
        case let error as AlertError:
            switch error {
            case .invalid, .unknownSymbol: self.init(.badRequest, error.description)
            case .tooMany: self.init(.conflict, error.description)
            case .notFound: self.init(.notFound, error.description)
            }
        case let error as AccountError:
            if error.isStorage {
                self.init(.serviceUnavailable, "the account store failed: \(String(describing: error).prefix(200))")
            } else {
                self.init(error.status, error.description)
            }
        case let error as SearchUnavailable:
            self.init(.serviceUnavailable, error.description)
        default:
            return nil
        }
    }
}

extension AccountError {
    /// The store failed: not the request's fault (a 503).
    var isStorage: Bool {
        if case .storage = self { return true }
        return false
    }

    /// What each refusal is in HTTP: a name or link that is no one's is a 404; a clash with what
    /// is there (a name taken, the owner's fixed role) a 409; a bad value a 400.
    var status: HTTPResponse.Status {
        switch self {
        case .noSuchAccount, .noSuchToken, .invitationNotValid: .notFound
        case .nameTaken, .ownerIsFixed, .ownerPasswordFirst, .tokenNameTaken: .conflict
        case .weakPassword, .badName, .badTokenName: .badRequest
        case .storage: .serviceUnavailable
        }
    }
}
