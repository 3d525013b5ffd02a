import Foundation

/// One point of a recorded activity: a time and whatever the recorder measured then.
///
/// Missing readings are kept as NaN or zero inside, so that a 10-hour file's 36,000 points take about 2.5 MB;
/// the public properties are optionals.
public struct TrackPoint: Sendable {
    public var time: Date
    private var storedLatitude = Double.nan
    private var storedLongitude = Double.nan
    private var storedAltitude = Double.nan
    private var storedDistance = Double.nan
    private var storedSpeed = Double.nan
    private var storedHeartRate: UInt8 = 0
    private var storedCadence: UInt8 = 0
    private var storedSteps: Int32 = -1
    private var storedPower: UInt16 = .max
    /// The line of the file the point starts on, for error messages; 0 when it comes from the store.
    public var line: Int32 = 0

    public init(
        time: Date, latitude: Double? = nil, longitude: Double? = nil, altitudeMeters: Double? = nil,
        distanceMeters: Double? = nil, speedMetersPerSecond: Double? = nil, heartRate: Int? = nil,
        cadence: Int? = nil, stepsTotal: Int? = nil, powerWatts: Int? = nil
    ) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.altitudeMeters = altitudeMeters
        self.distanceMeters = distanceMeters
        self.speedMetersPerSecond = speedMetersPerSecond
        self.heartRate = heartRate
        self.cadence = cadence
        self.stepsTotal = stepsTotal
        self.powerWatts = powerWatts
    }

    /// Degrees north, -90…90.
    public var latitude: Double? {
        get { storedLatitude.isNaN ? nil : storedLatitude }
        set { storedLatitude = newValue ?? .nan }
    }
    /// Degrees east, -180…180.
    public var longitude: Double? {
        get { storedLongitude.isNaN ? nil : storedLongitude }
        set { storedLongitude = newValue ?? .nan }
    }
    /// Elevation above sea level, metres.
    public var altitudeMeters: Double? {
        get { storedAltitude.isNaN ? nil : storedAltitude }
        set { storedAltitude = newValue ?? .nan }
    }
    /// Distance from the start as the recorder measured it (TCX, or a GPX distance extension), metres.
    public var distanceMeters: Double? {
        get { storedDistance.isNaN ? nil : storedDistance }
        set { storedDistance = newValue ?? .nan }
    }
    public var speedMetersPerSecond: Double? {
        get { storedSpeed.isNaN ? nil : storedSpeed }
        set { storedSpeed = newValue ?? .nan }
    }
    /// Beats per minute, 1…255.
    public var heartRate: Int? {
        get { storedHeartRate == 0 ? nil : Int(storedHeartRate) }
        set { storedHeartRate = newValue.map { UInt8(clamping: $0) } ?? 0 }
    }
    /// Revolutions (cycling) or strides (running) per minute, 1…254, as Garmin's extensions count them.
    public var cadence: Int? {
        get { storedCadence == 0 ? nil : Int(storedCadence) }
        set { storedCadence = newValue.map { UInt8(clamping: min($0, 254)) } ?? 0 }
    }

    /// The workout's steps up to and including this point, as the hub writes them (its own GPX extension), so that
    /// a workout it exported comes back with its steps exactly rather than estimated again from a cadence.
    public var stepsTotal: Int? {
        get { storedSteps < 0 ? nil : Int(storedSteps) }
        set { storedSteps = newValue.map { Int32(clamping: max(0, $0)) } ?? -1 }
    }

    /// Watts (Garmin's `Watts` extension), 0…3,000.
    public var powerWatts: Int? {
        get { storedPower == .max ? nil : Int(storedPower) }
        set { storedPower = newValue.map { UInt16(clamping: min(max(0, $0), 3000)) } ?? .max }
    }

    /// Whether the point has a position.
    public var hasPosition: Bool { !storedLatitude.isNaN && !storedLongitude.isNaN }
}
