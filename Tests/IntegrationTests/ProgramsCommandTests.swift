import Foundation
import HubStore
import Testing

/// `stayfit programs` on the built binary: files in and out, the order votes give, copies edited in a scripted
/// editor, built-ins hidden instead of deleted, and every refusal.
@Suite(.serialized) struct ProgramsCommandTests {
    static let hills = """
        name = "Hill repeats"
        kind = "run"
        instructions = "Up hard, down easy."

        [[steps]]
        interval = "Warm-up"
        role = "warm-up"
        time = "10:00"

        [[steps]]
        repeat = 6

        [[steps.steps]]
        interval = "Up"
        time = "1:30"
        target = { zone = 4 }

        [[steps.steps]]
        interval = "Down"
        role = "recover"
        time = "2:00"

        """

    static let zwift = """
        <?xml version="1.0" encoding="UTF-8"?>
        <workout_file>
            <name>Over-unders</name>
            <sportType>bike</sportType>
            <workout>
                <Warmup Duration="600" PowerLow="0.5" PowerHigh="0.75"/>
                <IntervalsT Repeat="3" OnDuration="120" OffDuration="60" OnPower="1.05" OffPower="0.9"/>
                <Cooldown Duration="300" PowerLow="0.6" PowerHigh="0.4"/>
            </workout>
        </workout_file>

        """

    /// Runs `stayfit programs arguments --data-dir data`.
    private func programs(
        _ arguments: [String], data: String, input: String? = nil, environment: [String: String] = [:]
    ) async throws -> (status: Int32, output: String, error: String) {
        try await StayfitProcess.run(
            ["programs"] + arguments + ["--data-dir", data], input: input, environment: environment)
    }

    /// Imports `hills` and returns its id.
    private func importHills(_ scratch: borrowing Scratch, data: String) async throws -> String {
        let result = try await programs(["import", try scratch.write("hills.toml", Self.hills)], data: data)
        #expect(result.status == 0, "stderr: \(result.error)")
        return String(result.output.dropLast())
    }

    @Test func importsATOMLAndAZwiftFileAndShowsThem() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let toml = try await programs(["import", try scratch.write("hills.toml", Self.hills)], data: data)
        #expect(toml.status == 0, "stderr: \(toml.error)")
        let hills = try #require(Int(toml.output.dropLast()), "stdout: \(toml.output)")
        // No extension: told by its content.
        let zwo = try await programs(["import", try scratch.write("over-unders", Self.zwift)], data: data)
        #expect(zwo.status == 0, "stderr: \(zwo.error)")
        #expect(zwo.output == "\(hills + 1)\n")

