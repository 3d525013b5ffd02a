import BlueZTestKit
import Foundation
import HubStore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `stayfit reminders` on the built binary: the original app's messages, the commands, the "Fitness Calendar"
/// checked by an independent parser (Python's icalendar), reset, and a running hub that fires reminders.
@Suite(.serialized) struct RemindersCLITests {
    static let berlin = ["TZ": "Europe/Berlin"]

    func run(_ arguments: [String], data: String, input: String? = nil) async throws -> (
        status: Int32, output: String, error: String
    ) {
        try await StayfitProcess.run(
            ["reminders"] + arguments + ["--data-dir", data], input: input, environment: Self.berlin)
    }

    @Test(arguments: [
        (["--time", "07:00", "--repeat", "mon"], "Enter Title: "),
        (["--title", "  ", "--time", "07:00", "--repeat", "mon"], "Enter Title: "),
        (["--title", "Run", "--time", "07:00"], "Select Repeat: choose the weekdays"),
        (["--title", "Run", "--time", "07:00", "--repeat", ""], "Select Repeat: choose the weekdays"),
        (
            ["--title", "Run", "--time", "07:00", "--repeat", "mon,someday"],
            "Select Repeat: \"someday\" is not a weekday"
        ),
        (["--title", "Run", "--repeat", "mon"], "Enter Time: "),
        (["--title", "Run", "--time", "25:00", "--repeat", "mon"], "Enter Proper Time: \"25:00\""),
        (["--title", "Run", "--time", "07:00", "--repeat", "mon", "--alert", "2000"], "Enter Proper Alert: \"2000\""),
        ([String](), "Enter Title: "),
    ])
    func addingAnIncompleteReminderSaysWhatIsMissingAndStoresNothing(arguments: [String], message: String)
        async throws
    {
        let scratch = try Scratch()
        let result = try await run(["add"] + arguments, data: scratch.path("data"))
        #expect(result.status == 65, "stderr: \(result.error)")
        #expect(result.error.hasPrefix("error: \(message)"), "stderr: \(result.error)")
        await #expect(try scratch.store().reminders().isEmpty)
    }

    @Test func remindersAreAddedListedEditedTurnedOffAndOn() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let empty = try await run(["list"], data: data)
        #expect(empty.output.hasPrefix("No reminders. Add one: stayfit reminders add"))

