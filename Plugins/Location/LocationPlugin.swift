import Foundation
import HubCore
import Positioning
import ServiceLifecycle
import Synchronization

/// Reads a GPS receiver through gpsd's JSON protocol over TCP and publishes trustworthy `PositionMeasured` fixes.
///
/// It connects to gpsd (reconnecting with a backoff of 1, 2, 4 … 30 s while gpsd is not there), asks for a
/// watch, and passes every TPV report through a ``FixFilter``: no-fix reports, repeats, absurd values, vague
/// fixes and jumps are dropped and counted; the rest are smoothed and held still while the receiver stands
/// still. It publishes the GPS's condition as `SensorStatusChanged(sensor: .location)` with plain details
/// ("gpsd not reachable", "no receiver", "no fix", "3D fix, 8 satellites"). Lines that are not gpsd JSON and
/// classes gpsd does not send are dropped and counted too.
public struct LocationPlugin: Plugin {
    public static let id: PluginID = "location"
    /// A receiver gives one fix a second of real time: a sped-up hub clock would read its gaps as stops.
    public static let capabilities: PluginCapabilities = [.needsRealTime]

    /// The longest wait between reconnect attempts.
    static let maximumBackoff: Duration = .seconds(30)
    /// gpsd's lines are at most 1536 characters (TECHREF §5); anything longer is not gpsd.
    static let maximumLineLength = 4096

    private let configuration: Configuration
    let context: PluginContext
    let link: GPSLink
    /// Nil when auto-pause is off.
    let autoPause: AutoPauseLink?
    /// The receiver's part of "status now", published with every fix and change of the link.
    let statusPart = LocationStatus()

    /// Validates and wires only: no I/O here, so `stayfit config check` can build the plugin.
    public init(configuration: Configuration, context: PluginContext) {
        self.configuration = configuration
        self.context = context
        link = GPSLink(device: "gpsd at \(Self.endpoint(configuration.host, configuration.port))")
        autoPause = configuration.autoPause.map(AutoPauseLink.init(settings:))
    }

    /// What was dropped so far, by reason ("garbage line", "unknown class", "jump", "absurd value" …).
    public var droppedCounts: [String: Int] { link.counts }

