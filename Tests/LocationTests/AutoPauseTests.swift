import BlueZTestKit
import Foundation
import GPSTestKit
import HubCore
import HubTestKit
import Testing

@testable import Location

@Suite(.timeLimit(.minutes(5))) struct AutoPauseTests {
    static let start = Date(timeIntervalSince1970: 1_795_330_800)

    /// Feeds `speeds`, one fix a second from `from`, and returns each second's command with its second.
    static func feed(_ autoPause: inout AutoPause, _ speeds: [Double], from: Int = 0) -> [(Int, WorkoutCommand.Action)]
    {
        var commands: [(Int, WorkoutCommand.Action)] = []
        for (offset, speed) in speeds.enumerated() {
            let second = from + offset
            if let action = autoPause.take(speed: speed, at: start.addingTimeInterval(Double(second))) {
                commands.append((second, action))
            }
        }
        return commands
    }

    @Test func pausesOnceTheSpeedStaysLowForTheDelayAndResumesOnMovingAgain() {
        var autoPause = AutoPause(settings: .init(speed: 1, delay: 3))
        autoPause.workoutChanged(to: .running)
        // Slow from second 4: three seconds later it pauses; two fixes at speed resume it.
        let commands = Self.feed(&autoPause, [3, 3, 3, 3, 0.4, 0, 0, 0, 0, 0, 2.5, 3, 3])
        #expect(commands.map(\.0) == [7, 11])
        #expect(commands.map(\.1) == [.pause, .resume])
        // The engine's news of its own pause and resume changes nothing.
        autoPause.workoutChanged(to: .running)
        #expect(Self.feed(&autoPause, [3, 3, 3], from: 13).isEmpty)
    }

    @Test func aShortStopOrOneFastFixChangesNothing() {
        var autoPause = AutoPause(settings: .init(speed: 1, delay: 3))
        autoPause.workoutChanged(to: .running)
        #expect(Self.feed(&autoPause, [3, 0, 0, 0, 3, 0, 0, 3]).isEmpty)
        #expect(Self.feed(&autoPause, [0, 0, 0, 0], from: 8).map(\.1) == [.pause])
        autoPause.workoutChanged(to: .paused)
        // A single fast fix between slow ones is a glitch, not a start.
        #expect(Self.feed(&autoPause, [0, 4, 0, 0], from: 12).isEmpty)
        #expect(autoPause.pausedHere)
    }

    @Test func neverResumesAPauseByHand() {
        var autoPause = AutoPause(settings: .init(speed: 1, delay: 3))
        autoPause.workoutChanged(to: .running)
        autoPause.workoutChanged(to: .paused)
        #expect(Self.feed(&autoPause, [3, 3, 3, 3, 3]).isEmpty)
    }

    @Test func aResumeByHandWhileStillStandingPausesAgainOnlyAfterAFreshDelay() {
        var autoPause = AutoPause(settings: .init(speed: 1, delay: 3))
        autoPause.workoutChanged(to: .running)
        #expect(Self.feed(&autoPause, [0, 0, 0, 0]).map(\.0) == [3])
        autoPause.workoutChanged(to: .paused)
        autoPause.workoutChanged(to: .running)  // the runner pressed resume
        #expect(!autoPause.pausedHere)
        #expect(Self.feed(&autoPause, [0, 0, 0, 0], from: 4).map(\.0) == [7])
    }

    @Test func doesNothingWithoutAWorkoutUnderWay() {
        var autoPause = AutoPause(settings: .init(speed: 1, delay: 1))
        #expect(Self.feed(&autoPause, [0, 0, 0, 3, 3, 3, 0, 0, 0]).isEmpty)
        autoPause.workoutChanged(to: .running)
        autoPause.workoutChanged(to: .finished)
        #expect(Self.feed(&autoPause, [0, 0, 0, 3, 3, 3], from: 9).isEmpty)
    }

    // MARK: - In the plugin, against a stand-in for gpsd

    /// A TPV a second: moving north at `speed` m/s, or standing where it is at 0.
    static func fixes(_ speeds: [Double]) -> [String] {
        var latitude = 48.137
        return speeds.enumerated().map { second, speed in
            latitude += speed / 111_195
            let time = String(format: "2025-06-15T15:07:%02d.000Z", second)
            return
                #"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"\#(time)","lat":\#(latitude),"lon":11.575,"speed":\#(speed),"track":0.0,"eph":5.0}"#
        }
    }

    @Test func thePluginPausesAndResumesTheWorkoutAndSaysWhy() async throws {
        let directory = try TemporaryDirectory()
        let port = try GPSFake.freePort()
        let script =
            [LocationPluginTests.devices]
            + Self.fixes(Array(repeating: 3, count: 5) + Array(repeating: 0, count: 8) + Array(repeating: 3, count: 5))
        let scriptPath = directory.url.appendingPathComponent("scripts.json").path
        let serverPath = directory.url.appendingPathComponent("server.py").path
        try String(decoding: try JSONEncoder().encode([script]), as: UTF8.self)
            .write(toFile: scriptPath, atomically: true, encoding: .utf8)
        try LocationPluginTests.server.write(toFile: serverPath, atomically: true, encoding: .utf8)

        let (context, storeDirectory) = try PluginContext.test(clock: SystemClock())
        defer { withExtendedLifetime(storeDirectory) {} }
        let statuses = context.bus.inbox(of: SensorStatusChanged.self, subscriber: "test")
        let commands = context.bus.inbox(of: WorkoutCommand.self, subscriber: "test")
        let announcements = context.bus.inbox(of: Announcement.self, subscriber: "test")
        let plugin = LocationPlugin(
            configuration: .init(port: port, autoPause: .init(speed: 1, delay: 3)), context: context)
        let autoPause = try #require(plugin.autoPause)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await plugin.run() }
            // "connecting" comes once the plugin follows the workout's state; gpsd is not there yet, so the fixes
            // cannot come before the plugin knows that a workout runs.
            _ = try await statuses.next(within: TestDeadline.hang)
            context.bus.publish(WorkoutStateChanged(workoutID: 1, state: .running, previous: .idle))
            while autoPause.workout != .running { try await Task.sleep(for: .milliseconds(10)) }
            let server = try ChildProcess.spawn("/usr/bin/python3", [serverPath, "\(port)", scriptPath])
            defer { server.stop() }

            let pause = try await commands.next(within: TestDeadline.hang)
            let resume = try await commands.next(within: TestDeadline.hang)
            group.cancelAll()
            #expect(pause.action == .pause)
            #expect(resume.action == .resume)
        }
        var said: [String] = []
        while let announcement = try? await announcements.next(within: .milliseconds(300)) {
            said.append(announcement.text)
        }
        #expect(said == ["Auto-pause: not moving.", "Auto-resume: moving again."])
    }
}
