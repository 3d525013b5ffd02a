import Foundation
import HubCore
import Reports
import ServiceLifecycle

/// Writes the share text of every finished workout: on the console (`ShareTextReady`), in a file when
/// `[plugins.share] folder` names one, and said as an `Announcement` when `speak` is on.
///
/// The texts are those of `stayfit share workout ID` (the same templates and units), from the totals that come
/// with the finished workout: no store read, and never the location (a post should not say where someone lives;
/// `stayfit share workout ID --with-location` adds it on request).
public struct SharePlugin: Plugin {
    public static let id: PluginID = "share"

    /// Part of what the hub does out of the box, so a configuration written before the plugin existed still gets
    /// the text after a workout; and an output for the person, so it stops after the workout engine: a workout
    /// finished by the shutdown still has its text, and the console (which stops after it) still shows it.
    public static let capabilities: PluginCapabilities = [.presentsToPerson, .onByDefault]
    /// The share text's templates and hashtag were in `[reports]` before this plugin took them.
    public static let movedSettings = ["hashtag", "short-workout", "long-workout", "short-stats", "long-stats"].map {
        key in
        MovedSetting(
            from: ["reports", key], problem: "the share text's settings have moved from [reports] to [plugins.share]",
            fix: "Move the line \(key) = … under a [plugins.share] table, or delete it when that table sets it "
                + "already ([reports] keeps only units; the sample configuration shows the share text's keys).")
    }

    private enum Event: Sendable {
        case finished(Workout)
        /// Graceful shutdown, queued behind every message published before it, so those are still shared.
        case stop
    }

    private let configuration: Configuration
    private let context: PluginContext
    private let inbox: Inbox<Event>

    public init(configuration: Configuration, context: PluginContext) {
        self.configuration = configuration
        self.context = context
        // Subscribed now, not in run(): the bus delivers only what is published after subscribing, and the hub builds
        // the plugin before anything runs. A restart builds a new instance, with a subscription of its own.
        inbox = context.bus.inbox(of: Event.self, subscriber: Self.id.rawValue, capacity: 16) {
            $0.route(WorkoutStateChanged.self) { change in
                change.state == .finished ? change.summary.map(Event.finished) : nil
            }
        }
    }

    public func run() async throws {
        let inbox = inbox
        await withGracefulShutdownHandler {
            for await event in inbox {
                switch event {
                case .finished(let workout): share(workout)
                case .stop: return
                }
            }
        } onGracefulShutdown: {
            inbox.post(.stop)
        }
    }

    /// The texts of `workout`, saved when there is a folder, said when asked, and published for the front ends.
    private func share(_ workout: Workout) {
        let text = ShareText(
            workout: workout, samples: [], templates: configuration.templates, units: UnitSystem(context.units),
            includeLocation: false)
        var file: String?
        if let folder = configuration.folder {
            // Once per workout, a small file: its syncs are not worth a thread of their own.
            do {
                file = try ShareFile.save(text, startedAt: workout.startedAt, in: folder)
                context.logger.info(
                    "share text saved", metadata: ["workout": "\(workout.id)", "file": "\(file ?? "")"])
            } catch {
                context.logger.error("cannot save the share text", metadata: ["error": "\(error)"])
                context.bus.publish(Announcement("Cannot save the share text: \(error)", priority: .important))
            }
        }
        if configuration.speak { context.bus.publish(Announcement(text.short)) }
        context.bus.publish(ShareTextReady(workoutID: workout.id, short: text.short, long: text.long, file: file))
    }
}
