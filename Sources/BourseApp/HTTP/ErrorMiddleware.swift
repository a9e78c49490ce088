import GNBData
import Hummingbird
import Logging
import MarketData

/// Turns every failure into `{"error": "..."}` with the right status, so no route answers with
/// an empty body or a stack trace, and unknown paths get a JSON 404 too.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            throw error
        } catch let error as MarketDataError {
            throw APIError(error)
        } catch let error as GNBError {
            throw APIError(error.isUnavailable ? .serviceUnavailable : .badGateway, error.description)
        } catch let error as HTTPError where error.status == .notFound {
            throw APIError(.notFound, "no such page or endpoint: \(request.uri.path)")
        } catch let error as HTTPError {
            throw APIError(error.status, error.body ?? error.status.reasonPhrase)
        } catch {
            context.logger.error("unhandled error: \(String(describing: error))")
            throw APIError(.internalServerError, "internal error; the server log has the details")
        }
    }
}