        let show = try await programs(["show", "\(hills)"], data: data)
        #expect(show.status == 0, "stderr: \(show.error)")
        // 10 min + 6 × 3:30 = 31 min.
        #expect(
            show.output == """
                Hill repeats (run, about 31 min, personal, rated 0)
                Up hard, down easy.

                Warm-up (warm-up): 10:00
                6 times:
                    Up: 1:30, heart-rate zone 4
                    Down (recover): 2:00

                """)
        let ride = try await programs(["show", "\(hills + 1)"], data: data)
        #expect(ride.output.hasPrefix("Over-unders (ride, about 24 min, personal"), "stdout: \(ride.output)")
        #expect(ride.output.contains("3 times:\n    Work: 2:00, 105 % of FTP\n"), "stdout: \(ride.output)")

        let list = try await programs(["list", "--kind", "ride", "--json"], data: data)
        #expect(list.status == 0, "stderr: \(list.error)")
        #expect(list.output.contains("\"name\" : \"Over-unders\""))
        #expect(!list.output.contains("Hill repeats"))
    }

    @Test func theFTPInTheProfileTurnsSharesIntoWatts() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await StayfitProcess.setSampleProfile(data: data).status == 0)
        let refused = try await StayfitProcess.run(["profile", "set", "--ftp", "700", "--data-dir", data])
        #expect(refused.status == 65)
        #expect(refused.error.hasPrefix("error: Enter Proper FTP: "), "stderr: \(refused.error)")
        let set = try await StayfitProcess.run(["profile", "set", "--ftp", "200", "--data-dir", data])
        #expect(set.status == 0, "stderr: \(set.error)")
        #expect(
            try await StayfitProcess.run(["profile", "--data-dir", data]).output.contains(
                "FTP                    200 W\n"))
        let show = try await programs(["show", "vo2max-4x4"], data: data)
        #expect(show.output.contains("VO2max: 4:00, 115 % of FTP (230 W), cadence 95"), "stdout: \(show.output)")
    }

    @Test func votesOrderTheList() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let id = try await importHills(scratch, data: data)
        #expect(try await programs(["rate", id, "up"], data: data).status == 0)
        let second = try await programs(["rate", id, "up"], data: data)
        #expect(second.output == "Hill repeats: rated +2 (2 up votes, 0 down votes).\n")
        #expect(try await programs(["rate", "vo2max-4x4", "up"], data: data).status == 0)
        #expect(try await programs(["rate", "row-2k-test", "down"], data: data).status == 0)

        let list = try await programs(["list"], data: data)
        #expect(list.status == 0, "stderr: \(list.error)")
        let lines = list.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("ID ") == true)
        #expect(lines.count == 12)
        #expect(lines[1].hasPrefix("\(id) ") && lines[1].hasSuffix("+2"), "\(lines[1])")
        #expect(lines[2].hasPrefix("vo2max-4x4 ") && lines[2].hasSuffix("+1"), "\(lines[2])")
        // Then the unrated ones by name, and the one voted down last.
        #expect(lines[3].hasPrefix("threshold-2x20 "), "\(lines[3])")
        #expect(lines.last?.hasPrefix("row-2k-test ") == true && lines.last?.hasSuffix("-1") == true)
        #expect(lines[1].contains("Hill repeats") && lines[1].contains(" 31 min "))
    }

    @Test(arguments: ["toml", "zwo"])
    func anExportReadsBackAsTheSameProgram(format: String) async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let file = scratch.path("out.\(format)")
        let export = try await programs(["export", "sweet-spot-3x12", "-o", file, "--format", format], data: data)
        #expect(export.status == 0, "stderr: \(export.error)")
        let imported = try await programs(["import", file], data: data)
        #expect(imported.status == 0, "stderr: \(imported.error)")
        let id = String(imported.output.dropLast())
        let original = try await programs(["show", "sweet-spot-3x12"], data: data).output
        let back = try await programs(["show", id], data: data).output
        if format == "toml" {
            #expect(back == original.replacingOccurrences(of: "built-in", with: "personal"))
            // Standard output by default: the same text.
            let printed = try await programs(["export", "sweet-spot-3x12"], data: data)
            #expect(printed.output == (try String(contentsOfFile: file, encoding: .utf8)))
        } else {
            // Zwift keeps no names, and a ride on a trainer comes back as a ride: the same time.
            let estimate = try #require(original.firstMatch(of: /about [^,]+/)?.0)
            #expect(back.hasPrefix("3 x 12 min sweet spot (ride, \(estimate), personal"), "stdout: \(back)")
        }
        // Not over an existing file without --force.
        let again = try await programs(["export", "sweet-spot-3x12", "-o", file, "--format", format], data: data)
        #expect(again.status != 0)
        #expect(again.error.contains("--force"), "stderr: \(again.error)")
        let forced = try await programs(["export", id, "-o", file, "--format", format, "--force"], data: data)
        #expect(forced.status == 0, "stderr: \(forced.error)")
    }

    @Test func aCopyIsEditedInTheEditorAfterOneMistake() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let copy = try await programs(["copy", "run-8x400"], data: data)
        #expect(copy.status == 0, "stderr: \(copy.error)")
        #expect(copy.output.contains(", \"8 x 400 m (copy)\". Edit it with: stayfit programs edit "))
        let first = try #require(copy.output.split(separator: " ").last.map { String($0.dropLast()) })
        let named = try await programs(["copy", "run-8x400", "--name", "Track Tuesday"], data: data)
        #expect(named.output.contains(", \"Track Tuesday\". Edit it with:"))
        let second = try #require(named.output.split(separator: " ").last.map { String($0.dropLast()) })

        // The first save has a mistake, the second is right.
        let counter = scratch.path("count")
        let editor = try scratch.write(
            "editor.sh",
            """
            #!/bin/sh
            if [ -e '\(counter)' ]; then
                printf 'name = "Track Thursday"\\nkind = "run"\\n\\n[[steps]]\\ninterval = "Mile"\\ndistance = "1600 m"\\n' > "$1"
            else
                touch '\(counter)'
                printf 'name = "Track Thursday"\\nkind = "run"\\n\\n[[steps]]\\ninterval = "Mile"\\ntime = "-1:30"\\n' > "$1"
            fi

            """)
        #expect(chmod(editor, 0o755) == 0)
        let edit = try await programs(["edit", second], data: data, input: "\n", environment: ["EDITOR": editor])
        #expect(edit.status == 0, "stderr: \(edit.error)")
        #expect(edit.error.contains("step 1, time:"), "stderr: \(edit.error)")
        #expect(edit.output.contains("Edit again? [Y/n] "))
        #expect(edit.output.hasSuffix("Program \(second), \"Track Thursday\", saved.\n"), "stdout: \(edit.output)")
        #expect(try await programs(["show", second], data: data).output.contains("Mile: 1.6 km\n"))

        // A mistake and "n": nothing changes.
        try FileManager.default.removeItem(atPath: counter)
        let declined = try await programs(["edit", first], data: data, input: "n\n", environment: ["EDITOR": editor])
        #expect(declined.status == 65)
        #expect(declined.error.contains("not saved: program \(first) is unchanged"), "stderr: \(declined.error)")
        #expect(try await scratch.store().program(id: first)?.name == "8 x 400 m (copy)")

        let builtIn = try await programs(["edit", "run-8x400"], data: data, environment: ["EDITOR": editor])
        #expect(builtIn.status == 65)
        #expect(builtIn.error.contains("copy it first: stayfit programs copy run-8x400"), "stderr: \(builtIn.error)")
    }

    @Test func aPersonalProgramIsDeletedAndABuiltInHidden() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let id = try await importHills(scratch, data: data)
        let kept = try await programs(["delete", id], data: data, input: "n\n")
        #expect(kept.output == "Delete \"Hill repeats\" (program \(id))? [y/N] Program \(id) kept.\n")
        let deleted = try await programs(["delete", id], data: data, input: "y\n")
        #expect(deleted.status == 0, "stderr: \(deleted.error)")
        #expect(try await scratch.store().program(id: id) == nil)

        let hidden = try await programs(["delete", "threshold-2x20", "--yes"], data: data)
        #expect(hidden.status == 0, "stderr: \(hidden.error)")
        #expect(hidden.output.contains("cannot be deleted, so it is hidden now"))
        #expect(!(try await programs(["list"], data: data)).output.contains("threshold-2x20"))
        let all = try await programs(["list", "--all"], data: data).output
        #expect(all.contains("threshold-2x20") && all.contains("(hidden)"))
        #expect(try await programs(["restore", "threshold-2x20"], data: data).status == 0)
        #expect(try await programs(["list"], data: data).output.contains("threshold-2x20"))
    }

    @Test func refusalsSayWhatIsWrongAndStoreNothing() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let cases: [([String], Int32, String)] = [
            (["show", "42"], 65, "there is no program 42"),
            (["rate", "nope", "up"], 65, "there is no program nope"),
            (["delete", "nope", "--yes"], 65, "there is no program nope"),
            (["export", "nope"], 65, "there is no program nope"),
            (["copy", "nope"], 65, "there is no program nope"),
            (["edit", "nope"], 65, "there is no program nope"),
            (["list", "--kind", "juggling"], 64, "is not a kind of workout"),
            (["import", scratch.path("missing.toml")], 65, "cannot read"),
            (
                ["import", try scratch.write("bad.toml", "name = \"Bad\"\nkind = \"run\"\n")], 65,
                "Nothing was imported"
            ),
            (["import", try scratch.write("bad.zwo", "<workout_file><workout>")], 65, "Nothing was imported"),
            (["export", "strength-5x5", "--format", "zwo"], 65, "--format toml"),
            (["restore", "vo2max-4x4"], 0, ""),
            (["copy", "vo2max-4x4", "--name", ""], 65, "--name is empty"),
        ]
        for (arguments, status, words) in cases {
            let result = try await programs(arguments, data: data)
            #expect(result.status == status, "\(arguments): \(result.error)")
            #expect(words.isEmpty || result.error.contains(words), "\(arguments): \(result.error)")
        }
        let list = try await programs(["list", "--json"], data: data)
        #expect(!list.output.contains("\"builtIn\" : false"), "nothing personal was stored: \(list.output)")
    }
}
