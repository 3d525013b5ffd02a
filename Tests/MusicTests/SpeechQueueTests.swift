import HubCore
import Testing

@testable import Music

@Suite struct SpeechQueueTests {
    private func clip(_ text: String, _ priority: Announcement.Priority, at seconds: Int) -> SpeechClip {
        SpeechClip(
            text: text, priority: priority, sampleRate: 22_050, samples: [1, 2, 3],
            eventAt: HubInstant(sinceOrigin: .seconds(seconds)))
    }

    @Test func anUrgentClipGoesAheadOfRoutineOnesAndEqualPrioritiesKeepTheirOrder() {
        var queue = SpeechQueue(staleAfterSeconds: 5)
        #expect(queue.add(clip("1 kilometre", .info, at: 0)) == nil)
        #expect(queue.add(clip("heart rate 142", .info, at: 1)) == nil)
        #expect(queue.add(clip("Goal reached!", .urgent, at: 2)) == nil)
        #expect(queue.add(clip("Strap battery low", .important, at: 3)) == nil)
        var said: [String] = []
        while let next = queue.next(ageInSeconds: { _ in 0 }).clip { said.append(next.text) }
        #expect(said == ["Goal reached!", "Strap battery low", "1 kilometre", "heart rate 142"])
    }

    @Test func aStaleRoutineClipIsSkippedButAStaleUrgentOneIsStillSaid() {
        var queue = SpeechQueue(staleAfterSeconds: 5)
        _ = queue.add(clip("old split", .info, at: 0))
        _ = queue.add(clip("Goal reached!", .urgent, at: 0))
        _ = queue.add(clip("fresh split", .info, at: 58))
        let age: (SpeechClip) -> Double = { 60 - Double($0.eventAt.sinceOrigin.components.seconds) }
        let first = queue.next(ageInSeconds: age)
        #expect(first.clip?.text == "Goal reached!")
        #expect(first.stale.isEmpty)
        let second = queue.next(ageInSeconds: age)
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
        let age: (SpeechClip) -> Double = { 60 - Double($0.eventAt.sinceOrigin.components.seconds) }
        var said: [String] = []
        var skipped: [String] = []
        while true {
            let next = queue.next(ageInSeconds: age)
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
}
