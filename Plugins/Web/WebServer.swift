import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle

/// The web app's HTTP/1 server: Hummingbird's router on HummingbirdCore's server, without Hummingbird's
/// `Application`.
///
/// `Application` runs a task that formats the `Date` header once a second, for as long as it runs: on a hub with
/// a live page open that timer was the largest part of the web app's CPU (issue 22's target is under 1 CPU-second
/// an hour; `Benchmarks/web-live`). Here each response is dated as it is written: a few responses a minute, and
/// nothing while nobody asks. The rest is what `Application` does: the router answers, an error it does not turn
/// into a response is a 500, and a request that does not parse is left to the server (a 400, then the connection
/// closes).
enum WebServer {
    /// - Parameter tls: HTTPS with it; plain HTTP when nil.
    static func service(
        router: Router<WebRequestContext>, address: ListenAddress, tls: TLSConfiguration?, loops: any EventLoopGroup,
        logger: Logger
    ) throws -> any Service {
        let responder = router.buildResponder()
        let builder = try tls.map { try HTTPServerBuilder.tls(.http1(), tlsConfiguration: $0) } ?? .http1()
        return try builder.buildServer(
            configuration: ServerConfiguration(address: .hostname(address.host, port: address.port)),
            eventLoopGroup: loops, logger: logger
        ) { request, writer, channel in
            var response: Response
            do {
                let source = ApplicationRequestContextSource(channel: channel, logger: logger)
                response = try await responder.respond(to: request, context: WebRequestContext(source: source))
            } catch let error as HTTPParserError {
                throw error
            } catch {
                logger.debug("a route failed", metadata: ["error.type": "\(type(of: error))"])
                response = Response(status: .internalServerError)
            }
            response.headers[.date] = HTTPDate.now()
            try await writer.write(response: response.head, body: response.body)
        }
    }
}
