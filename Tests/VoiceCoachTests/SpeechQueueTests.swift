import HubCore
import Testing
import VoiceCoach

@Suite struct SpeechQueueTests {
    static func at(_ seconds: Int) -> HubInstant { HubInstant(sinceOrigin: .seconds(seconds)) }

    @Test func saysTheMostImportantFirstAndTheOldestWithinAPriority() {
        var queue = SpeechQueue(capacity: 8, staleAfter: .seconds(15))
        queue.add(Utterance("routine 1", priority: .info, eventAt: Self.at(0)))
        queue.add(Utterance("important", priority: .important, eventAt: Self.at(0)))
        queue.add(Utterance("routine 2", priority: .info, eventAt: Self.at(0)))
        queue.add(Utterance("urgent", priority: .urgent, eventAt: Self.at(0)))
        let order = (0..<5).compactMap { _ in queue.next(at: Self.at(1))?.text }
        #expect(order == ["urgent", "important", "routine 1", "routine 2"])
    }

    @Test func aFullQueueDropsTheOldestRoutineSentenceNeverAnUrgentOne() {
        var queue = SpeechQueue(capacity: 3, staleAfter: .seconds(15))
        queue.add(Utterance("routine 1", eventAt: Self.at(0)))
        queue.add(Utterance("routine 2", eventAt: Self.at(0)))
        queue.add(Utterance("important", priority: .important, eventAt: Self.at(0)))
        #expect(queue.add(Utterance("urgent", priority: .urgent, eventAt: Self.at(0)))?.text == "routine 1")
        #expect(queue.add(Utterance("urgent 2", priority: .urgent, eventAt: Self.at(0)))?.text == "routine 2")
        // Full of more important sentences: a new routine one is the one dropped.
        #expect(queue.add(Utterance("routine 3", eventAt: Self.at(0)))?.text == "routine 3")
        #expect(queue.count == 3)
        #expect(queue.droppedCount == 3)
        let order = (0..<4).compactMap { _ in queue.next(at: Self.at(1))?.text }
        #expect(order == ["urgent", "urgent 2", "important"])
    }

    @Test func staleRoutineSentencesAreSkippedButImportantOnesAreSaidLate() {
        var queue = SpeechQueue(capacity: 8, staleAfter: .seconds(15))
        queue.add(Utterance("old split", eventAt: Self.at(0)))
        queue.add(Utterance("lap", priority: .important, eventAt: Self.at(0)))
        queue.add(Utterance("fresh split", eventAt: Self.at(10)))
        #expect(queue.next(at: Self.at(20))?.text == "lap")
        #expect(queue.next(at: Self.at(20))?.text == "fresh split")
        #expect(queue.next(at: Self.at(20)) == nil)
        #expect(queue.staleCount == 1)
    }

    @Test func aSentenceExactlyAtTheLimitIsStillSaid() {
        var queue = SpeechQueue(capacity: 1, staleAfter: .seconds(15))
        queue.add(Utterance("split", eventAt: Self.at(5)))
        #expect(queue.next(at: Self.at(20))?.text == "split")
    }
}
