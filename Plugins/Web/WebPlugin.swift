import Foundation
import HubCore
import Hummingbird
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// The hub's own web app: a live dashboard for the gym's screen and a remote for a phone, behind a password.
///
/// Off unless the configuration has a `[plugins.web]` table. Serves HTTP on `listen` (`0.0.0.0:8080`) with one
/// event-loop thread; every page but the login needs a session, made with the password that `stayfit web
/// password` sets (a hub without one serves only a page saying how to set it). The live page's figures come
/// straight from the bus as Server-Sent Events; its buttons publish what the hub's buttons publish.
public struct WebPlugin: Plugin {
    public static let id: PluginID = "web"
    /// A front end: on shutdown it stops after the workout engine, so an open page still shows the workout finished.
    public static let capabilities: PluginCapabilities = [.presentsToPerson]

    private let configuration: Configuration
    private let context: PluginContext
    private let feed = LiveFeed()
    private let relay: LiveRelay

    public init(configuration: Configuration, context: PluginContext) {
        self.configuration = configuration
        self.context = context
        // Subscribed now, so a page opened as the hub starts is told the state a recovered workout is in.
        relay = LiveRelay(bus: context.bus, feed: feed)
    }

    public func run() async throws {
        guard let passwords = try? context.store((any WebPasswordStore).self) else {
            context.logger.warning("no password storage in this hub: the web app cannot run")
            return
        }
        let address = configuration.listen
        let tls = try configuration.tls.map { files throws(WebError) in
            try WebTLS.configuration(files, address: address)
        }
        let app = WebApp(
            passwords: passwords, sessionIdle: configuration.sessionIdle, hub: context, feed: feed, secure: tls != nil)
        relay.setMaximumHeartRate(await maximumHeartRate())
        defer { relay.stop() }
        // One thread: a Pi's web app serves a screen and a phone or two, and every thread costs memory.
        let loops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            let server = try WebServer.service(
                router: WebRoutes.router(app: app), address: address, tls: tls, loops: loops, logger: context.logger)
            try await withGracefulShutdownHandler {
                do {
                    try await server.run()
                } catch let error as IOError where error.errnoCode == EADDRINUSE {
                    throw WebError.portInUse(address)
                } catch let error as IOError {
                    throw WebError.cannotListen(address, reason: String(cString: strerror(error.errnoCode)))
                }
            } onGracefulShutdown: {
                // Open event streams end, so the server's graceful stop has no response left to wait for.
                app.feed.closeAll()
            }
        } catch {
            try? await loops.shutdownGracefully()
            throw error
        }
        try await loops.shutdownGracefully()
    }

    /// The person's predicted maximum heart rate, for the zone colours; nil without a profile with a birth date.
    private func maximumHeartRate() async -> Double? {
        guard let profiles = try? context.store((any ProfileSource).self),
            let profile = try? await profiles.profile(), let age = profile.ageYears(on: Date())
        else { return nil }
        return MaximumHeartRate.predicted(ageYears: age)
    }
}
