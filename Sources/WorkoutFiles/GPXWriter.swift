import Foundation

/// Writes a GPX 1.1 track point by point, with heart rate, cadence and speed in Garmin's TrackPointExtension v2
/// (the form Strava, Garmin Connect and intervals.icu read) and the running distance in ClueTrust's gpxdata
/// `distance` (which `stayfit workouts import` keeps, so that a round trip gives back the same distance).
///
/// GPX needs a position for every point: points without one are left out (TCX keeps them). Each segment ends with
/// its closing point (``endSegment(closing:)``), since GPX has no timer to say how long the last second lasted.
public struct GPXWriter {
    private let output: ChunkedFileWriter
    private var segmentOpen = false
    /// The open segment's last position, for its closing point.
    private var segmentPosition: (latitude: Double, longitude: Double, altitudeMeters: Double?)?
    /// Points written so far.
    public private(set) var pointCount = 0

    /// The namespace of the hub's own extension (`<stayfit:steps>`, the workout's steps so far); other readers
    /// pass it by, as GPX lets them.
    public static let hubNamespace = "urn:stayfit-hub:gpx:1"

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
            xmlns:stayfit="\(Self.hubNamespace)" \
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
        segmentPosition = nil
    }

    /// Ends the current segment with its closing point: `last`, the run's last second as its point was labelled
    /// (at the second's start), written again at the second's end, `last.time` + 1 s, where the run stood then
    /// (`last`'s position, else the segment's last one).
    ///
    /// A recorder writes a point when its timer starts and one when it stops, so a run lasts from its first point
    /// to its last (`WorkoutImporter`): without the closing point, N seconds would come back as N − 1. A segment
    /// without a position gets no closing point, as it has no point at all.
    public mutating func endSegment(closing last: TrackPoint) {
        if segmentOpen, let position = segmentPosition {
            var closing = last
            closing.time = last.time.addingTimeInterval(1)
            if !closing.hasPosition {
                (closing.latitude, closing.longitude, closing.altitudeMeters) =
                    (position.latitude, position.longitude, position.altitudeMeters)
            }
            add(closing)
        }
        endSegment()
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
        let hasExtensions = hasTrackPointExtension || point.distanceMeters != nil || point.stepsTotal != nil
        if hasExtensions { output.write("<extensions>") }
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
        if let steps = point.stepsTotal {
            // The workout's own steps: a cadence in whole strides a minute gives them back only within 0.5 %.
            output.write("<stayfit:steps>")
            output.write(steps)
            output.write("</stayfit:steps>")
        }
        if hasExtensions { output.write("</extensions>") }
        output.write("</trkpt>\n")
        pointCount += 1
        segmentPosition = (latitude, longitude, point.altitudeMeters)
    }

    /// Closes the document; then `output.finish()` puts the file in place.
    public mutating func finish() {
        endSegment()
        output.write(" </trk>\n</gpx>\n")
    }
}
