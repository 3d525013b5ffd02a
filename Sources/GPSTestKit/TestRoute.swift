import Foundation
import HubTestKit

/// A route of known length, one true position a second, and what a consumer GPS receiver would report along it.
///
/// The receiver's error is made the way real errors look: a slow wander of a few metres (a second-order
/// Gauss–Markov process, correlated over a minute or so), a little fast jitter, Doppler speed accurate to a few
/// centimetres a second and a course that is noise when standing. A seeded generator makes every run the same.
public struct TestRoute: Sendable {
    /// One second of the route.
    public struct Second: Sendable, Equatable {
        public var time: Date
        /// The true position and altitude.
        public var latitude: Double
        public var longitude: Double
        public var altitude: Double
        /// What the receiver reports; nil inside a tunnel (no fix at all).
        public var reported: Reported?
        /// True distance from the start of the route to here, metres.
        public var distanceMeters: Double
        /// True speed in this second.
        public var speedMetersPerSecond: Double
    }

    /// A fix as the receiver gives it.
    public struct Reported: Sendable, Equatable {
        public var latitude: Double
        public var longitude: Double
        public var altitude: Double
        public var speedMetersPerSecond: Double
        public var courseDegrees: Double
    }

    /// A piece of route.
    public enum Leg: Sendable {
        /// Stand still for this many seconds.
        case stand(seconds: Int)
        /// Go straight on `heading` (degrees from north) at `speed` m/s, climbing `climb` m in all.
        case straight(heading: Double, speed: Double, seconds: Int, climb: Double = 0)
        /// Turn by `degrees` (positive = clockwise) on an arc at `speed`, over `seconds`.
        case turn(degrees: Double, speed: Double, seconds: Int)
        /// Keep going straight with no fix at all (a tunnel).
        case tunnel(speed: Double, seconds: Int)
    }

    public internal(set) var seconds: [Second] = []

    /// Walks `legs` from `start`, starting on heading `heading`.
    ///
    /// - Parameters:
    ///   - wanderMeters: standard deviation of the slow error, per axis.
    ///   - jitterMeters: standard deviation of the second-to-second error, per axis.
    public init(
        start: (latitude: Double, longitude: Double, altitude: Double) = (48.137, 11.575, 520),
        startTime: Date = Date(timeIntervalSince1970: 1_750_000_000), heading: Double = 0, legs: [Leg],
        wanderMeters: Double = 3, jitterMeters: Double = 0.3, seed: UInt64 = 42
    ) {
        var random = SeededRandom(seed: seed)
        var position = (north: 0.0, east: 0.0)
        var altitude = start.altitude
        var heading = heading
        var distance = 0.0
        var time = startTime
        // Second-order Gauss–Markov error per axis: a smooth wander, as a receiver's own filter leaves it.
        let tau = 60.0
        let decay = exp(-1 / tau)
        var wander = [(0.0, 0.0), (0.0, 0.0), (0.0, 0.0)]  // (level, rate) for north, east, up
        // Scaled so that the wander's standard deviation is `wanderMeters` (checked numerically).
        let rateSigma = wanderMeters * sqrt(2 * (1 - decay * decay)) / tau
        let metersPerDegree = 6_371_008.8 * Double.pi / 180
        let cosLatitude = cos(start.latitude * .pi / 180)

        func emit(speed: Double, fix: Bool) {
            for axis in 0..<3 {
                wander[axis].1 = wander[axis].1 * decay + random.gaussian() * rateSigma
                wander[axis].0 = wander[axis].0 * decay + wander[axis].1
            }
            let latitude = start.latitude + position.north / metersPerDegree
            let longitude = start.longitude + position.east / (metersPerDegree * cosLatitude)
            var reported: Reported?
            if fix {
                let north = position.north + wander[0].0 + random.gaussian() * jitterMeters
                let east = position.east + wander[1].0 + random.gaussian() * jitterMeters
                let reportedSpeed = max(0, speed + random.gaussian() * 0.05)
                // Standing, the course is whatever the noise points at.
                let course =
                    speed < 0.3
                    ? random.uniform() * 360 : (heading + random.gaussian() * 1).truncatingRemainder(dividingBy: 360)
                reported = Reported(
                    latitude: start.latitude + north / metersPerDegree,
                    longitude: start.longitude + east / (metersPerDegree * cosLatitude),
                    altitude: altitude + wander[2].0 * 1.5 + random.gaussian() * 0.5,
                    speedMetersPerSecond: speed < 0.3 ? abs(random.gaussian() * 0.1) : reportedSpeed,
                    courseDegrees: course < 0 ? course + 360 : course)
            }
            seconds.append(
                Second(
                    time: time, latitude: latitude, longitude: longitude, altitude: altitude, reported: reported,
                    distanceMeters: distance, speedMetersPerSecond: speed))
            time = time.addingTimeInterval(1)
        }

        func step(speed: Double, climbPerSecond: Double) {
            let radians = heading * .pi / 180
            position.north += speed * cos(radians)
            position.east += speed * sin(radians)
            altitude += climbPerSecond
            distance += speed
        }

        emit(speed: 0, fix: true)
        for leg in legs {
            switch leg {
            case .stand(let count):
                for _ in 0..<count { emit(speed: 0, fix: true) }
            case .straight(let newHeading, let speed, let count, let climb):
                heading = newHeading
                for _ in 0..<count {
                    step(speed: speed, climbPerSecond: climb / Double(count))
                    emit(speed: speed, fix: true)
                }
            case .turn(let degrees, let speed, let count):
                // Half the turn before each step and half after: the path is the arc's chords, length known.
                for _ in 0..<count {
                    heading += degrees / Double(count) / 2
                    step(speed: speed, climbPerSecond: 0)
                    heading += degrees / Double(count) / 2
                    emit(speed: speed, fix: true)
                }
            case .tunnel(let speed, let count):
                for _ in 0..<count {
                    step(speed: speed, climbPerSecond: 0)
                    emit(speed: speed, fix: false)
                }
            }
        }
    }

