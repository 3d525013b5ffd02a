/// What the hub knows right now, kept up to date from the bus, and the one sentence that says it.
///
/// Readings count only while fresh (`freshFor` of hub time since they arrived): a strap that went quiet a minute
/// ago has no heart rate now, and a receiver without a recent position has no fix. A sensor that was never heard
/// of (no GPS plugin, no strap) is left out of the sentence rather than reported missing every time.
public struct StatusSnapshot: Sendable {
    /// How long a heart rate or a position counts as current.
    public var freshFor: Duration = .seconds(5)

    public var state: WorkoutState = .idle
    /// The workout's last progress, while it runs or is paused.
    public var progress: WorkoutProgress?
    /// The last heart rate with skin contact, and when it arrived.
    public var heartRate: (beatsPerMinute: Int, at: HubInstant)?
    public var strapBatteryPercent: Int?
    /// Whether a heart-rate sensor was ever heard of.
    public var hasStrap = false
    public var lastPosition: HubInstant?
    /// Whether a location sensor was ever heard of.
    public var hasLocation = false
    /// The location sensor's link is down (lost or disconnected), whatever the last position says.
    public var locationLinkDown = false

    public init() {}

    // MARK: - Updates

    /// The workout engine changed state.
    public mutating func apply(_ change: WorkoutStateChanged) {
        state = change.state
        if change.state == .idle || change.state == .finished {
            progress = nil
        } else {
            progress?.state = change.state
        }
    }

    public mutating func apply(_ progress: WorkoutProgress) {
        self.progress = progress
        state = progress.state
    }

    /// A heart-rate reading arrived at `instant`; a reading without skin contact is not a heart rate.
    public mutating func apply(_ reading: HeartRateMeasured, at instant: HubInstant) {
        hasStrap = true
        guard reading.contact != .noContact, reading.beatsPerMinute > 0 else { return }
        heartRate = (reading.beatsPerMinute, instant)
    }

    public mutating func apply(_ position: PositionMeasured, at instant: HubInstant) {
        hasLocation = true
        locationLinkDown = false
        lastPosition = instant
    }

    public mutating func apply(_ change: SensorStatusChanged) {
        switch change.sensor {
        case .heartRate:
            hasStrap = true
            if let percent = change.batteryPercent { strapBatteryPercent = percent }
            if change.status == .lost || change.status == .disconnected { heartRate = nil }
        case .location:
            hasLocation = true
            switch change.status {
            case .lost, .disconnected: locationLinkDown = true
            case .connected, .restored, .connecting: locationLinkDown = false
            case .battery: break
            }
        default:
            break
        }
    }

    // MARK: - The sentence

    /// One sentence, e.g. "Recording 12:04, 3.10 km, heart rate 142, strap battery 80%, GPS fix." or
    /// "Idle, no heart rate, no GPS fix."
    public func sentence(at instant: HubInstant) -> String {
        var parts: [String] = []
        switch (state, progress) {
        case (.running, let progress?), (.paused, let progress?):
            // Moving time, the workout's own clock: the same figure as the console's status line and the summary.
            var numbers = Format.clock(progress.moving)
            // Distance only where something measures it: indoors without GPS, "0 m" would be a figure never taken.
            if hasLocation || progress.totals.distanceMeters > 0 {
                numbers += ", " + Format.distance(meters: progress.totals.distanceMeters)
            }
            parts.append((state == .paused ? "Paused " : "Recording ") + numbers)
        case (.running, nil):
            parts.append(hasLocation ? "Recording 0:00, 0 m" : "Recording 0:00")
        case (.paused, nil):
            parts.append("Paused")
        case (.idle, _), (.finished, _):
            parts.append("Idle")
        }
        if let reading = heartRate, instant - reading.at <= freshFor {
            parts.append("heart rate \(reading.beatsPerMinute)")
        } else if hasStrap {
            parts.append("no heart rate")
        }
        if let percent = strapBatteryPercent { parts.append("strap battery \(percent)%") }
        if hasLocation {
            let fixed = !locationLinkDown && lastPosition.map { instant - $0 <= freshFor } == true
            parts.append(fixed ? "GPS fix" : "no GPS fix")
        }
        return parts.joined(separator: ", ") + "."
    }
}
