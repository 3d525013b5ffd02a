/// Why a notification payload gave no sample (the caller drops it and counts it by ``reason``), or why a request
/// could not be encoded.
///
/// Every decoder and calculator of this module `throws(GATTSensorError)`: a value it returns is always within
/// ``PlausibilityLimits``, so the caller can publish it as it is.
public struct GATTSensorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The characteristic whose payload (or request) this was.
    public let characteristic: GATTCharacteristic
    /// What was wrong, without the figures: the key a caller counts dropped samples by.
    public let reason: DropReason
    /// The same, with the figures, for a log line.
    public let detail: String

    /// Makes an error; `detail` names the field and the figure.
    public init(_ characteristic: GATTCharacteristic, _ reason: DropReason, _ detail: String) {
        self.characteristic = characteristic
        self.reason = reason
        self.detail = detail
    }

    public var description: String { "\(characteristic) dropped: \(detail)" }
}

/// Why a sample was dropped, without its figures, so that drops can be counted per kind.
public enum DropReason: String, Sendable, CaseIterable, Hashable {
    /// The notification held no byte at all.
    case empty
    /// The flags promise a field that the payload ends before (or inside).
    case truncated
    /// A speed above ``PlausibilityLimits/maximumSpeedKilometersPerHour``.
    case speedAboveLimit
    /// A cadence above ``PlausibilityLimits/maximumCadencePerMinute``.
    case cadenceAboveLimit
    /// A power above ``PlausibilityLimits/maximumPowerWatts``.
    case powerAboveLimit
    /// A power below 0 W.
    case negativePower
    /// A total distance lower than the one before.
    case distanceWentBackwards
    /// A revolution counter lower than the one before: the sensor restarted (a battery change, a reboot).
    case counterReset
    /// New revolutions with the same event time: no time passed, so there is no speed to give.
    case revolutionsWithoutTime
    /// A control point indication that is not a response (its first byte is not 0x80).
    case notAResponse
    /// A target that the control point's field cannot carry (out of its range or not a number).
    case targetOutOfRange
}