    /// The route's true length, metres.
    public var lengthMeters: Double { seconds.last?.distanceMeters ?? 0 }

    /// Seconds spent moving.
    public var movingSeconds: Int { seconds.filter { $0.speedMetersPerSecond > 0 }.count }

    /// The true climb and descent, metres.
    public var climbMeters: (gain: Double, loss: Double) {
        zip(seconds, seconds.dropFirst()).reduce((0, 0)) { sum, pair in
            let delta = pair.1.altitude - pair.0.altitude
            return (sum.0 + max(0, delta), sum.1 + max(0, -delta))
        }
    }

    /// Haversine distance over the reported fixes as they are: what an unfiltered hub would record.
    public var rawDistanceMeters: Double {
        let fixes = seconds.compactMap(\.reported)
        return zip(fixes, fixes.dropFirst()).reduce(0) {
            $0 + Self.haversine($1.0.latitude, $1.0.longitude, $1.1.latitude, $1.1.longitude)
        }
    }

    static func haversine(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let φ1 = lat1 * .pi / 180, φ2 = lat2 * .pi / 180
        let Δφ = (lat2 - lat1) * .pi / 180, Δλ = (lon2 - lon1) * .pi / 180
        let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * 6_371_008.8 * asin(min(1, sqrt(a)))
    }

    /// A 2 km-ish run: a stand at the start, a straight, switchbacks up a hill with a climb, a tunnel, a
    /// five-minute stop, the way back, and a stand at the end.
    public static func standardRun(seed: UInt64 = 42, stopSeconds: Int = 300) -> TestRoute {
        var legs: [Leg] = [.stand(seconds: 15), .straight(heading: 0, speed: 3.2, seconds: 90)]
        for index in 0..<4 {
            legs.append(.straight(heading: index % 2 == 0 ? 90 : 270, speed: 2.6, seconds: 35, climb: 9))
            legs.append(.turn(degrees: index % 2 == 0 ? -180 : 180, speed: 2.2, seconds: 9))
        }
        legs += [
            .straight(heading: 0, speed: 3.4, seconds: 60), .tunnel(speed: 3.4, seconds: 20),
            .straight(heading: 0, speed: 3.4, seconds: 40), .stand(seconds: stopSeconds),
            .turn(degrees: 90, speed: 3, seconds: 6), .straight(heading: 90, speed: 3.6, seconds: 120, climb: -36),
            .stand(seconds: 15),
        ]
        return TestRoute(legs: legs, seed: seed)
    }
}

extension TestRoute {
    /// Keeps only the seconds in `range`: one part of a route, for a log played by a gpsd started later.
    public mutating func keep(_ range: Range<Int>) { seconds = Array(seconds[range]) }
}
