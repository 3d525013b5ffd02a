/// Why a notification payload gave no sample (the caller drops it and counts it by ``reason``), or why a request
/// could not be encoded.
///
/// Every decoder and calculator of this module `throws(GATTSensorError)`: a value it returns is always within
/// ``PlausibilityLimits``, so the caller can publish it as it is.
///
/// What is dropped and what is not:
/// - A payload that ends before (or inside) a field its flags promise is dropped (``DropReason/truncated``): the
///   fields after the cut are unknown, and a half-read field would be a wrong figure.
/// - Bytes after the last promised field are ignored, not dropped: the Bluetooth SIG extends these
///   characteristics by appending fields (under flag bits reserved today), and a client is to ignore what it does
///   not know, so a newer sensor's payload still gives its known fields at the right offsets.
/// - A field the machine marks "data not available" (0xFF, 0xFFFF, 0xFFFFFF, or 0x7FFF when signed) is nil, not a
///   drop.
public struct GATTSensorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The characteristic whose payload (or request) this was.
    public let characteristic: GATTCharacteristic
    /// What was wrong, without the figures: the key a caller counts dropped samples by.
    public let reason: DropReason
    // Words are made only when someone reads them: a flood of bad payloads costs no string formatting.
    private let words: @Sendable () -> String

    /// Makes an error; `detail` names the field and the figure, and is worked out only when read.
    public init(
        _ characteristic: GATTCharacteristic, _ reason: DropReason,
        _ detail: @autoclosure @escaping @Sendable () -> String
    ) {
        self.characteristic = characteristic
        self.reason = reason
        words = detail
    }

    /// What was wrong with the figures, for a log line.
    public var detail: String { words() }

    public var description: String { "\(characteristic) dropped: \(detail)" }

    /// Equal when the characteristic, the reason and the words are.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.characteristic == rhs.characteristic && lhs.reason == rhs.reason && lhs.detail == rhs.detail
    }
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
    /// A supported range whose minimum is above its maximum.
    case invalidRange
}
