import HubCore
import Testing

@testable import Music

@Suite struct SpeechQueueTests {
    private func clip(_ text: String, _ priority: Announcement.Priority, at seconds: Int) -> SpeechClip {
        SpeechClip(
            text: text, priority: priority, sampleRate: 22_050, samples: [1, 2, 3],
            eventAt: HubInstant(sinceOrigin: .seconds(seconds)))
    }

    /// A clip of `length` seconds of sound.
    private func clip(_ text: String, _ priority: Announcement.Priority, at seconds: Int, lasting length: Int)
        -> SpeechClip
    {
        SpeechClip(
            text: text, priority: priority, sampleRate: 100, samples: Array(repeating: 1000, count: 100 * length),
            eventAt: HubInstant(sinceOrigin: .seconds(seconds)))
    }

    private func instant(_ seconds: Int) -> HubInstant { HubInstant(sinceOrigin: .seconds(seconds)) }

    @Test func anUrgentClipGoesAheadOfRoutineOnesAndEqualPrioritiesKeepTheirOrder() {
        var queue = SpeechQueue(staleAfterSeconds: 5)
        #expect(queue.add(clip("1 kilometre", .info, at: 0)) == nil)
        #expect(queue.add(clip("heart rate 142", .info, at: 1)) == nil)
        #expect(queue.add(clip("Goal reached!", .urgent, at: 2)) == nil)
        #expect(queue.add(clip("Strap battery low", .important, at: 3)) == nil)
        var said: [String] = []
        while let next = queue.next(at: HubInstant(sinceOrigin: .seconds(3)), speed: 1).clip { said.append(next.text) }
        #expect(said == ["Goal reached!", "Strap battery low", "1 kilometre", "heart rate 142"])
    }

    @Test func aStaleRoutineClipIsSkippedButAStaleUrgentOneIsStillSaid() {
        var queue = SpeechQueue(staleAfterSeconds: 5)
        _ = queue.add(clip("old split", .info, at: 0))
        _ = queue.add(clip("Goal reached!", .urgent, at: 0))
        _ = queue.add(clip("fresh split", .info, at: 58))
        let now = HubInstant(sinceOrigin: .seconds(60))
        let first = queue.next(at: now, speed: 1)
        #expect(first.clip?.text == "Goal reached!")
        #expect(first.stale.isEmpty)
        let second = queue.next(at: now, speed: 1)
        #expect(second.clip?.text == "fresh split")
        #expect(second.stale.map(\.text) == ["old split"])
        #expect(queue.isEmpty)
    }

    /// The workout's summary, a lap and the answer to "status now" are important, not routine: said however late.
    @Test func aStaleSummaryLapOrStatusAnswerIsStillSaid() {
        var queue = SpeechQueue(staleAfterSeconds: 5)
        _ = queue.add(clip("Workout finished: 30 minutes, 5 kilometres.", .important, at: 0))
        _ = queue.add(clip("Lap 3, 5 minutes, 1 kilometre.", .important, at: 1))
        _ = queue.add(clip("old split", .info, at: 2))
        let now = HubInstant(sinceOrigin: .seconds(60))
        var said: [String] = []
        var skipped: [String] = []
        while true {
            let next = queue.next(at: now, speed: 1)
            skipped += next.stale.map(\.text)
            guard let clip = next.clip else { break }
            said.append(clip.text)
        }
        #expect(said == ["Workout finished: 30 minutes, 5 kilometres.", "Lap 3, 5 minutes, 1 kilometre."])
        #expect(skipped == ["old split"])
    }

    @Test func aFullQueueDropsOnlyRoutineClips() {
        var queue = SpeechQueue(capacity: 1, staleAfterSeconds: 5)
        _ = queue.add(clip("summary", .important, at: 0))
        _ = queue.add(clip("lap", .important, at: 1))
        #expect(queue.add(clip("routine 1", .info, at: 2)) == nil)
        #expect(queue.add(clip("routine 2", .info, at: 3))?.text == "routine 1")
        #expect(queue.waiting.map(\.text) == ["summary", "lap", "routine 2"])
    }

    @Test func aFullQueueDropsItsOldestRoutineClipAndNeverAnUrgentOne() {
        var queue = SpeechQueue(capacity: 2, staleAfterSeconds: 5)
        _ = queue.add(clip("urgent 1", .urgent, at: 0))
        _ = queue.add(clip("routine 1", .info, at: 1))
        _ = queue.add(clip("routine 2", .info, at: 2))
        #expect(queue.add(clip("routine 3", .info, at: 3))?.text == "routine 1")
        _ = queue.add(clip("urgent 2", .urgent, at: 4))
        #expect(queue.waiting.map(\.text) == ["urgent 1", "urgent 2", "routine 2", "routine 3"])
    }

    // MARK: - A sped-up clock (the demo)

    /// At 60×, the 5-minute update (6 s of sound) plays for 6 real seconds, 360 hub seconds; the 1-kilometre update
    /// of hub second 350 waits for it 310 hub seconds, 5.2 real ones. In the workout the demo simulates it waited
    /// for nothing: the 5-minute update was over at hub second 306. It is said.
    @Test func onASpedUpClockAnUpdateIsNotStaleForWaitingOnTheRealTimeSpeechBeforeIt() {
        var queue = SpeechQueue(staleAfterSeconds: 5)
        _ = queue.add(clip("5 minutes", .info, at: 300, lasting: 6))
        #expect(queue.next(at: instant(300), speed: 60).clip?.text == "5 minutes")
        _ = queue.add(clip("1 kilometre", .info, at: 350, lasting: 5))
        let next = queue.next(at: instant(660), speed: 60)
        #expect(next.clip?.text == "1 kilometre")
        #expect(next.stale.isEmpty)
    }

    /// The last update (hub second 600) and the summary (601) both wait behind speech still playing in real time.
    /// The workout would have said the update at once and the summary after it: so does the demo, though the
    /// summary is the more important.
    @Test func onASpedUpClockClipsAreSaidInTheOrderTheSimulatedWorkoutWouldSayThem() {
        var queue = SpeechQueue(staleAfterSeconds: 5)
        _ = queue.add(clip("1 kilometre", .info, at: 350, lasting: 6))
        #expect(queue.next(at: instant(350), speed: 60).clip?.text == "1 kilometre")
        _ = queue.add(clip("10 minutes", .info, at: 600, lasting: 6))
        _ = queue.add(clip("Workout finished.", .important, at: 601, lasting: 10))
        var said: [String] = []
        while let next = queue.next(at: instant(700), speed: 60).clip { said.append(next.text) }
        #expect(said == ["10 minutes", "Workout finished."])
    }

    /// Three updates 1 s apart, 6 s of sound each: the simulated workout says the first (0–6 s), the second 5 s
    /// after its event (6–12 s), and skips the third, 10 s old at its turn. So does the demo at 60×.
    @Test func onASpedUpClockWhatTheSimulatedWorkoutWouldSkipIsSkipped() {
        var queue = SpeechQueue(staleAfterSeconds: 5)
        for second in 0..<3 { _ = queue.add(clip("update \(second)", .info, at: second, lasting: 6)) }
        var said: [String] = []
        var skipped: [String] = []
        while true {
            let next = queue.next(at: instant(1000), speed: 60)
            skipped += next.stale.map(\.text)
            guard let clip = next.clip else { break }
            said.append(clip.text)
        }
        #expect(said == ["update 0", "update 1"])
        #expect(skipped == ["update 2"])
    }
}
