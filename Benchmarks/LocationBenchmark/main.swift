import Foundation
import GPSTestKit
import HubCore
import Location
import Positioning

#if canImport(Glibc)
    import Glibc
#endif

// stayfit-location-bench [lines]: how fast the location plugin decodes gpsd's TPV lines, its CPU per fix
// (decode + filter), and how close the filter's distance comes to the truth on generated tracks, against raw
// haversine on the same fixes.

let count = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 200_000

/// CPU time of this process (user + system), seconds.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// TPV lines as gpsd 3.22 writes them for a 3D fix (every field it sends, in its order).
let route = TestRoute.standardRun(seed: 1)
let lines: [[UInt8]] = route.seconds.compactMap { second in
    guard let fix = second.reported else { return nil }
    let time = ISO8601DateFormatter().string(from: second.time).replacingOccurrences(of: "Z", with: ".000Z")
    let text =
        #"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"\#(time)","ept":0.005,"#
        + #""lat":\#(String(format: "%.9f", fix.latitude)),"lon":\#(String(format: "%.9f", fix.longitude)),"#
        + #""altHAE":\#(String(format: "%.3f", fix.altitude + 47)),"altMSL":\#(String(format: "%.3f", fix.altitude)),"#
        + #""alt":\#(String(format: "%.3f", fix.altitude)),"epx":9.512,"epy":9.411,"epv":34.5,"#
        + #""track":\#(String(format: "%.4f", fix.courseDegrees)),"magtrack":86.0,"magvar":1.6,"#
        + #""speed":\#(String(format: "%.3f", fix.speedMetersPerSecond)),"climb":0.0,"eps":19.02,"epc":69.0,"#
        + #""geoidSep":47.0,"eph":17.1,"sep":34.2}"#
    return Array(text.utf8)
}

// Decoding alone.
var decoded = 0
let decodeStart = ContinuousClock.now
let decodeCPU = cpuSeconds()
for index in 0..<count {
    if case .position = try? GPSDReport.decode(lines[index % lines.count]) { decoded += 1 }
}
let decodeWall = (ContinuousClock.now - decodeStart).seconds
let decodeCPUSeconds = cpuSeconds() - decodeCPU
print(
    String(
        format: "TPV decoding: %d lines in %.2f s = %.0f lines/s (%.1f µs CPU per line), %d positions",
        count, decodeWall, Double(count) / decodeWall, decodeCPUSeconds / Double(count) * 1e6, decoded))

// Decoding and filtering, as the plugin does per fix: each pass over the route is a new track.
var published = 0
let filterCPU = cpuSeconds()
var passes = 0
while passes * lines.count < count {
    var filter = FixFilter()
    for line in lines {
        guard case .position(let position) = try? GPSDReport.decode(line) else { continue }
        if case .fix = filter.take(position) { published += 1 }
    }
    passes += 1
}
let perFix = (cpuSeconds() - filterCPU) / Double(passes * lines.count)
print(
    String(
        format: "Decode + filter: %.1f µs CPU per fix (%d fixes, %d published); at 1 Hz that is %.3f CPU-s per hour",
        perFix * 1e6, passes * lines.count, published, perFix * 3600))

// Accuracy on generated tracks.
func filteredDistance(_ route: TestRoute) -> Double {
    var filter = FixFilter()
    var last: FilteredFix?
    var distance = 0.0
    for second in route.seconds {
        let report =
            second.reported.map {
                GPSDPosition(
                    mode: 3, time: second.time, latitude: $0.latitude, longitude: $0.longitude,
                    altitudeMSL: $0.altitude,
                    speed: $0.speedMetersPerSecond, track: $0.courseDegrees, eph: 17.1)
            } ?? GPSDPosition(mode: 1, time: second.time)
        guard case .fix(let fix) = filter.take(report) else { continue }
        if let last {
            distance += Geo.distanceMeters(
                fromLatitude: last.latitude, longitude: last.longitude, toLatitude: fix.latitude,
                longitude: fix.longitude)
        }
        last = fix
    }
    return distance
}

var worstFiltered = 0.0
var worstRaw = 0.0
var withinOnePercent = 0
for seed: UInt64 in 1...20 {
    let route = TestRoute.standardRun(seed: seed)
    let filtered = abs(filteredDistance(route) - route.lengthMeters) / route.lengthMeters
    let raw = abs(route.rawDistanceMeters - route.lengthMeters) / route.lengthMeters
    worstFiltered = max(worstFiltered, filtered)
    if filtered < 0.01 { withinOnePercent += 1 }
    worstRaw = max(worstRaw, raw)
}
print(
    String(
        format:
            "Distance over 20 generated %.0f m runs (stop, tunnel, switchbacks): %d within 1 %%, worst filtered error %.2f %%, worst raw haversine %.1f %%",
        TestRoute.standardRun().lengthMeters, withinOnePercent, worstFiltered * 100, worstRaw * 100))
var standing: [Double] = []
var standingRaw: [Double] = []
for seed: UInt64 in 1...20 {
    let route = TestRoute(legs: [.stand(seconds: 300)], wanderMeters: 4, seed: seed)
    standing.append(filteredDistance(route))
    standingRaw.append(route.rawDistanceMeters)
}
print(
    String(
        format: "Five minutes standing still, 20 tracks: filtered at most %.1f m, raw haversine %.0f–%.0f m",
        standing.max() ?? 0, standingRaw.min() ?? 0, standingRaw.max() ?? 0))
