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

    private enum Event: Sendable {
        case progress(WorkoutProgress)
        case state(WorkoutStateChanged)
        case goal(GoalProgress)
        case step(ProgramStepStarted)
        case programFinished(ProgramFinished)
        case music(AudioStatusChanged)
        case person(StatusPart)
        case said(Announcement)
        case stop
    }

    private let configuration: Configuration
    private let context: PluginContext
    private let inbox: Inbox<Event>

    public init(configuration: Configuration, context: PluginContext) {
        self.configuration = configuration
        self.context = context
        // Subscribed now, so a page opened as the hub starts is told the state a recovered workout is in.
        inbox = context.bus.inbox(of: Event.self, subscriber: Self.id.rawValue, capacity: 256) {
            $0.route(WorkoutProgress.self) { .progress($0) }
            $0.route(WorkoutStateChanged.self) { .state($0) }
            $0.route(GoalProgress.self) { .goal($0) }
            $0.route(ProgramStepStarted.self) { .step($0) }
            $0.route(ProgramFinished.self) { .programFinished($0) }
            $0.route(AudioStatusChanged.self) { .music($0) }
            $0.route(StatusPart.self) { $0.source == "person" ? .person($0) : nil }
            $0.route(Announcement.self) { .said($0) }
        }
    }

    public func run() async throws {
        guard let passwords = try? context.store((any WebPasswordStore).self) else {
            context.logger.warning("no password storage in this hub: the web app cannot run")
            return
        }
        let app = WebApp(
            passwords: passwords, sessionIdle: configuration.sessionIdle, hub: context)
        let maximumHeartRate = await maximumHeartRate()
        let address = configuration.listen
        // One thread: a Pi's web app serves a screen and a phone or two, and every thread costs memory.
        let loops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let application = Application(
            router: WebRoutes.router(app: app),
            configuration: ApplicationConfiguration(address: .hostname(address.host, port: address.port)),
            eventLoopGroupProvider: .shared(loops), logger: context.logger)
        let inbox = inbox
        do {
            try await withGracefulShutdownHandler {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { await Self.forward(inbox, to: app.feed, maximumHeartRate: maximumHeartRate) }
                    defer { inbox.post(.stop) }
                    do {
                        try await application.run()
                    } catch let error as IOError where error.errnoCode == EADDRINUSE {
                        throw WebError.portInUse(address)
                    } catch let error as IOError {
                        throw WebError.cannotListen(address, reason: String(cString: strerror(error.errnoCode)))
                    }
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

    /// The bus's messages, each encoded once, to every open live page.
    private static func forward(_ inbox: Inbox<Event>, to feed: LiveFeed, maximumHeartRate: Double?) async {
        var movingSeconds = 0
        for await event in inbox {
            switch event {
            case .progress(let progress):
                movingSeconds = Int(progress.moving.components.seconds)
                feed.publish(.progress(progress, maximumHeartRate: maximumHeartRate))
            case .state(let change):
                if change.state == .idle || change.state == .running && change.previous == .idle { movingSeconds = 0 }
                feed.publish(.state(change))
            case .goal(let goal): feed.publish(.goal(goal))
            case .step(let step): feed.publish(.step(step, startedAtSeconds: movingSeconds))
            case .programFinished(let finished): feed.publish(.programFinished(finished))
            case .music(let change): if let event = LiveEvent.music(change) { feed.publish(event) }
            case .person(let part): if let event = LiveEvent.person(part) { feed.publish(event) }
            case .said(let announcement): feed.publish(.said(announcement))
            case .stop: return
            }
        }
    }

    /// The person's predicted maximum heart rate, for the zone colours; nil without a profile with a birth date.
    private func maximumHeartRate() async -> Double? {
        guard let profiles = try? context.store((any ProfileSource).self),
            let profile = try? await profiles.profile(), let age = profile.ageYears(on: Date())
        else { return nil }
        return MaximumHeartRate.predicted(ageYears: age)
    }
}
