import Foundation
import HubStore
import Testing

@Suite(.serialized) struct DemoTests {
    @Test func demoStoresAWorkoutWhoseDurationAndDistanceMatchTheRecording() async throws {
        let scratch = try Scratch()
        let recording = try scratch.write("straight.csv", StraightRun.csv(seconds: 600))
        let result = try await StayfitProcess.run([
            "demo", "--file", recording, "--speed", "60", "--data-dir", scratch.path("data"),
        ])
        #expect(result.status == 0, "stderr: \(result.error)")
        // The simulator's start and stop carry the moments they belong to, so however late a busy machine wakes
        // it (at 60× a hub second is 17 ms), a 600-second recording is a workout of exactly 10:00.
        #expect(result.output.contains("Workout 1 finished: 10:00,"), "output: \(result.output)")

        let store = try scratch.store()
        let workout = try #require(try await store.workouts().first)
        #expect(workout.status == .finished)
        #expect(workout.isSimulated, "simulated sensors and a sped-up clock: history and statistics can leave it out")
        // 600 readings one second apart: 600 s of moving time, 599 steps of known length between them.
        #expect(workout.totals.movingSeconds == 600)
        #expect(abs(workout.totals.distanceMeters - 599 * StraightRun.stepMeters) < StraightRun.stepMeters + 0.5)
        let samples = try await store.samples(of: workout.id)
        #expect(samples.count == 600)
        #expect(samples.map(\.second) == Array(1...samples.count))
        // At 60× a hub second is 17 ms: on a busy machine the last reading can miss the last second, as the
        // tolerances above allow for the moving time.
        #expect(samples.compactMap(\.heartRate).count >= 598)
        #expect(try #require(workout.totals.averageSpeedMetersPerSecond) > 3.2)
        // A reading of the last second that a loaded machine delivers after that second has closed (8 ms late
        // at 60×) falls out; any other lands in the next second and still counts.
        #expect(abs((workout.totals.steps ?? 0) - 599 * 3) <= 3)
    }

    @Test func builtInDemoRunsTenSimulatedMinutesAndLeavesNothingBehind() async throws {
        let result = try await StayfitProcess.run(["demo"])
        #expect(result.status == 0, "stderr: \(result.error)")
        // The simulator has heart rates, not beats: no HRV figure made out of 60,000 / bpm.
        #expect(!result.output.contains("HRV"), "output: \(result.output)")
        #expect(result.output.contains("StayFit Hub demo"))
        #expect(result.output.contains("Workout started."))
        #expect(result.output.contains("Workout 1 finished: 10:00,"), "output: \(result.output)")
    }

    /// What the voice coach says, with no audio device: every sentence on its own line, stamped with the simulated
    /// time of its event, none skipped as too late at 60×, the last update before the summary as in a real workout.
    @Test func builtInDemoShowsEverySentenceTheCoachSays() async throws {
        let result = try await StayfitProcess.run(["demo"])
        #expect(result.status == 0, "stderr: \(result.error)")
        let cues = result.output.split(separator: "\n").filter { $0.contains(" Coach: ") }.map(String.init)
        // The sample configuration's coach: an update every 5 minutes and every kilometre (the simulated run passes
        // 1 km between 5 and 6 minutes), the engine's start, and the summary.
        let texts = cues.map { $0.components(separatedBy: " Coach: ").last ?? "" }
        #expect(texts.count == 5, "\(cues)")
        #expect(texts.first == "Workout started.")
        #expect(texts.dropFirst().first?.hasPrefix("5 minutes, ") == true, "\(cues)")
        #expect(texts.dropFirst(2).first?.contains(", 1 kilometre, ") == true, "\(cues)")
        #expect(texts.dropFirst(3).first?.hasPrefix("10 minutes, ") == true, "\(cues)")
        #expect(texts.last?.hasPrefix("Workout finished. 10 minutes, ") == true, "\(cues)")
        for cue in cues {
            #expect(cue.wholeMatch(of: /\d\d:\d\d:\d\d Coach: .+\./) != nil, "\(cue)")
        }
    }

    /// With an audio output the sentences are spoken in real time while the workout runs at 60×: the player says
    /// each one the coach says, in its order, the summary last, though it comes about a minute after the workout
    /// ended (20 simulated minutes: some 70 s of speech).
    @Test func demoWithAudioOutSaysEverySentenceTheCoachSays() async throws {
        let scratch = try Scratch()
        let result = try await StayfitProcess.run([
            "demo", "--minutes", "20", "--audio-out", scratch.path("demo.wav"), "--verbose",
        ])
        #expect(result.status == 0, "stderr: \(result.error)")
        let shown = result.output.split(separator: "\n").compactMap { line in
            line.contains(" Coach: ") ? line.components(separatedBy: " Coach: ").last : nil
        }
        let said = result.error.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("plugin=music"), line.hasSuffix("[Music] saying"),
                let start = line.range(of: "text=")
            else { return nil }
            return String(line[start.upperBound...].dropLast(" [Music] saying".count))
        }
        // Started, an update every 5 minutes and every kilometre (1 km at 5:45, 2 at 11:04, 3 at 16:25), the summary.
        #expect(shown.count >= 8, "\(shown)")
        #expect(said == shown, "shown: \(shown)\nsaid: \(said)")
        #expect(said.last?.hasPrefix("Workout finished. 20 minutes, ") == true, "\(said)")
    }

    /// Indoors (a recording of heart rate only, 80 bpm): the coach says no distance, pace or speed, and the
    /// workout counts energy below 90 bpm: 2.8 MET · 70 kg · 360 s / 3600 = 19.6 kcal.
    @Test func anIndoorDemoSaysNothingUnmeasuredAndCountsEnergyBelowNinetyBeatsPerMinute() async throws {
        let scratch = try Scratch()
        let rows = (0..<360).map { "\($0),80" }.joined(separator: "\n")
        let recording = try scratch.write("indoor.csv", "seconds,heart_rate\n" + rows + "\n")
        let result = try await StayfitProcess.run(["demo", "--file", recording])
        #expect(result.status == 0, "stderr: \(result.error)")
        let texts = result.output.split(separator: "\n").filter { $0.contains(" Coach: ") }
            .map { $0.components(separatedBy: " Coach: ").last ?? "" }
        #expect(
            texts == [
                "Workout started.", "5 minutes, heart rate 80.",
                "Workout finished. 6 minutes, average heart rate 80, 20 kilocalories.",
            ], "output: \(result.output)")
        #expect(result.output.contains("Workout 1 finished: 6:00,"), "output: \(result.output)")
        #expect(result.output.contains(" 20 kcal"), "output: \(result.output)")
        #expect(!result.output.contains(" 0 m"), "output: \(result.output)")
    }

    @Test func demoRejectsABadRecordingWithItsLine() async throws {
        let scratch = try Scratch()
        let recording = try scratch.write("bad.csv", "seconds,heart_rate\n0,120\n1,abc\n")
        let result = try await StayfitProcess.run(["demo", "--file", recording])
        #expect(result.status == 78)
        #expect(result.error.contains("bad.csv:3: heart_rate \"abc\" is not a number"), "stderr: \(result.error)")
    }
}
