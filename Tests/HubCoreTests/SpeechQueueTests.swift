import HubCore
import Testing

/// The one queue both the voice coach (sentences before synthesis, of no known length) and the audio path (clips of
/// sound) use.
@Suite struct SpeechQueueTests {
    /// A clip of `length` seconds of sound; 0 for a sentence not yet synthesised.
    private func clip(
        _ text: String, _ priority: Announcement.Priority = .info, at seconds: Int, lasting length: Int = 0
    )
        -> SpeechClip
    {
        SpeechClip(
            text: text, priority: priority, sampleRate: 100, samples: Array(repeating: 1000, count: 100 * length),
            eventAt: instant(seconds))
    }

    private func instant(_ seconds: Int) -> HubInstant { HubInstant(sinceOrigin: .seconds(seconds)) }

    /// Everything the queue says at `now`, and what it skips as stale, until it is empty.
    private func drain(_ queue: inout SpeechQueue<SpeechClip>, at now: Int, speed: Double = 1)
        -> (said: [String], skipped: [String])
    {
        var said: [String] = [], skipped: [String] = []
        while true {
            let next = queue.next(at: instant(now), speed: speed)
            skipped += next.stale.map(\.text)
            guard let item = next.item else { return (said, skipped) }
            said.append(item.text)
        }
    }

    // MARK: - Order

    @Test func theMostImportantGoFirstAndEqualPrioritiesKeepTheirOrder() {
        var queue = SpeechQueue<SpeechClip>(capacity: 8, staleAfter: .seconds(5))
        #expect(queue.add(clip("1 kilometre", at: 0)) == nil)
        #expect(queue.add(clip("heart rate 142", at: 1)) == nil)
        #expect(queue.add(clip("Goal reached!", .urgent, at: 2)) == nil)
        #expect(queue.add(clip("Strap battery low", .important, at: 3)) == nil)
        #expect(drain(&queue, at: 3).said == ["Goal reached!", "Strap battery low", "1 kilometre", "heart rate 142"])
    }

    // MARK: - Staleness

    @Test func aStaleRoutineItemIsSkippedButAStaleUrgentOneIsStillSaid() {
        var queue = SpeechQueue<SpeechClip>(capacity: 8, staleAfter: .seconds(5))
        queue.add(clip("old split", at: 0))
        queue.add(clip("Goal reached!", .urgent, at: 0))
        queue.add(clip("fresh split", at: 58))
        let first = queue.next(at: instant(60), speed: 1)
        #expect(first.item?.text == "Goal reached!")
        #expect(first.stale.isEmpty)
        let second = queue.next(at: instant(60), speed: 1)
        #expect(second.item?.text == "fresh split")
        #expect(second.stale.map(\.text) == ["old split"])
        #expect(queue.isEmpty)
        #expect(queue.staleCount == 1)
    }

    /// The workout's summary, a lap and the answer to "status now" are important, not routine: said however late.
    @Test func aStaleSummaryLapOrStatusAnswerIsStillSaid() {
        var queue = SpeechQueue<SpeechClip>(capacity: 8, staleAfter: .seconds(5))
        queue.add(clip("Workout finished: 30 minutes, 5 kilometres.", .important, at: 0))
        queue.add(clip("Lap 3, 5 minutes, 1 kilometre.", .important, at: 1))
        queue.add(clip("old split", at: 2))
        let (said, skipped) = drain(&queue, at: 60)
        #expect(said == ["Workout finished: 30 minutes, 5 kilometres.", "Lap 3, 5 minutes, 1 kilometre."])
        #expect(skipped == ["old split"])
    }

    @Test func anItemExactlyAtTheLimitIsStillSaid() {
        var queue = SpeechQueue<SpeechClip>(capacity: 1, staleAfter: .seconds(15))
        queue.add(clip("split", at: 5))
        #expect(queue.next(at: instant(20), speed: 1).item?.text == "split")
    }

    // MARK: - Capacity

    @Test func aFullQueueDropsItsOldestRoutineItemNeverAnUrgentOne() {
        var queue = SpeechQueue<SpeechClip>(capacity: 3, staleAfter: .seconds(15))
        queue.add(clip("routine 1", at: 0))
        queue.add(clip("routine 2", at: 0))
        queue.add(clip("important", .important, at: 0))
        #expect(queue.add(clip("urgent", .urgent, at: 0))?.text == "routine 1")
        #expect(queue.add(clip("urgent 2", .urgent, at: 0))?.text == "routine 2")
        // Full of more important items: a new routine one is the one dropped.
        #expect(queue.add(clip("routine 3", at: 0))?.text == "routine 3")
        #expect(queue.count == 3)
        #expect(queue.droppedCount == 3)
        #expect(drain(&queue, at: 1).said == ["urgent", "urgent 2", "important"])
    }

