import Foundation

/// GPX and TCX documents made in code, with totals known by construction.
enum SampleFiles {
    /// 2026-11-22T07:00:00Z.
    static let start = Date(timeIntervalSince1970: 1_795_330_800)
    /// Due north, 0.00003° a second: 3.336 m on the hub's sphere.
    static let stepDegrees = 0.00003
    static let stepMeters = 6_371_008.8 * stepDegrees * Double.pi / 180

    static func time(_ offset: Double) -> String {
        ISO8601DateFormatter().string(from: start.addingTimeInterval(offset))
    }

    /// A GPX track of `seconds` points at 1 Hz due north, with heart rate and elevation; `gapAfter` leaves out
    /// the points of that many seconds after the given offset. With `distancePerSecond` or `speed`, each point
    /// carries the recorder's running distance (gpxdata) or speed (TrackPointExtension); with
    /// `climbMetersPerSecond`, the elevation climbs steadily instead of wavering; with `movesInGap`, the track goes
    /// on one step a second through the gap (else one step a point).
    static func gpx(
        seconds: Int, gap: (after: Int, seconds: Int)? = nil, segments: Bool = false,
        distancePerSecond: Double? = nil, speed: Double? = nil, climbMetersPerSecond: Double? = nil,
        movesInGap: Bool = false
    ) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"
              xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" xmlns:gpxdata="http://www.cluetrust.com/XML/GPXDATA/1/0">
             <trk><name>Morning &amp; ride</name><type>cycling</type><trkseg>

            """
        var offset = 0
        for index in 0..<seconds {
            if let gap, index == gap.after {
                offset += gap.seconds
                if segments { text += "</trkseg><trkseg>\n" }
            }
            let latitude = 48.0 + Double(movesInGap ? offset : index) * stepDegrees
            let elevation = climbMetersPerSecond.map { 500 + $0 * Double(index) } ?? Double(500 + index % 7)
            let speedElement = speed.map { "<gpxtpx:speed>\($0)</gpxtpx:speed>" } ?? ""
            let distanceElement =
                distancePerSecond.map { "<gpxdata:distance>\($0 * Double(offset))</gpxdata:distance>" } ?? ""
            text += """
                <trkpt lat="\(String(format: "%.7f", latitude))" lon="11.5"><ele>\(elevation)</ele>\
                <time>\(time(Double(offset)))</time><extensions><gpxtpx:TrackPointExtension>\
                <gpxtpx:hr>\(120 + index % 30)</gpxtpx:hr><gpxtpx:cad>80</gpxtpx:cad>\(speedElement)\
                </gpxtpx:TrackPointExtension>\(distanceElement)</extensions></trkpt>

                """
            offset += 1
        }
        return text + "</trkseg></trk></gpx>\n"
    }

    /// A TCX activity of `laps` laps of `secondsPerLap` points each, with the recorder's own distance (2.5 m a
    /// second, not what the positions say) and 50 kcal a lap; the last lap has no positions.
    static func tcx(laps: Int, secondsPerLap: Int) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
              xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2">
             <Activities><Activity Sport="Running"><Id>\(time(0))</Id>

            """
        var offset = 0
        for lap in 0..<laps {
            text += """
                <Lap StartTime="\(time(Double(offset)))"><TotalTimeSeconds>\(secondsPerLap)</TotalTimeSeconds>\
                <DistanceMeters>\(Double(secondsPerLap) * 2.5)</DistanceMeters><Calories>50</Calories>\
                <Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod><Track>

                """
            for _ in 0..<secondsPerLap {
                let position =
                    lap == laps - 1
                    ? ""
                    : "<Position><LatitudeDegrees>\(48.0 + Double(offset) * stepDegrees)</LatitudeDegrees>"
                        + "<LongitudeDegrees>11.5</LongitudeDegrees></Position>"
                text += """
                    <Trackpoint><Time>\(time(Double(offset)))</Time>\(position)\
                    <DistanceMeters>\(Double(offset + 1) * 2.5)</DistanceMeters>\
                    <HeartRateBpm><Value>140</Value></HeartRateBpm>\
                    <Extensions><ns3:TPX><ns3:RunCadence>85</ns3:RunCadence></ns3:TPX></Extensions></Trackpoint>

                    """
                offset += 1
            }
            text += "</Track></Lap>\n"
        }
        return text + "</Activity></Activities></TrainingCenterDatabase>\n"
    }

    /// A TCX run whose laps start at `start` seconds, whose timers ran `timer` seconds, and whose points lie at
    /// the given seconds from the start, one step due north per second (so a gap's straight line is known); each
    /// lap in a `Track` of its own, as recorders write them, without the recorder's distance.
    static func tcx(timedLaps: [(start: Int, timer: Double, points: [Int])]) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
             <Activities><Activity Sport="Running"><Id>\(time(0))</Id>

            """
        for lap in timedLaps {
            text += """
                <Lap StartTime="\(time(Double(lap.start)))"><TotalTimeSeconds>\(lap.timer)</TotalTimeSeconds>\
                <Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod><Track>

                """
            for offset in lap.points {
                text += """
                    <Trackpoint><Time>\(time(Double(offset)))</Time><Position>\
                    <LatitudeDegrees>\(48.0 + Double(offset) * stepDegrees)</LatitudeDegrees>\
                    <LongitudeDegrees>11.5</LongitudeDegrees></Position></Trackpoint>

                    """
            }
            text += "</Track></Lap>\n"
        }
        return text + "</Activity></Activities></TrainingCenterDatabase>\n"
    }
}
