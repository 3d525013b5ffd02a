import BlueZTestKit
import Foundation
import Programs
import Testing

/// The `.zwo` export read by another XML parser than ours: Python's `xml.etree.ElementTree`, as a tool that
/// takes Zwift files would read it. Our own reader reading our own writer back would agree with itself on a
/// mistake both make (an attribute misspelt alike, an escape both get wrong).
@Suite(.timeLimit(.minutes(2))) struct ZwiftExportParsedByPythonTests {
    /// A ride with every element the export writes: a ramped and a constant `Warmup`, a `SteadyState` with a
    /// cadence, an `IntervalsT` with both cadences and a text event, a `Ramp`, a repeat that is no `IntervalsT`
    /// (written out: `FreeRide`, `MaxEffort`), a ramped and a constant `Cooldown`; text that needs escaping.
    static let ride = """
        name = "Every element & <more>"
        kind = "indoor-ride"
        instructions = "Warm up, \\"hard\\" bits & a spin.\\nThen home."

        [[steps]]
        interval = "Warm-up"
        role = "warm-up"
        time = "10:00"
        target = { ftp-from = 50, ftp-to = 75 }
        messages = [{ at = "9:30", text = "Hard part next & \\"smile\\" <3" }]

        [[steps]]
        interval = "Opener"
        role = "warm-up"
        time = "2:00"
        target = { ftp = 65 }

        [[steps]]
        interval = "Tempo"
        time = "5:00"
        target = { ftp = 88.5, cadence = 95 }

        [[steps]]
        repeat = 3

        [[steps.steps]]
        interval = "On"
        time = "0:40"
        target = { ftp = 120, cadence = 100 }
        messages = [{ at = "0:20", text = "Halfway there" }]

        [[steps.steps]]
        interval = "Off"
        role = "recover"
        time = "0:20"
        target = { ftp = 50, cadence = 85 }

        [[steps]]
        interval = "Build"
        time = "3:00"
        target = { ftp-from = 70, ftp-to = 105 }

        [[steps]]
        repeat = 2

        [[steps.steps]]
        interval = "Spin"
        time = "1:00"

        [[steps.steps]]
        interval = "Sprint"
        time = "0:15"
        target = { max-effort = true }

        [[steps]]
        interval = "Cool-down"
        role = "cool-down"
        time = "6:00"
        target = { ftp-from = 65, ftp-to = 40 }

        [[steps]]
        interval = "Last spin"
        role = "cool-down"
        time = "2:00"
        target = { ftp = 45 }
        """

    /// Prints the parsed file one line per element, attributes sorted, numbers as Python's `%g` reads them (so
    /// "0.50" and "0.5" are the same figure), text as JSON strings (so every escape shows). A file that does not
    /// parse ends the script with Python's own error.
    static let reader = #"""
        import json, sys
        import xml.etree.ElementTree as ET

        def value(text):
            try:
                return "%g" % float(text)
            except ValueError:
                return json.dumps(text)

        def line(indent, element):
            pairs = ["%s=%s" % (k, value(v)) for k, v in sorted(element.attrib.items())]
            return indent + " ".join([element.tag] + pairs)

        root = ET.parse(sys.argv[1]).getroot()
        print("root " + line("", root))
        for child in root:
            if child.tag != "workout":
                print(child.tag, json.dumps(child.text))
        for step in root.find("workout"):
            print(line("", step))
            for event in step:
                print(line("  ", event))
        """#

    @Test func everyElementOfTheExportReadsBackInPythonsParserWithItsAttributes() async throws {
        let program = try Program(toml: Self.ride, file: "every-element.toml")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("zwo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("every-element.zwo").path
        try program.zwift().write(toFile: file, atomically: true, encoding: .utf8)

        let lines = try await Self.parsedByPython(file, in: directory)
        #expect(
            lines == [
                "root workout_file",
                #"name "Every element & <more>""#,
                #"description "Warm up, \"hard\" bits & a spin.\nThen home.""#,
                #"sportType "bike""#,
                "Warmup Duration=600 PowerHigh=0.75 PowerLow=0.5",
                #"  textevent message="Hard part next & \"smile\" <3" timeoffset=570"#,
                "Warmup Duration=120 PowerHigh=0.65 PowerLow=0.65",
                "SteadyState Cadence=95 Duration=300 Power=0.885",
                "IntervalsT Cadence=100 CadenceResting=85 OffDuration=20 OffPower=0.5 OnDuration=40 OnPower=1.2 "
                    + "Repeat=3",
                #"  textevent message="Halfway there" timeoffset=20"#,
                "Ramp Duration=180 PowerHigh=1.05 PowerLow=0.7",
                "FreeRide Duration=60",
                "MaxEffort Duration=15",
                "FreeRide Duration=60",
                "MaxEffort Duration=15",
                "Cooldown Duration=360 PowerHigh=0.4 PowerLow=0.65",
                "Cooldown Duration=120 PowerHigh=0.45 PowerLow=0.45",
            ])
    }

    /// The lines `reader` prints for `file`, run by the system's Python (the standard library's parser, no venv).
    private static func parsedByPython(_ file: String, in directory: URL) async throws -> [String] {
        let outputPath = directory.appendingPathComponent("parsed.txt").path
        let errorPath = directory.appendingPathComponent("parsed.err").path
        let descriptor = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(descriptor >= 0, "cannot open \(outputPath)")
        defer { close(descriptor) }
        let child = try ChildProcess.spawn(
            "/usr/bin/python3", ["-c", reader, file], stdout: descriptor, stderrPath: errorPath)
        let status = try await child.exitCode(within: TestDeadline.hang)
        let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        try #require(status == 0, "Python could not read the export: \(errors)")
        return try String(contentsOfFile: outputPath, encoding: .utf8).split(separator: "\n").map(String.init)
    }
}