    /// A summary, a lap, a goal and a "status now" answer waiting behind a stuck synthesis in a queue of two: none is
    /// dropped; a routine sentence is.
    @Test func aFullQueueNeverDropsAnItemThatMatters() {
        var queue = SpeechQueue<SpeechClip>(capacity: 2, staleAfter: .seconds(15))
        #expect(queue.add(clip("Workout finished.", .important, at: 0)) == nil)
        #expect(queue.add(clip("Lap 3.", .important, at: 1)) == nil)
        #expect(queue.add(clip("Goal reached.", .urgent, at: 2)) == nil)
        #expect(queue.add(clip("Recording 30:00.", .important, at: 3)) == nil)
        #expect(queue.add(clip("routine", at: 4))?.text == "routine")
        #expect(queue.droppedCount == 1)
        #expect(queue.waiting.map(\.text) == ["Goal reached.", "Workout finished.", "Lap 3.", "Recording 30:00."])
    }

    // MARK: - A sped-up clock (the demo)

    /// At 60×, the 5-minute update (6 s of sound) plays for 6 real seconds, 360 hub seconds; the 1-kilometre update
    /// of hub second 350 waits for it 310 hub seconds, 5.2 real ones. In the workout the demo simulates it waited
    /// for nothing: the 5-minute update was over at hub second 306. It is said.
    @Test func onASpedUpClockAnUpdateIsNotStaleForWaitingOnTheRealTimeSpeechBeforeIt() {
        var queue = SpeechQueue<SpeechClip>(capacity: 16, staleAfter: .seconds(5))
        queue.add(clip("5 minutes", at: 300, lasting: 6))
        #expect(queue.next(at: instant(300), speed: 60).item?.text == "5 minutes")
        queue.add(clip("1 kilometre", at: 350, lasting: 5))
        let next = queue.next(at: instant(660), speed: 60)
        #expect(next.item?.text == "1 kilometre")
        #expect(next.stale.isEmpty)
    }

    /// The last update (hub second 600) and the summary (601) both wait behind speech still playing in real time.
    /// The workout would have said the update at once and the summary after it: so does the demo, though the
    /// summary is the more important.
    @Test func onASpedUpClockClipsAreSaidInTheOrderTheSimulatedWorkoutWouldSayThem() {
        var queue = SpeechQueue<SpeechClip>(capacity: 16, staleAfter: .seconds(5))
        queue.add(clip("1 kilometre", at: 350, lasting: 6))
        #expect(queue.next(at: instant(350), speed: 60).item?.text == "1 kilometre")
        queue.add(clip("10 minutes", at: 600, lasting: 6))
        queue.add(clip("Workout finished.", .important, at: 601, lasting: 10))
        #expect(drain(&queue, at: 700, speed: 60).said == ["10 minutes", "Workout finished."])
    }

    /// Sentences not yet synthesised (no known length) waiting together behind a synthesis that takes real time:
    /// on a sped-up clock they are taken in the order of their events, the most important first among events of the
    /// same instant; at real time the most important first.
    @Test func onASpedUpClockSentencesAreTakenInTheOrderOfTheirEvents() {
        var spedUp = SpeechQueue<SpeechClip>(capacity: 8, staleAfter: .seconds(15))
        var realTime = SpeechQueue<SpeechClip>(capacity: 8, staleAfter: .seconds(15))
        for sentence in [
            clip("10 minutes.", at: 600), clip("Workout finished.", .important, at: 601),
            clip("Goal reached.", .urgent, at: 601),
        ] {
            spedUp.add(sentence)
            realTime.add(sentence)
        }
        #expect(drain(&spedUp, at: 602, speed: 60).said == ["10 minutes.", "Goal reached.", "Workout finished."])
        #expect(drain(&realTime, at: 602).said == ["Goal reached.", "Workout finished.", "10 minutes."])
    }

    /// Three updates 1 s apart, 6 s of sound each: the simulated workout says the first (0–6 s), the second 5 s
    /// after its event (6–12 s), and skips the third, 10 s old at its turn. So does the demo at 60×.
    @Test func onASpedUpClockWhatTheSimulatedWorkoutWouldSkipIsSkipped() {
        var queue = SpeechQueue<SpeechClip>(capacity: 16, staleAfter: .seconds(5))
        for second in 0..<3 { queue.add(clip("update \(second)", at: second, lasting: 6)) }
        let (said, skipped) = drain(&queue, at: 1000, speed: 60)
        #expect(said == ["update 0", "update 1"])
        #expect(skipped == ["update 2"])
    }
}
