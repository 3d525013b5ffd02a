import Foundation
import GPSTestKit
import HubCore
import Positioning
import Testing

@testable import Location

@Suite struct FixFilterTests {
    static let start = Date(timeIntervalSince1970: 1_750_000_000)

    static func report(
        _ second: Int, latitude: Double = 48.137, longitude: Double = 11.575, mode: Int = 3, speed: Double? = 3,
        track: Double? = 0, altitude: Double? = 520, eph: Double? = 6
    ) -> GPSDPosition {
        GPSDPosition(
            mode: mode, time: start.addingTimeInterval(Double(second)), latitude: latitude, longitude: longitude,
            altitudeMSL: altitude, speed: speed, track: track, eph: eph)
    }

    /// What the route's receiver would report through gpsd, as TPV reports.
    static func reports(of route: TestRoute) -> [GPSDPosition] {
        route.seconds.map { second in
            guard let fix = second.reported else { return GPSDPosition(mode: 1, time: second.time) }
            return GPSDPosition(
                mode: 3, time: second.time, latitude: fix.latitude, longitude: fix.longitude,
                altitudeMSL: fix.altitude, speed: fix.speedMetersPerSecond, track: fix.courseDegrees, eph: 6)
        }
    }

    /// Distance and climb as the workout would record them from what the filter publishes.
    static func recorded(_ reports: [GPSDPosition]) -> (distance: Double, metrics: WorkoutMetrics, held: Int) {
        var filter = FixFilter()
        var metrics = WorkoutMetrics()
        var last: FilteredFix?
        var distance = 0.0
        var held = 0
        for report in reports {
            guard case .fix(let fix) = filter.take(report) else { continue }
            let step = last.map {
                Geo.distanceMeters(
                    fromLatitude: $0.latitude, longitude: $0.longitude, toLatitude: fix.latitude,
                    longitude: fix.longitude)
            }
            distance += step ?? 0
            if fix.isStationary { held += 1 }
            metrics.recordSecond(
                heartRate: nil, speedMetersPerSecond: fix.speedMetersPerSecond, distanceMeters: step ?? 0,
                kilocalories: 0, steps: nil, altitudeMeters: fix.altitudeMeters)
            last = fix
        }
        return (distance, metrics, held)
    }

    @Test func aKnownRouteWithNoiseStopsATunnelAndSwitchbacksMeasuresWithinOnePercent() {
        for seed: UInt64 in [1, 2, 3, 42] {
            let route = TestRoute.standardRun(seed: seed)
            let (distance, _, _) = Self.recorded(Self.reports(of: route))
            let error = abs(distance - route.lengthMeters) / route.lengthMeters
            let rawError = abs(route.rawDistanceMeters - route.lengthMeters) / route.lengthMeters
            #expect(error < 0.01, "seed \(seed): \(distance) m for a route of \(route.lengthMeters) m")
            // The noise is real enough that raw haversine would miss: the filter is doing the work.
            #expect(rawError > 2 * error, "seed \(seed): raw \(route.rawDistanceMeters) m, filtered \(distance) m")
        }
    }

    @Test func fiveMinutesStandingStillAddsLessThanTenMetres() {
        for seed: UInt64 in [7, 8, 9] {
            let route = TestRoute(legs: [.stand(seconds: 300)], wanderMeters: 4, seed: seed)
            let (distance, _, held) = Self.recorded(Self.reports(of: route))
            #expect(distance < 10, "seed \(seed): \(distance) m standing still (raw \(route.rawDistanceMeters) m)")
            #expect(held > 290)
            #expect(route.rawDistanceMeters > 20, "the drift is real: raw \(route.rawDistanceMeters) m")
        }
    }

    @Test func elevationGainAndLossAreCloseToTheTruthOnNoisyAltitude() throws {
        for seed: UInt64 in [5, 6] {
            let route = TestRoute.standardRun(seed: seed)
            let (_, metrics, _) = Self.recorded(Self.reports(of: route))
            let truth = route.climbMeters
            let gain = try #require(metrics.elevationGainMeters)
            let loss = try #require(metrics.elevationLossMeters)
            // GPS altitude wanders by metres over minutes, which no filter can tell from a real slope: a margin of
            // 12 m on 36 m climbed. Summing every rise of the raw altitude would count the jitter many times over.
            let reported = route.seconds.compactMap(\.reported?.altitude)
            let rawGain = zip(reported, reported.dropFirst()).reduce(0) { $0 + max(0, $1.1 - $1.0) }
            #expect(abs(gain - truth.gain) < 12, "seed \(seed): gain \(gain) m vs \(truth.gain) m")
            #expect(abs(loss - truth.loss) < 12, "seed \(seed): loss \(loss) m vs \(truth.loss) m")
            #expect(rawGain > 3 * truth.gain, "seed \(seed): raw gain \(rawGain) m")
        }
    }

    /// A route with a five-minute stop: the slowest minute is a standing one, and the minimum is never above the
    /// average (it was: a minimum over moving seconds beside an average over all of them).
    @Test func minimumSpeedIsNeverAboveTheAverageOnARouteWithAStop() throws {
        let route = TestRoute.standardRun(seed: 6)
        let (_, metrics, _) = Self.recorded(Self.reports(of: route))
        let minimum = try #require(metrics.minSpeedMetersPerSecond)
        let average = try #require(metrics.averageSpeedMetersPerSecond)
        let maximum = try #require(metrics.maxSpeedMetersPerSecond)
        #expect(minimum <= average && average <= maximum, "min \(minimum), avg \(average), max \(maximum)")
        #expect(minimum < 0.5, "the standing minutes are the slowest: \(minimum) m/s")
    }

