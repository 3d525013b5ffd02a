import BlueZTestKit
import DBus
import Foundation
import HubStore
import Testing

/// `stayfit run` with the heart-rate plugin against python-dbusmock's BlueZ: a workout with live heart rate.
@Suite(.serialized, .timeLimit(.minutes(2))) struct HubHeartRateTests {
    static let configuration = """
        [plugins.heart-rate]

        [plugins.console]
        mode = "lines"
        progress-every-seconds = 0
        """
    static let strapLine = "Heart rate sensor (Polar H10 1234 (C0:FF:EE:00:00:01))"

    /// `bpm` with contact and one RR interval of `rr` (1/1024 s): flags 0x16 (TECHREF §2).
    static func packet(_ bpm: UInt8, rr: UInt16) -> [UInt8] { [0x16, bpm, UInt8(rr & 0xff), UInt8(rr >> 8)] }

    @Test func aWorkoutRecordsTheStrapsHeartRateWithAGapWhileItIsSilentAndTheAllDayLog() async throws {
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment)
            let scratch = try Scratch()
            let data = scratch.path("data")
            let bus = ["DBUS_SYSTEM_BUS_ADDRESS": environment.bus.address]
            let profile = try await StayfitProcess.run(
                [
                    "profile", "set", "--data-dir", data, "--name", "Alex", "--birth-date", "1990-04-21", "--gender",
                    "female", "--height", "168", "--weight", "61", "--heart-rate-monitoring", "on",
                ])
            #expect(profile.status == 0, "stderr: \(profile.error)")
            let config = try scratch.write("stayfit.toml", Self.configuration)

            let hub = try StayfitProcess(["run", "--config", config, "--data-dir", data], environment: bus)
            try await hub.waitForOutput("\(Self.strapLine): connected, battery 85% — worn on the chest")
            hub.send("start")
            try await hub.waitForOutput("Workout started.")
            let before: [UInt8] = [120, 122, 124, 126]
            for (index, bpm) in before.enumerated() {
                try await strap.notify(Self.packet(bpm, rr: 500 + UInt16(index) * 12))
                try await Task.sleep(for: .seconds(1))
            }
            try await hub.waitForOutput("\(Self.strapLine): lost — no data for 5 seconds", timeout: .seconds(10))
            try await Task.sleep(for: .seconds(2))  // past heart-rate-timeout-seconds: these seconds are gaps
            let after: [UInt8] = [130, 132, 131]
            for (index, bpm) in after.enumerated() {
                try await strap.notify(Self.packet(bpm, rr: 470 + UInt16(index) * 9))
                try await Task.sleep(for: .seconds(1))
            }
            try await hub.waitForOutput("\(Self.strapLine): restored")
            hub.send("stop")
            try await hub.waitForOutput("Workout finished")
            hub.send("quit")
            #expect(try await hub.waitForExit() == 0, "stderr: \(hub.standardError)")

            let store = try scratch.store()
            let workout = try #require(try store.workouts().first)
            let samples = try store.samples(of: workout.id)
            let rates = samples.compactMap(\.heartRate)
            #expect(Set(rates).isSubset(of: Set((before + after).map(Int.init))), "\(rates)")
            #expect(rates.contains(120) && rates.contains(131), "the first and the last reading were recorded: \(rates)")
            #expect(samples.contains { $0.heartRate == nil }, "the silent seconds are gaps, not repeats")
            #expect(workout.totals.maxHeartRate == 132)
            #expect(workout.totals.rmssdMilliseconds != nil)
            #expect(samples.flatMap(\.rrIntervalsMilliseconds).contains(500.0 * 1000 / 1024))

            let show = try await StayfitProcess.run(["workouts", "show", "\(workout.id)", "--data-dir", data])
            #expect(show.output.contains("HRV         RMSSD"), "\(show.output)")

            let logged = try store.heartRate(from: workout.startedAt.addingTimeInterval(-60), to: Date())
            #expect(logged.map(\.maximum).max() == 132, "the all-day log has the strap's readings: \(logged)")
        }
    }

    @Test func aRunningHubSwitchesToAStrapRememberedWithTheCommandLineWithinTwoSeconds() async throws {
        try await withBlueZMock { environment in
            _ = try await MockStrap.add(to: environment)
            let second = try await MockStrap.add(to: environment, address: "C0:FF:EE:00:00:02", name: "Wahoo TICKR")
            let scratch = try Scratch()
            let data = scratch.path("data")
            let bus = ["DBUS_SYSTEM_BUS_ADDRESS": environment.bus.address]
            let config = try scratch.write("stayfit.toml", Self.configuration)
            let hub = try StayfitProcess(["run", "--config", config, "--data-dir", data], environment: bus)
            try await hub.waitForOutput("\(Self.strapLine): connected")

            let connect = try await StayfitProcess.run(
                ["devices", "connect", "C0:FF:EE:00:00:02", "--data-dir", data], environment: bus)
            #expect(connect.status == 0, "stderr: \(connect.error)")
            try await hub.waitForOutput(
                "Heart rate sensor (C0:FF:EE:00:00:02): connecting", timeout: .seconds(2))
            try await hub.waitForOutput("Heart rate sensor (Wahoo TICKR (C0:FF:EE:00:00:02)): connected")
            #expect(try await second.deviceCalls("Connect") >= 1)
            hub.send("quit")
            #expect(try await hub.waitForExit() == 0, "stderr: \(hub.standardError)")
        }
    }
}
