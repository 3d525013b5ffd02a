import Foundation

/// Writes a GPX 1.1 track point by point, with heart rate, cadence and speed in Garmin's TrackPointExtension v2
/// (the form Strava, Garmin Connect and intervals.icu read) and the running distance in ClueTrust's gpxdata
/// `distance` (which `stayfit workouts import` keeps, so that a round trip gives back the same distance).
///
/// GPX needs a position for every point: points without one are left out (TCX keeps them).
public struct GPXWriter {
    private let output: ChunkedFileWriter
    private var segmentOpen = false
    /// Points written so far.
    public private(set) var pointCount = 0

    /// Writes the document's head: metadata and the track's name and type.
    public init(output: ChunkedFileWriter, name: String, startedAt: Date, sport: ActivitySport) {
        self.output = output
        output.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="StayFit Hub" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2" \
            xmlns:gpxdata="http://www.cluetrust.com/XML/GPXDATA/1/0" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd \
            http://www.garmin.com/xmlschemas/TrackPointExtension/v2 \
            http://www.garmin.com/xmlschemas/TrackPointExtensionv2.xsd">
             <metadata>
              <name>
            """)
        output.write(escaped: name)
        output.write("</name>\n  <time>")
        output.write(time: startedAt)
        output.write("</time>\n </metadata>\n <trk>\n  <name>")
        output.write(escaped: name)
        output.write("</name>\n  <type>\(sport.rawValue)</type>\n")
    }

    /// Ends the current segment: the next point starts a new one (after a pause).
    public mutating func endSegment() {
        guard segmentOpen else { return }
        output.write("  </trkseg>\n")
        segmentOpen = false
    }

    /// Appends a point to the current segment; a point without a position is skipped.
    public mutating func add(_ point: TrackPoint) {
        guard let latitude = point.latitude, let longitude = point.longitude else { return }
        if !segmentOpen {
            output.write("  <trkseg>\n")
            segmentOpen = true
        }
        output.write("   <trkpt lat=\"")
        output.write(latitude, decimals: 7)
        output.write("\" lon=\"")
        output.write(longitude, decimals: 7)
        output.write("\">")
        if let altitude = point.altitudeMeters {
            output.write("<ele>")
            output.write(altitude, decimals: 1)
            output.write("</ele>")
        }
        output.write("<time>")
        output.write(time: point.time)
        output.write("</time>")
        let hasTrackPointExtension = point.heartRate != nil || point.cadence != nil || point.speedMetersPerSecond != nil
        if hasTrackPointExtension || point.distanceMeters != nil { output.write("<extensions>") }
        if hasTrackPointExtension {
            // The extension's elements in the order its schema requires: hr, cad, speed.
            output.write("<gpxtpx:TrackPointExtension>")
            if let heartRate = point.heartRate {
                output.write("<gpxtpx:hr>")
                output.write(heartRate)
                output.write("</gpxtpx:hr>")
            }
            if let cadence = point.cadence {
                output.write("<gpxtpx:cad>")
                output.write(cadence)
                output.write("</gpxtpx:cad>")
            }
            if let speed = point.speedMetersPerSecond {
                output.write("<gpxtpx:speed>")
                output.write(max(0, speed), decimals: 2)
                output.write("</gpxtpx:speed>")
            }
            output.write("</gpxtpx:TrackPointExtension>")
        }
        if let distance = point.distanceMeters {
            // The workout's own running distance, so that importing the file gives back the same distance rather
            // than one measured again from positions the hub has already smoothed.
            output.write("<gpxdata:distance>")
            output.write(max(0, distance), decimals: 2)
            output.write("</gpxdata:distance>")
        }
        if hasTrackPointExtension || point.distanceMeters != nil { output.write("</extensions>") }
        output.write("</trkpt>\n")
        pointCount += 1
    }

    /// Closes the document; then `output.finish()` puts the file in place.
    public mutating func finish() {
        endSegment()
        output.write(" </trk>\n</gpx>\n")
    }
}
