import BlueZTestKit
import DBus
import Foundation
import HubCore
import HubStore
import Testing

/// `stayfit run` with the heart-rate plugin against python-dbusmock's BlueZ: a workout with live heart rate.
@Suite(.serialized, .timeLimit(.minutes(5))) struct HubHeartRateTests {
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
            // Every packet form of TECHREF §2, a second apart: 8-bit with contact, 16-bit with energy and two RR
            // intervals, contact not supported; then a packet without skin contact, which is no heart rate.
            let before: [[UInt8]] = [
                Self.packet(120, rr: 500), [0x1f, 0x8e, 0x00, 0x2c, 0x01, 0x00, 0x02, 0x08, 0x02],
                [0x10, 80, 0x12, 0x02], [0x04, 0x00],
            ]
            for packet in before {
                try await strap.notify(packet)
                try await Task.sleep(for: .seconds(1))
            }
            try await hub.waitForOutput("\(Self.strapLine): lost — no skin contact")
            try await Task.sleep(for: .seconds(6))  // past heart-rate-timeout-seconds: these seconds are gaps
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
            let workout = try #require(try await store.workouts().first)
            let samples = try await store.samples(of: workout.id)
            let rates = samples.compactMap(\.heartRate)
            #expect(Set(rates).isSubset(of: [120, 142, 80, 130, 132, 131]), "\(rates)")
            #expect(rates.contains(120) && rates.contains(142) && rates.contains(131), "readings recorded: \(rates)")
            #expect(
                samples.contains { $0.heartRate == nil }, "the seconds without contact or data are gaps, not repeats")
            #expect(workout.totals.maxHeartRate == 142)
            // Every RR interval, exactly (stored in the strap's 1/1024 s), in order; none from the no-contact packet.
            let beforeRR: [UInt16] = [500, 512, 520, 530], afterRR: [UInt16] = [470, 479, 488]
            #expect(samples.flatMap(\.rrIntervals1024) == beforeRR + afterRR)
            // RMSSD pairs successive beats only: none across the gap.
            var expected = RMSSDAccumulator()
            expected.add(beforeRR)
            expected.breakSequence()
            expected.add(afterRR)
            let rmssd = try #require(workout.totals.rmssdMilliseconds)
            #expect(abs(rmssd - (expected.rmssd ?? 0)) < 1e-9, "\(rmssd) vs \(String(describing: expected.rmssd))")
            let show = try await StayfitProcess.run(["workouts", "show", "\(workout.id)", "--data-dir", data])
            #expect(show.output.contains("HRV         RMSSD"), "\(show.output)")

            let logged = try await store.heartRate(from: workout.startedAt.addingTimeInterval(-60), to: Date())
            #expect(logged.map(\.maximum).max() == 142, "the all-day log has the strap's readings: \(logged)")
            #expect(logged.map(\.minimum).min() == 80, "\(logged)")
        }
    }

    @Test func theSecondsAfterTheStrapDisconnectsAreGapsNotItsLastHeartRate() async throws {
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment)
            let scratch = try Scratch()
            let data = scratch.path("data")
            // A progress line every second of the workout: "… HR 120 …", or "HR --" for a second without one.
            let config = try scratch.write(
                "stayfit.toml",
                Self.configuration.replacingOccurrences(
                    of: "progress-every-seconds = 0", with: "progress-every-seconds = 1"))
            let hub = try StayfitProcess(
                ["run", "--config", config, "--data-dir", data],
                environment: ["DBUS_SYSTEM_BUS_ADDRESS": environment.bus.address])
            try await hub.waitForOutput("\(Self.strapLine): connected")
            hub.send("start")
            try await hub.waitForOutput("Workout started.")
            try await strap.notify(Self.packet(120, rr: 500))
            // The workout has the reading: well inside heart-rate-timeout-seconds (5) of it, the strap goes.
            try await hub.waitForOutput("HR 120")
            try await strap.updateDevice(["Connected": .bool(false)])
            let lost = "\(Self.strapLine): lost — the strap disconnected"
            try await hub.waitForOutput(lost)
            // Four progress lines after the loss: each a second the strap's last reading was still "fresh".
            let deadline = ContinuousClock.now + TestDeadline.hang
            func afterLoss() -> [Substring] {
                guard let range = hub.standardOutput.range(of: lost) else { return [] }
                return hub.standardOutput[range.upperBound...].split(separator: "\n").filter {
                    $0.contains(" running ")
                }
            }
            while afterLoss().count < 4 {
                guard ContinuousClock.now < deadline else {
                    Issue.record("no 4 progress lines after the loss within 30 s:\n\(hub.standardOutput)")
                    break
                }
                try await Task.sleep(for: .milliseconds(50))
            }
            hub.send("stop")
            try await hub.waitForOutput("Workout finished")
            hub.send("quit")
            #expect(try await hub.waitForExit() == 0, "stderr: \(hub.standardError)")

            let seconds = afterLoss()
            #expect(seconds.count >= 4)
            #expect(seconds.allSatisfy { $0.contains("HR --") }, "after the loss: \(seconds.joined(separator: "\n"))")
            let store = try scratch.store()
            let workout = try #require(try await store.workouts().first)
            let rates = try await store.samples(of: workout.id).map(\.heartRate)
            #expect(rates.contains(120), "\(rates)")
            // Once the reading is gone it never comes back: 120 bpm, then gaps to the end, at least the four above.
            let gaps = rates.reversed().prefix { $0 == nil }.count
            #expect(gaps >= 4 && rates.dropLast(gaps).allSatisfy { $0 == 120 || $0 == nil }, "\(rates)")
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
            try await hub.waitForOutput("Heart rate sensor (C0:FF:EE:00:00:02): connecting")
            try await hub.waitForOutput("Heart rate sensor (Wahoo TICKR (C0:FF:EE:00:00:02)): connected")
            #expect(try await second.deviceCalls("Connect") >= 1)
            hub.send("quit")
            #expect(try await hub.waitForExit() == 0, "stderr: \(hub.standardError)")
        }
    }
}