    @Test func onlyFixesWithAModeATimeAndAPositionCount() {
        var filter = FixFilter()
        #expect(filter.take(GPSDPosition(mode: 3)) == .noFix)
        #expect(filter.take(GPSDPosition(mode: 1, time: Self.start, latitude: 48, longitude: 11)) == .noFix)
        #expect(filter.take(GPSDPosition(mode: 2, time: Self.start, latitude: 48)) == .noFix)
        guard case .fix(let fix) = filter.take(Self.report(0, mode: 2)) else {
            Issue.record("a 2D fix is a fix")
            return
        }
        #expect(fix.altitudeMeters == nil, "a 2D fix has no altitude")
    }

    @Test func repeatedAndBackwardTimesAreDropped() {
        var filter = FixFilter()
        guard case .fix = filter.take(Self.report(5)) else {
            Issue.record("first fix")
            return
        }
        #expect(filter.take(Self.report(5)) == .dropped(.repeatedTime))
        #expect(filter.take(Self.report(4)) == .dropped(.timeWentBack))
    }

    /// Fixes a second apart on the receiver's clock and on the hub's, `latitude` steps of 3.3 m north.
    static func moving(_ second: Int, dayAhead: Bool = false) -> (GPSDPosition, arrival: Double) {
        var report = report(second, latitude: 48.137 + Double(second) * 0.00003)
        if dayAhead { report.time = report.time?.addingTimeInterval(86_400) }
        return (report, 1_000 + Double(second))
    }

    @Test func aFixDatedADayAheadIsDroppedAndTheFixesAfterItAreKept() {
        var filter = FixFilter()
        var outcomes: [FixFilter.Outcome] = []
        for second in 0..<10 {
            let (report, arrival) = Self.moving(second, dayAhead: second == 4)
            outcomes.append(filter.take(report, arrival: arrival))
        }
        #expect(outcomes[4] == .dropped(.timeJump))
        let kept = outcomes.indices.filter { if case .fix = outcomes[$0] { true } else { false } }
        #expect(kept == [0, 1, 2, 3, 5, 6, 7, 8, 9], "\(outcomes)")
    }

    @Test func aFixDatedADayBackDoesNotHoldUpTheFixesAfterIt() {
        var filter = FixFilter()
        var kept = 0
        for second in 0..<10 {
            var (report, arrival) = Self.moving(second)
            if second == 4 { report.time = report.time?.addingTimeInterval(-86_400) }
            let outcome = filter.take(report, arrival: arrival)
            if second == 4 { #expect(outcome == .dropped(.timeWentBack)) }
            if case .fix = outcome { kept += 1 }
        }
        #expect(kept == 9)
    }

    @Test func aReceiverClockThatReallyStepsIsFollowedFromItsSecondFix() {
        // A receiver whose first fixes carried a wrong date (a cold start), then the right one, a day later.
        var filter = FixFilter()
        var outcomes: [FixFilter.Outcome] = []
        for second in 0..<8 {
            let (report, arrival) = Self.moving(second, dayAhead: second >= 3)
            outcomes.append(filter.take(report, arrival: arrival))
        }
        #expect(outcomes[3] == .dropped(.timeJump))
        #expect(outcomes[4...].allSatisfy { if case .fix = $0 { true } else { false } }, "\(outcomes)")
    }

    @Test func withinTheToleranceOrWithoutArrivalTimesAGapIsNoJump() {
        // 5 s more on the receiver's clock than on the hub's: a backlog, not a jump. And a file's points (no
        // arrival) are judged by their own times alone, as before: a gap of an hour is a gap.
        var live = FixFilter()
        _ = live.take(Self.report(0), arrival: 0)
        if case .fix = live.take(Self.report(6), arrival: 1) {} else { Issue.record("6 s ahead of 1 s: kept") }
        var file = FixFilter()
        _ = file.take(Self.report(0))
        if case .fix = file.take(Self.report(3_600)) {} else { Issue.record("a file's hour-long gap: kept") }
    }

    @Test(arguments: [
        report(1, latitude: 95), report(1, latitude: .nan), report(1, longitude: 181), report(1, speed: 150),
        report(1, altitude: 25_000), report(1, eph: -1),
    ])
    func absurdValuesAreDropped(_ report: GPSDPosition) {
        var filter = FixFilter()
        _ = filter.take(Self.report(0))
        #expect(filter.take(report) == .dropped(.absurdValue))
    }

    @Test func vagueFixesAreDropped() {
        var filter = FixFilter(settings: .init(maximumErrorMeters: 20))
        #expect(filter.take(Self.report(0, eph: 35)) == .dropped(.inaccurate))
    }

    @Test func aJumpOfKilometresIsDroppedUntilTheReceiverStaysThere() {
        var filter = FixFilter()
        _ = filter.take(Self.report(0))
        // 0.05° of latitude is 5.6 km: not in one second.
        for second in 1..<FixFilter.jumpsBeforeRestart {
            #expect(filter.take(Self.report(second, latitude: 48.187)) == .dropped(.jump))
        }
        guard case .fix(let fix) = filter.take(Self.report(FixFilter.jumpsBeforeRestart, latitude: 48.187)) else {
            Issue.record("after \(FixFilter.jumpsBeforeRestart) fixes in the new place the track starts there")
            return
        }
        #expect(abs(fix.latitude - 48.187) < 1e-6)
    }
}
