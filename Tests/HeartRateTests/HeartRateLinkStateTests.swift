import Foundation
import HubCore
import Testing

@testable import HeartRate

@Suite struct HeartRateLinkStateTests {
    let start = HubInstant(sinceOrigin: .seconds(1_000))

    @Test func aReadingWithoutSkinContactIsALossOnceAndContactAgainRestoresIt() {
        let state = HeartRateLinkState()
        #expect(state.connected(at: start) == false)
        #expect(state.received(at: start, hasContact: true) == nil)
        #expect(state.received(at: start + 1, hasContact: false) == .lost)
        #expect(state.received(at: start + 2, hasContact: false) == nil, "announced once")
        #expect(state.received(at: start + 3, hasContact: true) == .restored)
        #expect(state.received(at: start + 4, hasContact: true) == nil)
    }

    @Test func silenceIsALossOnlyOnceTheIntervalHasPassedSinceTheLastReading() {
        let state = HeartRateLinkState()
        _ = state.connected(at: start)
        #expect(state.received(at: start + 3, hasContact: true) == nil)
        #expect(!state.markLostIfStale(at: start + 7.9, after: .seconds(5)))
        #expect(state.markLostIfStale(at: start + 8, after: .seconds(5)))
        #expect(!state.markLostIfStale(at: start + 20, after: .seconds(5)), "announced once")
        #expect(state.received(at: start + 21, hasContact: true) == .restored)
    }

    @Test func aNoContactReadingDoesNotCountAsDataForTheStaleWatch() {
        let state = HeartRateLinkState()
        _ = state.connected(at: start)
        #expect(state.received(at: start + 1, hasContact: false) == .lost)
        #expect(state.staleDeadline(after: .seconds(5)) == nil, "the loss is announced already")
    }

    @Test func aNewStrapStartsOverAsAFirstConnection() {
        let state = HeartRateLinkState()
        _ = state.connected(at: start)
        #expect(state.markLost())
        state.startOver()
        #expect(state.connected(at: start + 10) == false)
        #expect(state.markLost())
    }

    @Test(arguments: [
        ([50, 20, 19, 15, 10, 9, 0], [20, 10, 0]),
        ([15, 30, 18], [15, 18]),  // a charged battery above the threshold starts over
        ([100, 21], [Int]()),
    ])
    func aLowBatteryIsNewsAtTheThresholdAndEveryTenPointsDown(levels: [Int], announced: [Int]) {
        let state = HeartRateLinkState()
        #expect(levels.filter { state.shouldAnnounceLowBattery($0, threshold: 20) } == announced)
    }

    @Test func aThresholdOfZeroNeverAnnounces() {
        let state = HeartRateLinkState()
        #expect(!state.shouldAnnounceLowBattery(0, threshold: 0))
    }
}

/// Seconds after an instant, as the tests write them.
private func + (instant: HubInstant, seconds: Double) -> HubInstant { instant + .seconds(seconds) }
