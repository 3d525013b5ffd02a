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

    /// The demo's 60×: the last update (hub second 600) and the summary (601) wait together behind a synthesis that
    /// takes real time. The workout being simulated said the update first, a second before the stop; so does the
    /// demo. At real time the summary, more important, goes first.
    @Test func onASpedUpClockSentencesAreTakenInTheOrderOfTheirEvents() {
        var spedUp = SpeechQueue(capacity: 8, staleAfter: .seconds(900), inEventOrder: true)
        var realTime = SpeechQueue(capacity: 8, staleAfter: .seconds(15))
        for sentence in [
            Utterance("10 minutes.", priority: .info, eventAt: Self.at(600)),
            Utterance("Workout finished.", priority: .important, eventAt: Self.at(601)),
            Utterance("Goal reached.", priority: .urgent, eventAt: Self.at(601)),
        ] {
            spedUp.add(sentence)
            realTime.add(sentence)
        }
        let spedUpOrder = (0..<4).compactMap { _ in spedUp.next(at: Self.at(602))?.text }
        #expect(spedUpOrder == ["10 minutes.", "Goal reached.", "Workout finished."])
        let realTimeOrder = (0..<4).compactMap { _ in realTime.next(at: Self.at(602))?.text }
        #expect(realTimeOrder == ["Goal reached.", "Workout finished.", "10 minutes."])
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

    /// A summary, a lap, a goal and a "status now" answer waiting behind a stuck synthesis in a queue of two: none is
    /// dropped (the summary made room for the goal, and the lap for the answer); a routine sentence is.
    @Test func aFullQueueNeverDropsASentenceThatMatters() {
        var queue = SpeechQueue(capacity: 2, staleAfter: .seconds(15))
        #expect(queue.add(Utterance("Workout finished.", priority: .important, eventAt: Self.at(0))) == nil)
        #expect(queue.add(Utterance("Lap 3.", priority: .important, eventAt: Self.at(1))) == nil)
        #expect(queue.add(Utterance("Goal reached.", priority: .urgent, eventAt: Self.at(2))) == nil)
        #expect(queue.add(Utterance("Recording 30:00.", priority: .important, eventAt: Self.at(3))) == nil)
        #expect(queue.add(Utterance("routine", eventAt: Self.at(4)))?.text == "routine")
        #expect(queue.droppedCount == 1)
        let order = (0..<5).compactMap { _ in queue.next(at: Self.at(5))?.text }
        #expect(order == ["Goal reached.", "Workout finished.", "Lap 3.", "Recording 30:00."])
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
