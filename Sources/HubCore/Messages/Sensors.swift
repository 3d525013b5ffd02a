import Foundation

/// Whether a heart-rate sensor reports skin contact.
public enum SensorContact: String, Sendable, Codable {
    /// The sensor cannot tell.
    case notSupported
    /// The sensor is not touching skin: its reading is not a heart rate.
    case noContact
    case contact
}

/// A heart-rate reading from a strap (or the simulator).
public struct HeartRateMeasured: BusMessage, Equatable {
    public var beatsPerMinute: Int
    /// Beat-to-beat intervals, oldest first, in the strap's own unit of 1/1024 s: carried as the strap sent them, so
    /// that the workout and the all-day log store them exactly. Milliseconds are made only where a person reads a
    /// figure (``milliseconds(rrInterval1024:)``).
    public var rrIntervals1024: [UInt16]
    public var contact: SensorContact
    /// Energy expended as reported by the strap, in kilojoules, when it reports it.
    public var energyExpendedKilojoules: Int?
    /// The device the reading came from, e.g. a Bluetooth address or "simulator".
    public var source: String
    /// Wall-clock label of the reading; never used to measure time (the wall clock may step).
    public var timestamp: Date
    /// Made up by the simulator: kept out of the all-day log, and marks the workout it reaches as simulated.
    public var isSimulated: Bool

    public init(
        beatsPerMinute: Int, rrIntervals1024: [UInt16] = [], contact: SensorContact = .contact,
        energyExpendedKilojoules: Int? = nil, source: String, timestamp: Date, isSimulated: Bool = false
    ) {
        self.beatsPerMinute = beatsPerMinute
        self.rrIntervals1024 = rrIntervals1024
        self.contact = contact
        self.energyExpendedKilojoules = energyExpendedKilojoules
        self.source = source
        self.timestamp = timestamp
        self.isSimulated = isSimulated
    }
}

/// A position fix from a GPS receiver (or the simulator).
public struct PositionMeasured: BusMessage, Equatable {
    public var latitude: Double
    public var longitude: Double
    public var altitudeMeters: Double?
    /// Speed over ground as the receiver reports it, when it does.
    public var speedMetersPerSecond: Double?
    public var source: String
    /// When the receiver took the fix (its own time where it has one).
    public var timestamp: Date
    /// Made up by the simulator: marks the workout it reaches as simulated.
    public var isSimulated: Bool
    /// How far off the position may be, in metres (gpsd's `eph`, or `epx`/`epy`), when the receiver says.
    public var horizontalAccuracyMeters: Double?

    public init(
        latitude: Double, longitude: Double, altitudeMeters: Double? = nil, speedMetersPerSecond: Double? = nil,
        source: String, timestamp: Date, isSimulated: Bool = false, horizontalAccuracyMeters: Double? = nil
    ) {
        self.horizontalAccuracyMeters = horizontalAccuracyMeters
        self.latitude = latitude
        self.longitude = longitude
        self.altitudeMeters = altitudeMeters
        self.speedMetersPerSecond = speedMetersPerSecond
        self.source = source
        self.timestamp = timestamp
        self.isSimulated = isSimulated
    }
}

/// A step counter's running total (it may start anywhere; the workout counts the difference).
public struct StepsCounted: BusMessage, Equatable {
    public var totalSteps: Int
    public var source: String
    public var timestamp: Date
    /// Made up by the simulator: marks the workout it reaches as simulated.
    public var isSimulated: Bool

    public init(totalSteps: Int, source: String, timestamp: Date, isSimulated: Bool = false) {
        self.totalSteps = totalSteps
        self.source = source
        self.timestamp = timestamp
        self.isSimulated = isSimulated
    }
}

/// A sensor's link changed: it is being connected, delivers data, went quiet, or came back; or its battery level
/// changed.
public struct SensorStatusChanged: BusMessage, Equatable {
    /// What kind of sensor: an open set, so that a plugin for a new kind needs no change here. The raw value is
    /// what the person reads ("Heart rate sensor … connected").
    public struct Sensor: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }

        /// What measures the core's own `HeartRateMeasured`: the workout engine records a gap from the moment it
        /// is lost. Every other kind (speed and cadence sensors, power meters, machines) is declared by the plugin
        /// that reads it.
        public static let heartRate = Sensor(rawValue: "heart rate")
        /// What measures the core's own `PositionMeasured`, a GPS receiver.
        public static let location = Sensor(rawValue: "location")
    }

    public enum Status: String, Sendable, Codable {
        case connecting, connected, lost, restored, disconnected
        /// The battery level changed (in `batteryPercent`); the link is unchanged.
        case battery
    }

    public var sensor: Sensor
    public var status: Status
    /// Which device, e.g. "Polar H10 1234 (C0:FF:EE:00:00:01)".
    public var device: String
    public var batteryPercent: Int?
    /// Plain words for the person, e.g. "no data for 5 seconds".
    public var detail: String?

    public init(sensor: Sensor, status: Status, device: String, batteryPercent: Int? = nil, detail: String? = nil) {
        self.sensor = sensor
        self.status = status
        self.device = device
        self.batteryPercent = batteryPercent
        self.detail = detail
    }
}
