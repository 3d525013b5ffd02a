import Foundation
import Positioning

/// One line of gpsd's JSON protocol, decoded: the classes the plugin uses, with only the fields it reads.
///
/// gpsd omits a field it does not know rather than sending `null` (TECHREF §5), so every field is optional and
/// the filter decides what a usable fix needs.
public enum GPSDReport: Sendable, Equatable {
    /// A time-position-velocity report.
    case position(GPSDPosition)
    /// The satellites in view.
    case sky(GPSDSky)
    /// The receivers gpsd knows (the answer to `?DEVICES` and the start of a watch).
    case devices([GPSDDevice])
    /// One receiver appeared, changed or went away (`activated` absent or 0).
    case device(GPSDDevice)
    /// The greeting on connect.
    case version(release: String)
    /// gpsd refused a request.
    case error(message: String)
    /// A class gpsd sends that the hub has no use for (WATCH, PPS, TOFF, GST, ATT …): not an error.
    case ignored

    /// Why a line is not a report.
    public enum Problem: Error, Equatable {
        /// Not a JSON object with a `class`.
        case garbage
        /// A JSON object of a class gpsd 3.22 does not send.
        case unknownClass(String)
    }

    /// Classes gpsd sends that the plugin reads no further (gpsd 3.22's `gpsd_json(5)`).
    static let knownIgnoredClasses: Set<String> = [
        "WATCH", "PPS", "TOFF", "GST", "ATT", "AIS", "RTCM2", "RTCM3", "POLL", "SUBFRAME", "OSC", "RAW", "IMU",
    ]

    /// Decodes one line (without its newline).
    ///
    /// - Throws: ``Problem`` for a line that is not JSON, has no `class`, or has a class gpsd does not send.
    public static func decode(_ line: some Collection<UInt8>) throws(Problem) -> GPSDReport {
        let wire: Wire
        do {
            wire = try decoder.decode(Wire.self, from: Data(line))
        } catch {
            throw .garbage
        }
        switch wire.class {
        case "TPV":
            return .position(
                GPSDPosition(
                    device: wire.device, mode: wire.mode ?? 0, time: wire.time.flatMap(GPSDTime.parse),
                    latitude: wire.lat, longitude: wire.lon, altitudeMSL: wire.altMSL ?? wire.alt,
                    altitudeHAE: wire.altHAE, speed: wire.speed, track: wire.track, eph: wire.eph, epx: wire.epx,
                    epy: wire.epy, epv: wire.epv))
        case "SKY":
            let used = wire.satellites?.filter { $0.used == true }.count
            return .sky(
                GPSDSky(
                    satellitesSeen: wire.nSat ?? wire.satellites?.count, satellitesUsed: wire.uSat ?? used,
                    hdop: wire.hdop))
        case "DEVICES":
            return .devices((wire.devices ?? []).map(\.device))
        case "DEVICE":
            return .device(
                GPSDDevice(path: wire.path ?? "", driver: wire.driver, isActive: wire.activated?.isActive ?? true))
        case "VERSION":
            return .version(release: wire.release ?? "?")
        case "ERROR":
            return .error(message: wire.message ?? "")
        case let other where knownIgnoredClasses.contains(other):
            return .ignored
        default:
            throw .unknownClass(String(wire.class.prefix(40)))
        }
    }

    // Made once: a decoder per line would cost more than the decoding.
    private static let decoder = JSONDecoder()

    /// Every field of every class the plugin reads, as gpsd spells it.
    private struct Wire: Decodable {
        var `class`: String
        var device: String?
        var mode: Int?
        var time: String?
        var lat: Double?
        var lon: Double?
        var alt: Double?
        var altMSL: Double?
        var altHAE: Double?
        var speed: Double?
        var track: Double?
        var eph: Double?
        var epx: Double?
        var epy: Double?
        var epv: Double?
        var nSat: Int?
        var uSat: Int?
        var hdop: Double?
        var satellites: [Satellite]?
        var devices: [WireDevice]?
        var path: String?
        var driver: String?
        var activated: Activated?
        var release: String?
        var message: String?
    }

    private struct Satellite: Decodable {
        var used: Bool?
    }

    private struct WireDevice: Decodable {
        var path: String?
        var driver: String?
        var activated: Activated?

        var device: GPSDDevice {
            GPSDDevice(path: path ?? "", driver: driver, isActive: activated?.isActive ?? true)
        }
    }

    /// `activated` is a time while the receiver is active and the number 0 once it went away.
    private enum Activated: Decodable {
        case time(String)
        case number(Double)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .time(text)
            } else {
                self = .number(try container.decode(Double.self))
            }
        }

        var isActive: Bool {
            switch self {
            case .time: true
            case .number(let value): value != 0
            }
        }
    }
}

/// A SKY report: how many satellites the receiver sees and uses.
public struct GPSDSky: Sendable, Equatable {
    public var satellitesSeen: Int?
    public var satellitesUsed: Int?
    public var hdop: Double?

    public init(satellitesSeen: Int? = nil, satellitesUsed: Int? = nil, hdop: Double? = nil) {
        self.satellitesSeen = satellitesSeen
        self.satellitesUsed = satellitesUsed
        self.hdop = hdop
    }
}

/// A receiver gpsd reads.
public struct GPSDDevice: Sendable, Equatable {
    /// e.g. "/dev/ttyACM0".
    public var path: String
    /// e.g. "u-blox", "NMEA0183"; absent until gpsd has identified the receiver.
    public var driver: String?
    /// False once the receiver went away (`"activated":0`).
    public var isActive: Bool

    public init(path: String, driver: String? = nil, isActive: Bool = true) {
        self.path = path
        self.driver = driver
        self.isActive = isActive
    }
}
