import Foundation
import Testing

/// Small messages from the hostile-input retest (issue 18, F8), each on the built binary: what is wrong, said as the
/// person wrote it, with one `error:` prefix everywhere.
@Suite(.serialized) struct PlainMessagesTests {
    @Test func aUsageErrorBeginsWithErrorInLowerCaseAsEveryOtherDoes() async throws {
        let result = try await StayfitProcess.run(["workouts", "--bogus"], timeout: .seconds(30))
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("error: Unknown option '--bogus'"), "stderr: \(result.error)")
    }

    @Test func anAlert0MinutesBeforeIsRefusedAsTheHelpSays() async throws {
        let scratch = try Scratch()
        let result = try await StayfitProcess.run(
            [
                "reminders", "add", "--title", "Run", "--time", "18:30", "--repeat", "daily", "--alert", "0",
                "--data-dir", scratch.path("data"),
            ], timeout: .seconds(30))
        #expect(result.status == 65)
        #expect(
            result.error
                == "error: --alert 0: an alert 0 minutes before is the reminder itself; give 1 to 1440 minutes before, "
                + "or none for no alert\n")
    }

    @Test func exportingAllIntoStandardOutputOrADeviceIsRefusedAndNoFolderIsMade() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let dash = try await StayfitProcess.run(
            ["workouts", "export", "--all", "--format", "gpx", "--dir", "-", "--data-dir", data], timeout: .seconds(30))
        #expect(dash.status == 64)
        #expect(
            dash.error
                == "error: --dir -: standard output cannot take a folder of files; give --dir a folder, or export one "
                + "workout with -o - instead\n")
        #expect(!FileManager.default.fileExists(atPath: "-"), "a folder named '-' was made")
        let null = try await StayfitProcess.run(
            ["workouts", "export", "--all", "--format", "gpx", "--dir", "/dev/null", "--data-dir", data],
            timeout: .seconds(30))
        #expect(null.status == 64)
        #expect(
            null.error
                == "error: --dir /dev/null is a device, not a folder: give a folder (one that does not exist yet is "
                + "created)\n")
    }

    @Test func aMissingPathEndingInASlashIsSaidToBeMissingNotAFolder() async throws {
        let scratch = try Scratch()
        let path = scratch.path("nothere") + "/"
        let result = try await StayfitProcess.run(
            ["reminders", "export", "--ics", path, "--data-dir", scratch.path("data")], timeout: .seconds(30))
        #expect(result.status == 1)
        #expect(
            result.error
                == "error: cannot write \(path): the folder \(scratch.path("nothere")) does not exist; create it or "
                + "give another path\n")
    }

    @Test func aDemoRecordingThatCannotBeReadIsNamedAsGivenNotAsALineOfTheDemosConfiguration() async throws {
        let scratch = try Scratch()
        let missing = scratch.path("missing.csv")
        let result = try await StayfitProcess.run(["demo", "--file", missing], timeout: .seconds(30))
        #expect(result.status == 78)
        #expect(
            result.error
                == "error: cannot read \(missing): it does not exist. Give --file a recording (CSV, GPX or TCX; see "
                + "Plugins/Simulator/README.md), or leave --file out for the built-in run.\n")
    }

    @Test(arguments: ["-5", "99999999999999999999"])
    func anImplausibleHeartRateIsQuotedAsWritten(_ written: String) async throws {
        let scratch = try Scratch()
        let gpx = try scratch.write(
            "hr.gpx",
            """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><trk><trkseg>
            <trkpt lat="48" lon="11"><time>2026-01-01T10:00:00Z</time><extensions><gpxtpx:TrackPointExtension>\
            <gpxtpx:hr>\(written)</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>
            </trkseg></trk></gpx>

            """)
        let result = try await StayfitProcess.run(
            ["workouts", "import", gpx, "--data-dir", scratch.path("data")], timeout: .seconds(30))
        #expect(result.status == 65)
        #expect(result.error == "error: \(gpx):3: heart rate \(written) is outside 25–250 bpm. Nothing was imported.\n")
    }
}