        let add = try await run(
            ["add", "--title", "Evening run", "--time", "18:30", "--repeat", "fri,mon,wed", "--alert", "15"], data: data
        )
        #expect(add.status == 0, "stderr: \(add.error)")
        #expect(
            add.output
                == "Reminder 1 added: \"Evening run\" at 18:30, mon,wed,fri, alert 15 minutes before.\n")
        #expect(
            try await run(["add", "--title", "Yoga", "--time", "7:05", "--repeat", "weekends"], data: data).status == 0)

        let list = try await run([], data: data)
        let lines = list.output.split(separator: "\n")
        #expect(lines.count == 3, "stdout: \(list.output)")
        #expect(lines.first?.hasPrefix("ID   On   Time   Repeat") == true)
        #expect(lines.dropFirst().first?.contains("on   18:30  mon,wed,fri") == true, "stdout: \(list.output)")
        #expect(lines.dropFirst().first?.hasSuffix("15 min    Evening run") == true, "stdout: \(list.output)")
        #expect(lines.last?.contains("07:05  weekends") == true, "stdout: \(list.output)")

        let edit = try await run(["edit", "2", "--time", "06:45", "--alert", "none"], data: data)
        #expect(edit.status == 0, "stderr: \(edit.error)")
        #expect(edit.output == "Reminder 2 changed: \"Yoga\" at 06:45, weekends.\n")
        #expect(try await run(["disable", "1"], data: data).output == "Reminder 1 off.\n")

        let json = try await run(["list", "--json"], data: data)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]]
        let reminders = try #require(decoded, "stdout: \(json.output)")
        #expect(reminders.count == 2)
        #expect(reminders[0]["title"] as? String == "Evening run")
        #expect(reminders[0]["time"] as? String == "18:30")
        #expect(reminders[0]["weekdays"] as? [String] == ["mon", "wed", "fri"])
        #expect(reminders[0]["alertMinutesBefore"] as? Int == 15)
        #expect(reminders[0]["enabled"] as? Bool == false)
        #expect(reminders[1]["time"] as? String == "06:45")
        #expect(reminders[1]["alertMinutesBefore"] is NSNull)
        #expect(reminders[1]["enabled"] as? Bool == true)

        #expect(try await run(["enable", "1"], data: data).output == "Reminder 1 on.\n")
        #expect(try await scratch.store().reminder(id: 1)?.isEnabled == true)
    }

    @Test func editingChecksTheSameWayAndChangesNothingOnAnError() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await run(["add", "--title", "Run", "--time", "07:00", "--repeat", "mon"], data: data).status == 0)
        let before = try await scratch.store().reminders()

        let title = try await run(["edit", "1", "--title", ""], data: data)
        #expect(title.status == 65)
        #expect(title.error.hasPrefix("error: Enter Title: "), "stderr: \(title.error)")
        let days = try await run(["edit", "1", "--repeat", ","], data: data)
        #expect(days.status == 65)
        #expect(days.error.hasPrefix("error: Select Repeat: "), "stderr: \(days.error)")
        let nothing = try await run(["edit", "1"], data: data)
        #expect(nothing.status == 64)
        #expect(nothing.error.hasPrefix("error: nothing to change: give --title, --time, --repeat or --alert"))
        let missing = try await run(["edit", "7", "--title", "Swim"], data: data)
        #expect(missing.status == 65)
        #expect(missing.error == "error: there is no reminder 7; see the ids with: stayfit reminders list\n")
        #expect(try await run(["enable", "7"], data: data).status == 65)
        #expect(try await scratch.store().reminders() == before)
    }

    @Test func deleteAsksFirstAndRefusesWithoutATerminal() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await run(["add", "--title", "Run", "--time", "07:00", "--repeat", "mon"], data: data).status == 0)

        // Standard input is a pipe here, as in a script: no one can answer the question.
        let refused = try await run(["delete", "1"], data: data, input: "yes")
        #expect(refused.status == 64)
        #expect(
            refused.error
                == "error: not deleting reminder 1: there is no terminal to confirm on; add --yes to delete it from a script\n"
        )
        #expect(try await scratch.store().reminders().count == 1)

        let deleted = try await run(["delete", "1", "--yes"], data: data)
        #expect(deleted.status == 0, "stderr: \(deleted.error)")
        #expect(deleted.output == "Deleted reminder 1.\n")
        #expect(try await scratch.store().reminders().isEmpty)
        #expect(try await run(["delete", "1", "--yes"], data: data).status == 65)
    }

    @Test func resetRemovesTheReminders() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await run(["add", "--title", "Run", "--time", "07:00", "--repeat", "mon"], data: data).status == 0)
        let reset = try await StayfitProcess.run(["reset", "--yes", "--data-dir", data])
        #expect(reset.status == 0, "stderr: \(reset.error)")
        #expect(try await scratch.store().reminders().isEmpty)
        #expect(try await run(["list"], data: data).output.hasPrefix("No reminders."))
    }

    @Test func theExportedCalendarReadsBackInAnIndependentParser() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let title = "Lauf, Dehnen; dann \\ Pause – über die lange Brücke im Park und zurück zum Start 🏃"
        for arguments in [
            ["add", "--title", "Evening run", "--time", "18:30", "--repeat", "mon,wed,fri", "--alert", "15"],
            ["add", "--title", title, "--time", "07:05", "--repeat", "sat"],
            ["add", "--title", "Off for now", "--time", "12:00", "--repeat", "daily"],
        ] {
            let added = try await run(arguments, data: data)
            #expect(added.status == 0, "stderr: \(added.error)")
        }
        #expect(try await run(["disable", "3"], data: data).status == 0)

        let file = scratch.path("fitness.ics")
        let export = try await run(["export", "--ics", file], data: data)
        #expect(export.status == 0, "stderr: \(export.error)")
        #expect(export.output == "Wrote the Fitness Calendar with 2 reminders to \(file) (1 turned off left out).\n")

        // RFC 5545's framing, on the raw bytes: CRLF line ends, at most 75 octets a line.
        let raw = try Data(contentsOf: URL(fileURLWithPath: file))
        let lines = raw.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
        #expect(lines.count > 20)
        #expect(lines.allSatisfy { $0.last == UInt8(ascii: "\r") && $0.count - 1 <= 75 })
        #expect(raw.suffix(2) == Data("\r\n".utf8))

        let parsed = try await ICalendarChecker.parse(file, in: scratch)
        #expect(parsed["version"] as? String == "2.0")
        #expect(parsed["name"] as? String == "Fitness Calendar")
        #expect(parsed["timezones"] as? [String] == ["Europe/Berlin"])
        // The VTIMEZONE alone (not the zone database) gives winter and summer offsets.
        #expect(parsed["winter_offset_minutes"] as? Double == 60)
        #expect(parsed["summer_offset_minutes"] as? Double == 120)
        let events = try #require(parsed["events"] as? [[String: Any]])
        #expect(events.count == 2)
        let run = try #require(events.first)
        #expect(run["summary"] as? String == "Evening run")
        #expect(run["tzid"] as? String == "Europe/Berlin")
        #expect(run["time"] as? String == "18:30")
        #expect(run["freq"] as? [String] == ["WEEKLY"])
        #expect(run["byday"] as? [String] == ["MO", "WE", "FR"])
        #expect(run["alarms"] as? [[String: String]] == [["action": "DISPLAY", "trigger": "-1 day, 23:45:00"]])
        // dateutil expands the rule: the first six times fall on the right weekdays, in order, at 18:30 local
        // time. The first is whichever of them comes next after the export, so the cycle may start anywhere.
        let week = ["Mon 18:30", "Wed 18:30", "Fri 18:30"]
        let next = try #require(run["next"] as? [String])
        let first = try #require(next.first.flatMap { week.firstIndex(of: $0) }, "first time: \(next)")
        #expect(next == (first..<first + 6).map { week[$0 % 3] })
        let long = try #require(events.last)
        #expect(long["summary"] as? String == title, "escaping or folding changed the title")
        #expect(long["byday"] as? [String] == ["SA"])
        #expect(long["time"] as? String == "07:05")
        #expect(long["alarms"] as? [[String: String]] == [])
        #expect((long["next"] as? [String])?.allSatisfy { $0 == "Sat 07:05" } == true)
    }

    @Test func aRunningHubFiresRemindersAndTakesNewOnesFromTheCommandLine() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        // At --speed 60 the hub's wall clock runs a minute a second from now: a reminder a few minutes ahead
        // comes a few seconds after the start.
        var berlin = Calendar(identifier: .gregorian)
        berlin.timeZone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let inSixMinutes = berlin.dateComponents([.hour, .minute], from: Date().addingTimeInterval(6 * 60))
        let first = String(format: "%02d:%02d", inSixMinutes.hour ?? 0, inSixMinutes.minute ?? 0)
        #expect(
            try await run(["add", "--title", "Evening run", "--time", first, "--repeat", "daily"], data: data).status
                == 0)
        let config = try scratch.write(
            "stayfit.toml",
            """
            [plugins.simulator]
            when-done = "idle"
            [plugins.console]
            mode = "lines"
            progress-every-seconds = 0
            [plugins.reminders]
            clock-sync-wait-minutes = 0

            """)
        let hub = try StayfitProcess(
            ["run", "--simulate", "--speed", "60", "--config", config, "--data-dir", data], environment: Self.berlin)
        try await hub.waitForOutput("Reminder: Evening run.", timeout: .seconds(90))

        // Added while it runs: the hub reads it within a couple of (real) seconds, long before its time comes.
        let second = ((inSixMinutes.hour ?? 0) * 60 + (inSixMinutes.minute ?? 0) + 15) % 1440
        let stretch = String(format: "%02d:%02d", second / 60, second % 60)
        let added = try await run(["add", "--title", "Stretch", "--time", stretch, "--repeat", "daily"], data: data)
        #expect(added.status == 0, "stderr: \(added.error)")
        try await hub.waitForOutput("Reminder: Stretch.", timeout: .seconds(90))
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0)
        #expect(!hub.standardOutput.contains("missed:"), "stdout: \(hub.standardOutput)")
    }
}

