import Foundation
import HubCore
import Positioning

/// A short look at what gpsd reports now, for `stayfit gps`.
public enum GPSProbe {
    /// What gpsd said within the look.
    public struct Reading: Sendable, Equatable {
        /// gpsd's release, from its greeting.
        public var release: String?
        /// The receivers gpsd reads (active ones only).
        public var receivers: [GPSDDevice] = []
        /// The latest TPV report with a fix, else the latest TPV report.
        public var position: GPSDPosition?
        public var sky: GPSDSky?
        /// Lines that were not gpsd JSON, or of a class gpsd does not send.
        public var droppedLines = 0
    }

    /// Why there is no reading.
    public struct Unreachable: Error, CustomStringConvertible {
        public var endpoint: String
        public var reason: String
        public var description: String { "gpsd is not reachable at \(endpoint): \(reason)" }
    }

    /// Connects to gpsd, watches for up to `duration` (less once a fix and the satellites are in), and returns
    /// what it saw.
    ///
    /// - Throws: ``Unreachable`` when no connection can be made.
    public static func look(host: String, port: Int, for duration: Duration) async throws -> Reading {
        let descriptor: Int32
        do {
            descriptor = try await GPSDSocket.connect(host: host, port: port)
        } catch {
            throw Unreachable(endpoint: LocationPlugin.endpoint(host, port), reason: "\(error)")
        }
        let reader = FileDescriptorReader(
            descriptor: descriptor, framing: .lines(maximumLength: LocationPlugin.maximumLineLength),
            ownership: .owned, name: "gpsd probe")
        defer { reader.stop() }
        return await withTaskGroup(of: Reading?.self) { group in
            group.addTask {
                var reading = Reading()
                var firstFixTime: Date?
                var laterCycles: Set<Date> = []
                for await line in reader.records {
                    switch Result(catching: { () throws(GPSDReport.Problem) in try GPSDReport.decode(line) }) {
                    case .failure:
                        reading.droppedLines += 1
                    case .success(.version(let release)):
                        reading.release = release
                    case .success(.devices(let devices)):
                        reading.receivers = devices.filter(\.isActive)
                    case .success(.device(let device)):
                        reading.receivers.removeAll { $0.path == device.path }
                        if device.isActive { reading.receivers.append(device) }
                    case .success(.position(let position)):
                        // gpsd reports a cycle in parts: a report can say "3D" (from GSA) before any says where.
                        // A report with a fix and a place wins over one without.
                        if position.hasFix || !(reading.position?.hasFix ?? false) { reading.position = position }
                    case .success(.sky(let sky)):
                        // The satellites come in parts too: a SKY from a cycle's first GSV sentences lists some and
                        // uses none. One that names satellites in use wins over one that does not.
                        if (sky.satellitesUsed ?? 0) > 0 || (reading.sky?.satellitesUsed ?? 0) == 0 {
                            reading.sky = sky
                        }
                    case .success:
                        break
                    }
                    // Enough to answer: a 3D fix with the satellites it used, or five more report cycles since the
                    // first fix for a receiver that never says which it uses (gpsd reports a cycle in parts: a 2D
                    // position and a SKY without the used satellites can come before the 3D position and the
                    // satellites of the same second, and on a loaded machine before the next cycle's position).
                    // With no receiver listed the look goes on to the end: gpsd adds a receiver when it appears
                    // (hot-plugged, or gpsfake's pty).
                    if let position = reading.position, position.hasFix, let sky = reading.sky {
                        firstFixTime = firstFixTime ?? position.time
                        if let time = position.time, let first = firstFixTime, time > first { laterCycles.insert(time) }
                        let complete = position.mode >= 3 && (sky.satellitesUsed ?? 0) > 0
                        if complete || laterCycles.count >= 5 { return reading }
                    }
                }
                return reading
            }
            var last = Reading()
            group.addTask {
                try? await Task.sleep(for: duration)
                return nil
            }
            if let first = await group.next(), let reading = first {
                group.cancelAll()
                return reading
            }
            // Time is up: take what the reader has so far by stopping it, so its task returns.
            reader.stop()
            while let next = await group.next() { if let reading = next { last = reading } }
            return last
        }
    }
}

extension GPSDPosition {
    /// A 2D or 3D fix with a latitude and a longitude.
    fileprivate var hasFix: Bool { mode >= 2 && latitude != nil && longitude != nil }
}
