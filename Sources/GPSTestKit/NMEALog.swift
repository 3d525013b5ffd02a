import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// NMEA 0183 sentences for a ``TestRoute``: what a receiver on a serial line would send, for gpsfake to play.
public enum NMEALog {
    /// One cycle per second of the route: RMC, GGA and GSA, and GSV every fifth second (so gpsd sends SKY).
    /// A second in a tunnel is a cycle without a fix (RMC status V, GGA quality 0).
    ///
    /// - Parameter replacing: fixes to report instead of the route's at those indexes (jumps, absurd values).
    /// - Parameter shifting: seconds to add to the receiver's time at those indexes (a clock that jumps).
    public static func text(
        for route: TestRoute, replacing: [Int: TestRoute.Reported] = [:], shifting: [Int: TimeInterval] = [:]
    ) -> String {
        var lines: [String] = []
        for (index, second) in route.seconds.enumerated() {
            lines += sentences(
                time: second.time.addingTimeInterval(shifting[index] ?? 0), fix: replacing[index] ?? second.reported,
                withSatellites: index % 5 == 0)
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// The sentences of one second.
    public static func sentences(time: Date, fix: TestRoute.Reported?, withSatellites: Bool) -> [String] {
        let clock = utc(time)
        guard let fix else {
            return [
                sentence("GPRMC,\(clock.time),V,,,,,,,\(clock.date),,,N"),
                sentence("GPGGA,\(clock.time),,,,,0,00,99.9,,M,,M,,"),
            ]
        }
        let (latitude, northSouth) = degreesMinutes(fix.latitude, width: 2, positive: "N", negative: "S")
        let (longitude, eastWest) = degreesMinutes(fix.longitude, width: 3, positive: "E", negative: "W")
        let knots = fix.speedMetersPerSecond / 0.514_444
        var lines = [
            sentence(
                "GPRMC,\(clock.time),A,\(latitude),\(northSouth),\(longitude),\(eastWest),"
                    + "\(String(format: "%.2f", knots)),\(String(format: "%.1f", fix.courseDegrees)),\(clock.date),,,A"),
            sentence(
                "GPGGA,\(clock.time),\(latitude),\(northSouth),\(longitude),\(eastWest),1,08,0.9,"
                    + "\(String(format: "%.1f", fix.altitude)),M,47.0,M,,"),
            sentence("GPGSA,A,3,04,05,09,12,24,25,29,31,,,,,1.8,0.9,1.5"),
        ]
        if withSatellites {
            lines += [
                sentence("GPGSV,2,1,08,04,40,083,46,05,37,240,42,09,12,041,36,12,69,270,48"),
                sentence("GPGSV,2,2,08,24,25,150,40,25,09,312,33,29,64,052,45,31,18,200,38"),
            ]
        }
        return lines
    }

    /// `$body*CS`, the checksum being the XOR of the body's bytes as two upper-case hex digits.
    public static func sentence(_ body: String) -> String {
        let checksum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        return "$" + body + "*" + String(format: "%02X", checksum)
    }

    /// `ddmm.mmmmm` (or `dddmm.mmmmm`) and the hemisphere.
    static func degreesMinutes(_ value: Double, width: Int, positive: String, negative: String) -> (String, String) {
        let magnitude = abs(value)
        var degrees = Int(magnitude)
        var minutes = (magnitude - Double(degrees)) * 60
        if (minutes * 100_000).rounded() >= 6_000_000 {
            degrees += 1
            minutes = 0
        }
        let text = String(format: "%0\(width)d%08.5f", degrees, minutes)
        return (text, value < 0 ? negative : positive)
    }

    static func utc(_ date: Date) -> (time: String, date: String) {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return (
            String(format: "%02d%02d%02d.00", parts.tm_hour, parts.tm_min, parts.tm_sec),
            String(format: "%02d%02d%02d", parts.tm_mday, parts.tm_mon + 1, parts.tm_year % 100)
        )
    }
}
