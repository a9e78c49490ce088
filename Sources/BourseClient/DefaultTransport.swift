import OpenAPIRuntime

#if canImport(OpenAPIURLSession)
    import OpenAPIURLSession
#else
    import AsyncHTTPClient
    import OpenAPIAsyncHTTPClient
#endif

/// The platform's HTTP client: URLSession on Apple's platforms, AsyncHTTPClient elsewhere.
enum DefaultTransport {
    static func make() -> any ClientTransport {
        #if canImport(OpenAPIURLSession)
            URLSessionTransport()
        #else
            AsyncHTTPClientTransport(configuration: .init(client: client, timeout: .seconds(90)))
        #endif
    }

    #if !canImport(OpenAPIURLSession)
        /// One client for the process. A server that refuses the connection is an answer at once
        /// (AsyncHTTPClient would otherwise try again until the request's deadline), and one
        /// that does not answer the connection is given 10 s.
        static let client: HTTPClient = {
            var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(10)))
            configuration.connectionPool.retryConnectionEstablishment = false
            return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        }()
    #endif
}
