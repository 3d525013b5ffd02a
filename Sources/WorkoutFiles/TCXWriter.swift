import Foundation

/// Writes a Training Center Database (TCX v2) activity lap by lap and point by point, with calories, distance,
/// heart rate, and speed and running cadence in Garmin's ActivityExtension v2.
///
/// A lap's totals come before its points in TCX, so the caller summarises each lap first (`LapSummary`).
public struct TCXWriter {
    /// A lap's totals, as TCX states them before the lap's points.
    public struct LapSummary: Sendable, Equatable {
        public var startTime: Date
        public var totalTimeSeconds: Double
        public var distanceMeters: Double
        public var maximumSpeedMetersPerSecond: Double?
        public var kilocalories: Double
        public var averageHeartRate: Double?
        public var maximumHeartRate: Int?

        public init(
            startTime: Date, totalTimeSeconds: Double, distanceMeters: Double,
            maximumSpeedMetersPerSecond: Double? = nil, kilocalories: Double, averageHeartRate: Double? = nil,
            maximumHeartRate: Int? = nil
        ) {
            self.startTime = startTime
            self.totalTimeSeconds = totalTimeSeconds
            self.distanceMeters = distanceMeters
            self.maximumSpeedMetersPerSecond = maximumSpeedMetersPerSecond
            self.kilocalories = kilocalories
            self.averageHeartRate = averageHeartRate
            self.maximumHeartRate = maximumHeartRate
        }
    }

    private let output: ChunkedFileWriter
    private let sport: ActivitySport
    private var lapOpen = false
    private var trackOpen = false
    /// Points written so far.
    public private(set) var pointCount = 0

    /// Writes the document's head and the activity's id (its start).
    public init(output: ChunkedFileWriter, startedAt: Date, sport: ActivitySport) {
        self.output = output
        self.sport = sport
        output.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" \
            xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2 \
            http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd \
            http://www.garmin.com/xmlschemas/ActivityExtension/v2 \
            http://www.garmin.com/xmlschemas/ActivityExtensionv2.xsd">
             <Activities>
              <Activity Sport="\(sport.trainingCenterName)">
               <Id>
            """)
        output.write(time: startedAt)
        output.write("</Id>\n")
    }

    /// Starts a lap with its totals, closing the one before.
    public mutating func beginLap(_ lap: LapSummary) {
        endLap()
        output.write("   <Lap StartTime=\"")
        output.write(time: lap.startTime)
        output.write("\">\n    <TotalTimeSeconds>")
        output.write(max(0, lap.totalTimeSeconds), decimals: 1)
        output.write("</TotalTimeSeconds>\n    <DistanceMeters>")
        output.write(max(0, lap.distanceMeters), decimals: 2)
        output.write("</DistanceMeters>\n")
        if let speed = lap.maximumSpeedMetersPerSecond {
            output.write("    <MaximumSpeed>")
            output.write(max(0, speed), decimals: 2)
            output.write("</MaximumSpeed>\n")
        }
        output.write("    <Calories>")
        output.write(Int(min(65_535, max(0, lap.kilocalories.rounded()))))  // the schema's unsignedShort
        output.write("</Calories>\n")
        if let average = lap.averageHeartRate, average >= 1 {
            output.write("    <AverageHeartRateBpm><Value>")
            output.write(min(255, Int(average.rounded())))
            output.write("</Value></AverageHeartRateBpm>\n")
        }
        if let maximum = lap.maximumHeartRate, maximum >= 1 {
            output.write("    <MaximumHeartRateBpm><Value>")
            output.write(min(255, maximum))
            output.write("</Value></MaximumHeartRateBpm>\n")
        }
        output.write("    <Intensity>Active</Intensity>\n    <TriggerMethod>Manual</TriggerMethod>\n")
        lapOpen = true
    }

    /// Ends the current track: the next point starts a new one (after a pause).
    public mutating func endTrack() {
        guard trackOpen else { return }
        output.write("    </Track>\n")
        trackOpen = false
    }

    /// Appends a point to the current lap.
    public mutating func add(_ point: TrackPoint) {
        precondition(lapOpen, "beginLap before adding points")
        if !trackOpen {
            output.write("    <Track>\n")
            trackOpen = true
        }
        output.write("     <Trackpoint><Time>")
        output.write(time: point.time)
        output.write("</Time>")
        if let latitude = point.latitude, let longitude = point.longitude {
            output.write("<Position><LatitudeDegrees>")
            output.write(latitude, decimals: 7)
            output.write("</LatitudeDegrees><LongitudeDegrees>")
            output.write(longitude, decimals: 7)
            output.write("</LongitudeDegrees></Position>")
        }
        if let altitude = point.altitudeMeters {
            output.write("<AltitudeMeters>")
            output.write(altitude, decimals: 1)
            output.write("</AltitudeMeters>")
        }
        if let distance = point.distanceMeters {
            output.write("<DistanceMeters>")
            output.write(max(0, distance), decimals: 2)
            output.write("</DistanceMeters>")
        }
        if let heartRate = point.heartRate {
            output.write("<HeartRateBpm><Value>")
            output.write(heartRate)
            output.write("</Value></HeartRateBpm>")
        }
        let runCadence = sport == .running ? point.cadence : nil
        if sport != .running, let cadence = point.cadence {
            output.write("<Cadence>")
            output.write(cadence)
            output.write("</Cadence>")
        }
        if point.speedMetersPerSecond != nil || runCadence != nil || point.powerWatts != nil {
            output.write("<Extensions><ns3:TPX>")
            if let speed = point.speedMetersPerSecond {
                output.write("<ns3:Speed>")
                output.write(max(0, speed), decimals: 2)
                output.write("</ns3:Speed>")
            }
            if let runCadence {
                output.write("<ns3:RunCadence>")
                output.write(runCadence)
                output.write("</ns3:RunCadence>")
            }
            if let watts = point.powerWatts {
                output.write("<ns3:Watts>")
                output.write(watts)
                output.write("</ns3:Watts>")
            }
            output.write("</ns3:TPX></Extensions>")
        }
        output.write("</Trackpoint>\n")
        pointCount += 1
    }

    /// Closes the current lap.
    public mutating func endLap() {
        endTrack()
        guard lapOpen else { return }
        output.write("   </Lap>\n")
        lapOpen = false
    }

    /// Closes the document; then `output.finish()` puts the file in place.
    public mutating func finish() {
        endLap()
        output.write("  </Activity>\n </Activities>\n</TrainingCenterDatabase>\n")
    }
}
