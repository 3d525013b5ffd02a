import HubCore
import Testing
import VoiceCoach

/// Maximum 200 bpm: zone 3 from 140, zone 4 from 160.
@Suite struct ZoneTrackerTests {
    static func at(_ seconds: Int) -> HubInstant { HubInstant(sinceOrigin: .seconds(seconds)) }

    @Test func zonesFollowTheSharesOfTheMaximum() {
        #expect(HeartRateZone.of(99, maximum: 200).number == 0)
        #expect(HeartRateZone.of(100, maximum: 200).number == 1)
        #expect(HeartRateZone.of(139, maximum: 200).number == 2)
        #expect(HeartRateZone.of(140, maximum: 200).number == 3)
        #expect(HeartRateZone.of(180, maximum: 200).number == 5)
    }

    @Test func aHeartRateWanderingAcrossABoundaryDoesNotChatter() {
        var tracker = ZoneTracker(maximumHeartRate: 200, marginBeatsPerMinute: 3, hold: .seconds(10))
        #expect(tracker.update(beatsPerMinute: 150, at: Self.at(0)) == nil)  // the first zone is taken silently
        var changes: [Int] = []
        for second in 1...120 {
            // 157 to 162: over 160 now and then, never 3 bpm past it.
            let heartRate = 157 + second % 6
            if let zone = tracker.update(beatsPerMinute: heartRate, at: Self.at(second)) { changes.append(zone.number) }
        }
        #expect(changes.isEmpty)
        #expect(tracker.current?.number == 3)
    }

    @Test func aChangeIsSaidOnceItHeldPastTheMargin() {
        var tracker = ZoneTracker(maximumHeartRate: 200, marginBeatsPerMinute: 3, hold: .seconds(10))
        _ = tracker.update(beatsPerMinute: 150, at: Self.at(0))
        // Past the margin but back within the hold time: nothing.
        for second in 1...5 { #expect(tracker.update(beatsPerMinute: 165, at: Self.at(second)) == nil) }
        #expect(tracker.update(beatsPerMinute: 161, at: Self.at(6)) == nil)
        var said: [(Int, Int)] = []
        for second in 7...30 {
            if let zone = tracker.update(beatsPerMinute: 165, at: Self.at(second)) {
                said.append((second, zone.number))
            }
        }
        #expect(said.count == 1)
        #expect(said.first?.0 == 17)
        #expect(said.first?.1 == 4)
        // Going down needs the margin below the boundary too: 158 is not enough, 156 is.
        for second in 31...60 { #expect(tracker.update(beatsPerMinute: 158, at: Self.at(second)) == nil) }
        var down: [Int] = []
        for second in 61...80 {
            if let zone = tracker.update(beatsPerMinute: 156, at: Self.at(second)) { down.append(zone.number) }
        }
        #expect(down == [3])
    }

    @Test func withoutHoldTimeAChangePastTheMarginIsSaidAtOnce() {
        var tracker = ZoneTracker(maximumHeartRate: 200, marginBeatsPerMinute: 0, hold: .zero)
        _ = tracker.update(beatsPerMinute: 100, at: Self.at(0))
        #expect(tracker.update(beatsPerMinute: 120, at: Self.at(1))?.number == 2)
        tracker.reset()
        #expect(tracker.update(beatsPerMinute: 190, at: Self.at(2)) == nil)
    }
}