/// Python's icalendar (and dateutil) from the tests' venv, run as a child process.
enum ICalendarChecker {
    static let python = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../.build/test-venv/bin/python").standardized.path

    static let script = """
        import datetime, json, sys
        from dateutil.rrule import rrulestr
        from icalendar import Calendar
        calendar = Calendar.from_ical(open(sys.argv[1], "rb").read())
        zones = calendar.walk("VTIMEZONE")
        zone = zones[0].to_tz(lookup_tzid=False)  # from the file's VTIMEZONE, not the zone database
        def offset(month):
            return zone.utcoffset(datetime.datetime(2027, month, 15, 12, 0)).total_seconds() / 60
        out = {"version": str(calendar.get("VERSION")), "name": str(calendar.get("X-WR-CALNAME")),
               "timezones": [str(z.get("TZID")) for z in zones],
               "winter_offset_minutes": offset(1), "summer_offset_minutes": offset(7), "events": []}
        for event in calendar.walk("VEVENT"):
            start = event.decoded("DTSTART")
            rule = event.get("RRULE")
            times = rrulestr(rule.to_ical().decode(), dtstart=start)
            out["events"].append({
                "summary": str(event.get("SUMMARY")), "tzid": event["DTSTART"].params.get("TZID"),
                "time": start.strftime("%H:%M"), "freq": rule["FREQ"], "byday": rule["BYDAY"],
                "alarms": [{"action": str(a.get("ACTION")), "trigger": str(a.decoded("TRIGGER"))}
                           for a in event.walk("VALARM")],
                "next": [t.strftime("%a %H:%M") for t in list(times[:6])],
            })
        print(json.dumps(out))
        """