    /// "127.0.0.1:2947", "[::1]:2947".
    static func endpoint(_ host: String, _ port: Int) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// Follows gpsd until the hub shuts down: connects, reads, and reconnects with backoff when it goes away.
    public func run() async throws {
        // Subscribed before anything else, so that no change of the workout's state is missed.
        let workoutChanges = autoPause.map { _ in context.bus.inbox(of: WorkoutStateChanged.self) }
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                if let autoPause, let workoutChanges {
                    group.addTask { await followWorkout(autoPause, workoutChanges) }
                }
                await followGpsd()
                group.cancelAll()
            }
        }
    }

    /// Connects to gpsd, reads, and reconnects with backoff when it goes away, until cancelled.
    private func followGpsd() async {
        let clock = context.clock
        var backoff = Duration.seconds(1)
        publish(SensorStatusChanged(sensor: .location, status: .connecting, device: link.device))
        while !Task.isCancelled {
            do {
                let descriptor = try await GPSDSocket.connect(host: configuration.host, port: configuration.port)
                context.logger.info("connected to gpsd", metadata: ["gpsd": "\(link.device)"])
                let deliveredData = await follow(descriptor)
                if deliveredData { backoff = .seconds(1) }
                context.logger.notice(
                    "gpsd closed the connection", metadata: ["dropped": "\(link.counts)"])
            } catch is CancellationError {
                return
            } catch {
                context.logger.debug("gpsd not reachable", metadata: ["error": "\(error)"])
            }
            guard !Task.isCancelled else { return }
            publish(link.change(to: .gpsdUnreachable))
            context.logger.info("reconnecting to gpsd", metadata: ["in": "\(backoff)"])
            do { try await clock.sleep(for: backoff) } catch { return }
            backoff = min(backoff * 2, Self.maximumBackoff)
        }
    }

    /// Publishes a change of the link, and the part of "status now" it makes.
    private func publish(_ status: SensorStatusChanged?) {
        guard let status else { return }
        context.logger.info(
            "GPS \(status.status.rawValue)", metadata: ["detail": "\(status.detail ?? "")"])
        context.bus.publish(status)
        context.bus.publish(statusPart.take(status))
    }

    /// Reads one connection until gpsd closes it (or the plugin is cancelled); returns whether it delivered any
    /// report.
    ///
    /// Each line is decoded, filtered and published on the reader's own thread as it arrives: a receiver's cycle
    /// then costs one thread wake-up, not also a task's. The connection's state (filter, merger, receivers) lives
    /// in a ``Reading`` that only that thread touches until the reader has ended.
    private func follow(_ descriptor: Int32) async -> Bool {
        let reading = Reading(filter: FixFilter(settings: configuration.filter))
        link.noteReport(at: context.clock.instant)
        let reader = FileDescriptorReader(
            descriptor: descriptor, framing: .lines(maximumLength: Self.maximumLineLength), ownership: .owned,
            name: "gpsd"
        ) { [self] line in
            reading.state.withLock { state in
                state.delivered = true
                switch Result(catching: { () throws(GPSDReport.Problem) in try GPSDReport.decode(line) }) {
                case .success(let report):
                    handle(report, filter: &state.filter, merger: &state.merger, receivers: &state.receivers)
                case .failure(.garbage):
                    drop("garbage line", String(decoding: line.prefix(80), as: UTF8.self))
                case .failure(.unknownClass(let name)):
                    drop("unknown class", name)
                }
            }
        }
        await withTaskGroup(of: Void.self) { group in
            // On the clock's timer thread: its few looks a minute cost no hop through the pool.
            group.addTask(executorPreference: context.clock.timerExecutor) { await watchForSilence() }
            // Nothing comes through `records` (the handler takes every line); it ends when the connection does.
            await withTaskCancellationHandler {
                for await _ in reader.records {}
            } onCancel: {
                reader.stop()
            }
            group.cancelAll()
        }
        reader.stop()
        let delivered = reading.state.withLock { state in
            if let last = state.merger.flush() { take(last, filter: &state.filter) }
            return state.delivered
        }
        let lost = reader.discardedRecords
        if lost > 0 { link.count("line too long") }
        return delivered
    }

    /// One connection's state, shared by the reader's thread (while it reads) and the plugin (after it ended).
    private final class Reading: Sendable {
        struct State {
            var filter: FixFilter
            var merger = CycleMerger()
            var receivers: Set<String> = []
            var delivered = false
        }

        let state: Mutex<State>

        init(filter: FixFilter) { state = Mutex(State(filter: filter)) }
    }

    private func handle(
        _ report: GPSDReport, filter: inout FixFilter, merger: inout CycleMerger, receivers: inout Set<String>
    ) {
        switch report {
        case .version(let release):
            context.logger.debug("gpsd greeted", metadata: ["release": "\(release)"])
        case .devices(let devices):
            receivers = Set(devices.filter(\.isActive).map(\.path))
            publish(link.change(to: receivers.isEmpty ? .noReceiver : .noFix(reason: "no fix")))
        case .device(let device):
            if device.isActive {
                receivers.insert(device.path)
                if link.condition == .noReceiver { publish(link.change(to: .noFix(reason: "no fix"))) }
            } else {
                receivers.remove(device.path)
                if receivers.isEmpty { publish(link.change(to: .noReceiver)) }
            }
        case .sky(let sky):
            link.noteSatellites(sky.satellitesUsed)
        case .position(let position):
            link.noteReport(at: context.clock.instant)
            if let path = position.device, !receivers.contains(path) {
                receivers.insert(path)
            }
            for ready in merger.add(position) { take(ready, filter: &filter) }
        case .error(let message):
            context.logger.warning("gpsd refused a request", metadata: ["message": "\(message)"])
        case .ignored:
            break
        }
    }

    /// Filters one report and publishes what passes.
    private func take(_ position: GPSDPosition, filter: inout FixFilter) {
        // The monotonic moment it is filtered: a receiver time far ahead of it is a jump, not the new "now".
        switch filter.take(position, arrival: context.clock.instant.sinceOrigin.seconds) {
        case .fix(let fix):
            publish(link.change(to: .fix(dimensions: position.mode >= 3 ? 3 : 2, satellites: link.satellitesUsed)))
            publish(
                PositionMeasured(
                    latitude: fix.latitude, longitude: fix.longitude, altitudeMeters: fix.altitudeMeters,
                    speedMetersPerSecond: fix.speedMetersPerSecond, source: position.device ?? "gpsd",
                    timestamp: fix.time, horizontalAccuracyMeters: fix.horizontalErrorMeters))
            autoPause(after: fix)
        case .noFix:
            if position.mode < 2 { publish(link.change(to: .noFix(reason: "no fix"))) }
        case .dropped(let reason):
            drop(reason.rawValue, "\(position)")
        }
    }

    /// Counts a dropped line; the first of each reason is logged with what it was, the rest every hundredth.
    private func drop(_ reason: String, _ what: String) {
        let count = link.count(reason)
        if count == 1 || count % 100 == 0 {
            context.logger.notice(
                "dropped a GPS report", metadata: ["reason": "\(reason)", "count": "\(count)", "report": "\(what)"])
        }
    }

    /// Says "no fix" when the receiver has sent nothing for `stale-after-seconds` (unplugged, or gpsd hung).
    private func watchForSilence() async {
        let clock = context.clock
        let staleAfter = configuration.staleAfter
        while !Task.isCancelled {
            let deadline = (link.lastReportAt ?? clock.instant) + staleAfter
            // Up to a second late, so that it wakes with the workout's second rather than on its own.
            do { try await clock.sleep(until: deadline, tolerance: .seconds(1)) } catch { return }
            guard let last = link.lastReportAt, clock.instant - last >= staleAfter else { continue }
            if link.condition?.hasFix == true {
                publish(link.change(to: .noFix(reason: "no fix: the receiver sends nothing")))
            }
            // Silent: look again a period later, not in a loop.
            do { try await clock.sleep(for: staleAfter) } catch { return }
        }
    }
}
