import Foundation
import Testing

@testable import Location

@Suite struct GPSDReportTests {
    static func decode(_ line: String) throws(GPSDReport.Problem) -> GPSDReport {
        try GPSDReport.decode(Array(line.utf8))
    }

    @Test func decodesATPVReportWithEveryFieldThePluginReads() throws {
        let line = #"""
            {"class":"TPV","device":"/dev/pts/1","mode":3,"time":"2025-06-15T15:06:40.000Z","ept":0.005,"lat":48.137,"lon":11.575,"altHAE":567.3,"altMSL":520.3,"alt":520.3,"epx":4.1,"epy":5.2,"epv":9.0,"track":84.4,"magtrack":86.0,"magvar":1.6,"speed":3.344,"climb":0.0,"eps":10.4,"epc":18.0,"geoidSep":47.0,"eph":6.4,"sep":11.0}
            """#
        guard case .position(let fix) = try Self.decode(line) else {
            Issue.record("not a position")
            return
        }
        #expect(fix.mode == 3 && fix.device == "/dev/pts/1")
        #expect(fix.time == Date(timeIntervalSince1970: 1_750_000_000))
        #expect(fix.latitude == 48.137 && fix.longitude == 11.575)
        #expect(fix.altitudeMSL == 520.3 && fix.altitudeHAE == 567.3)
        #expect(fix.speed == 3.344 && fix.track == 84.4)
        #expect(fix.horizontalErrorMeters == 6.4)
    }

    @Test func takesTheLargerOfEpxAndEpyWithoutEph() throws {
        guard case .position(let fix) = try Self.decode(#"{"class":"TPV","mode":2,"epx":3.5,"epy":7.25}"#) else {
            Issue.record("not a position")
            return
        }
        #expect(fix.horizontalErrorMeters == 7.25)
        #expect(fix.time == nil && fix.latitude == nil)
    }

    @Test func decodesSatellitesUsedFromSky() throws {
        let counted = try Self.decode(#"{"class":"SKY","hdop":0.9,"nSat":8,"uSat":7}"#)
        #expect(counted == .sky(GPSDSky(satellitesSeen: 8, satellitesUsed: 7, hdop: 0.9)))
        let listed = try Self.decode(
            #"{"class":"SKY","satellites":[{"PRN":4,"used":true},{"PRN":5,"used":false},{"PRN":9,"used":true}]}"#)
        #expect(listed == .sky(GPSDSky(satellitesSeen: 3, satellitesUsed: 2)))
    }

    @Test func aReceiverThatWentAwayIsInactive() throws {
        let gone = try Self.decode(#"{"class":"DEVICE","path":"/dev/ttyACM0","activated":0}"#)
        #expect(gone == .device(GPSDDevice(path: "/dev/ttyACM0", isActive: false)))
        let list = try Self.decode(
            #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/pts/1","driver":"NMEA0183","activated":"2025-06-15T15:06:40.000Z"}]}"#
        )
        #expect(list == .devices([GPSDDevice(path: "/dev/pts/1", driver: "NMEA0183", isActive: true)]))
    }

    @Test(arguments: [
        "", "garbage", "{", "[1,2]", #"{"mode":3}"#, #"{"class":7}"#, #"{"class":"TPV","lat":"north"}"#, "\u{1}\u{2}",
    ])
    func dropsALineThatIsNotGpsdJSON(_ line: String) {
        #expect(throws: GPSDReport.Problem.garbage) { try Self.decode(line) }
    }

    @Test func reportsAClassGpsdDoesNotSend() {
        #expect(throws: GPSDReport.Problem.unknownClass("SPACESHIP")) { try Self.decode(#"{"class":"SPACESHIP"}"#) }
        #expect((try? Self.decode(#"{"class":"WATCH","enable":true}"#)) == .ignored)
    }

    @Test(arguments: [
        ("2025-06-15T15:06:40.000Z", 1_750_000_000.0), ("2025-06-15T15:06:40Z", 1_750_000_000.0),
        ("2024-02-29T00:00:00.5Z", 1_709_164_800.5), ("1970-01-01T00:00:00.000Z", 0.0),
    ])
    func parsesGpsdTimes(_ text: String, _ seconds: Double) {
        #expect(GPSDTime.parse(text) == Date(timeIntervalSince1970: seconds))
    }

    @Test(arguments: [
        "2025-06-15 15:06:40Z", "2025-13-15T15:06:40Z", "2025-06-15T15:06:40.Z", "2025-06-15T15:06:40", "",
    ])
    func refusesMalformedTimes(_ text: String) {
        #expect(GPSDTime.parse(text) == nil)
    }
}