    /// The calendar in `file` as the checker read it; fails with how to build the venv when it is missing.
    static func parse(_ file: String, in scratch: borrowing Scratch) async throws -> [String: Any] {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            Issue.record("no Python venv for the independent checks at \(python): run scripts/test-venv")
            throw CheckerError(description: "run scripts/test-venv")
        }
        let scriptPath = try scratch.write("check_ics.py", script)
        let outputPath = scratch.path("check_ics.json")
        let errorPath = scratch.path("check_ics.err")
        let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard output >= 0 else { throw CheckerError(description: "cannot create \(outputPath)") }
        let child: ChildProcess
        do {
            defer { close(output) }
            child = try ChildProcess.spawn(python, [scriptPath, file], stdout: output, stderrPath: errorPath)
        }
        let status = try await child.exitCode(within: TestDeadline.hang)
        let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        guard status == 0 else {
            if status == nil { child.stop() }
            throw CheckerError(
                description: "the icalendar check failed (status \(String(describing: status))): \(errors)")
        }
        let json = try Data(contentsOf: URL(fileURLWithPath: outputPath))
        guard let parsed = try JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw CheckerError(description: "the checker printed no object: \(String(decoding: json, as: UTF8.self))")
        }
        return parsed
    }

    struct CheckerError: Error, CustomStringConvertible {
        let description: String
    }
}
