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
            wire =
                try line.withContiguousStorageIfAvailable(Wire.init) ?? Array(line).withUnsafeBufferPointer(Wire.init)
        } catch {
            throw .garbage
        }
        guard let reportClass = wire.class else { throw .garbage }
        switch reportClass {
        case "TPV":
            return .position(
                GPSDPosition(
                    device: wire.device, mode: wire.mode ?? 0, time: wire.time.flatMap(GPSDTime.parse),
                    latitude: wire.lat, longitude: wire.lon, altitudeMSL: wire.altMSL ?? wire.alt,
                    altitudeHAE: wire.altHAE, speed: wire.speed, track: wire.track, eph: wire.eph, epx: wire.epx,
                    epy: wire.epy, epv: wire.epv))
        case "SKY":
            return .sky(
                GPSDSky(
                    satellitesSeen: wire.nSat ?? wire.satellitesListed,
                    satellitesUsed: wire.uSat ?? wire.satellitesUsed,
                    hdop: wire.hdop))
        case "DEVICES":
            return .devices(wire.devices ?? [])
        case "DEVICE":
            return .device(GPSDDevice(path: wire.path ?? "", driver: wire.driver, isActive: wire.isActive ?? true))
        case "VERSION":
            return .version(release: wire.release ?? "?")
        case "ERROR":
            return .error(message: wire.message ?? "")
        case let other where knownIgnoredClasses.contains(other):
            return .ignored
        default:
            throw .unknownClass(String(reportClass.prefix(40)))
        }
    }

    /// Every field of every class the plugin reads, as gpsd spells it, read with ``JSONScanner``; other members are
    /// skipped (their grammar still checked). A field of the wrong type makes the line garbage.
    private struct Wire {
        var `class`: String?
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
        /// SKY's `satellites`: how many are listed, and how many of them have `"used":true`.
        var satellitesListed: Int?
        var satellitesUsed: Int?
        var devices: [GPSDDevice]?
        var path: String?
        var driver: String?
        /// `activated`: a time while the receiver is active, the number 0 once it went away.
        var isActive: Bool?
        var release: String?
        var message: String?

        init(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONScanner.Malformed) {
            var scanner = JSONScanner(bytes)
            try scanner.members { scanner, key throws(JSONScanner.Malformed) in
                switch key {
                case "class": self.class = try scanner.optionalString()
                case "device": device = try scanner.optionalString()
                case "mode": mode = try scanner.optionalInt()
                case "time": time = try scanner.optionalString()
                case "lat": lat = try scanner.optionalDouble()
                case "lon": lon = try scanner.optionalDouble()
                case "alt": alt = try scanner.optionalDouble()
                case "altMSL": altMSL = try scanner.optionalDouble()
                case "altHAE": altHAE = try scanner.optionalDouble()
                case "speed": speed = try scanner.optionalDouble()
                case "track": track = try scanner.optionalDouble()
                case "eph": eph = try scanner.optionalDouble()
                case "epx": epx = try scanner.optionalDouble()
                case "epy": epy = try scanner.optionalDouble()
                case "epv": epv = try scanner.optionalDouble()
                case "nSat": nSat = try scanner.optionalInt()
                case "uSat": uSat = try scanner.optionalInt()
                case "hdop": hdop = try scanner.optionalDouble()
                case "satellites": try readSatellites(&scanner)
                case "devices": try readDevices(&scanner)
                case "path": path = try scanner.optionalString()
                case "driver": driver = try scanner.optionalString()
                case "activated": isActive = try Self.activated(&scanner)
                case "release": release = try scanner.optionalString()
                case "message": message = try scanner.optionalString()
                default: try scanner.skipValue()
                }
            }
            try scanner.end()
        }

        private mutating func readSatellites(_ scanner: inout JSONScanner) throws(JSONScanner.Malformed) {
            if try scanner.null() { return }
            var (listed, used) = (0, 0)
            try scanner.elements { scanner throws(JSONScanner.Malformed) in
                listed += 1
                try scanner.members { scanner, key throws(JSONScanner.Malformed) in
                    if key == "used" {
                        if try scanner.optionalBool() == true { used += 1 }
                    } else {
                        try scanner.skipValue()
                    }
                }
            }
            (satellitesListed, satellitesUsed) = (listed, used)
        }

        private mutating func readDevices(_ scanner: inout JSONScanner) throws(JSONScanner.Malformed) {
            if try scanner.null() { return }
            var devices: [GPSDDevice] = []
            try scanner.elements { scanner throws(JSONScanner.Malformed) in
                var (path, driver, isActive): (String?, String?, Bool?) = (nil, nil, nil)
                try scanner.members { scanner, key throws(JSONScanner.Malformed) in
                    switch key {
                    case "path": path = try scanner.optionalString()
                    case "driver": driver = try scanner.optionalString()
                    case "activated": isActive = try Self.activated(&scanner)
                    default: try scanner.skipValue()
                    }
                }
                devices.append(GPSDDevice(path: path ?? "", driver: driver, isActive: isActive ?? true))
            }
            self.devices = devices
        }

        /// `activated`: a time (active), a number (0: gone), or null (not said).
        private static func activated(_ scanner: inout JSONScanner) throws(JSONScanner.Malformed) -> Bool? {
            switch scanner.peek() {
            case UInt8(ascii: "\""): _ = try scanner.string(); return true
            case UInt8(ascii: "n"): _ = try scanner.null(); return nil
            default: return try scanner.double() != 0
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
