import Foundation

/// What sort of workout: a run, a ride on a trainer, a row … An open set like the sensor kinds: a kind stored by a
/// later version of the hub is kept as it is, and what the hub does not know of it is done as for ``other``.
///
/// The kind decides where speed and distance come from (GPS outdoors, a wheel sensor, a foot pod or the machine
/// indoors), the calories' MET values, the coach's figures, the sport written into exported files and the playlist.
///
/// ```swift
/// let kind = try WorkoutKind(parsing: "indoor ride")   // .indoorRide, spoken "Indoor ride"
/// ```
public struct WorkoutKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The name in files, the database and on the command line: lower case, words joined by "-".
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public static let run = WorkoutKind(rawValue: "run")
    public static let walk = WorkoutKind(rawValue: "walk")
    public static let ride = WorkoutKind(rawValue: "ride")
    /// A ride on a trainer or a spin bike: no GPS, speed from a wheel sensor or the trainer.
    public static let indoorRide = WorkoutKind(rawValue: "indoor-ride")
    public static let treadmill = WorkoutKind(rawValue: "treadmill")
    public static let row = WorkoutKind(rawValue: "row")
    /// Weights and body-weight exercises: no distance.
    public static let strength = WorkoutKind(rawValue: "strength")
    public static let other = WorkoutKind(rawValue: "other")

    /// Every kind the hub knows, in the order a button steps through them.
    public static let known: [WorkoutKind] = [.run, .walk, .ride, .indoorRide, .treadmill, .row, .strength, .other]

    /// The kind before kinds were stored: what the hub recorded was a run or a walk on GPS, and exported as running.
    public static let `default` = WorkoutKind.run

    /// Reads a kind as a person writes it: "indoor ride", "Indoor-Ride" and "indoor_ride" are all `.indoorRide`.
    ///
    /// - Throws: `UnknownWorkoutKind`, whose description lists the kinds.
    public init(parsing text: String) throws(UnknownWorkoutKind) {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" })
        let candidate = WorkoutKind(rawValue: words.joined(separator: "-"))
        guard Self.known.contains(candidate) else { throw UnknownWorkoutKind(text: text) }
        self = candidate
    }

    /// The kind's name for a person, as the coach says it and the console prints it: "Indoor ride".
    public var name: String {
        let words = rawValue.replacingOccurrences(of: "-", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    public var description: String { rawValue }

    /// How the person moves, which decides the figures that matter and the sensors that measure them.
    public enum Movement: Sendable, Equatable {
        /// Running or walking: pace, steps; GPS outdoors, a foot pod or the treadmill indoors.
        case onFoot
        /// Cycling: speed, cadence, power; GPS outdoors, a wheel sensor or the trainer indoors.
        case wheels
        /// Rowing: split time per 500 m and stroke rate, from the rower.
        case rowing
        /// Nothing that covers distance (strength, other).
        case inPlace
    }

    public var movement: Movement {
        switch self {
        case .run, .walk, .treadmill: .onFoot
        case .ride, .indoorRide: .wheels
        case .row: .rowing
        default: .inPlace
        }
    }

    /// Outdoors (run, walk, ride) the hub takes speed and distance from GPS first; indoors from the sensors in the
    /// room.
    public var isOutdoors: Bool { self == .run || self == .walk || self == .ride }
}

/// A workout kind the hub does not know.
public struct UnknownWorkoutKind: Error, Sendable, Equatable, CustomStringConvertible {
    public var text: String

    public init(text: String) { self.text = text }

    public var description: String {
        "\"\(text)\" is not a kind of workout; the kinds are "
            + WorkoutKind.known.map(\.rawValue).joined(separator: ", ")
    }
}
