import Foundation
import HubCore
import Reports

/// `/workouts/{id}`: one workout's figures as `stayfit workouts show` prints them, its laps, splits, heart-rate
/// zones and program steps, its picture, its downloads and the way to delete it.
///
/// ```swift
/// guard let page = try await WorkoutDetailPage.render(id: id, history: history, units: units) else { 404 }
/// ```
enum WorkoutDetailPage {
    /// The page, or nil when `id` names no workout (the route answers 404).
    static func render(id text: String, history: any WorkoutHistory, units: UnitSystem, now: Date = Date())
        async throws -> WebPage?
    {
        guard let id = WorkoutPath.id(text), let workout = try await history.workout(id) else { return nil }
        let samples = try await history.samples(of: id)
        let laps = try await history.laps(of: id)
        let pauses = try await history.pauses(of: id)
        let steps = try await history.programSteps(of: id)
        let zones = HeartRateZones(ageYears: try await history.profile()?.ageYears(on: now))
        let title = "\(workout.kind.name) of \(PlainDate.fullDay(LocalDay(workout.startedAt)))"
        var body = "<h1>\(HTMLText.escape(title))</h1>"
        var notes: [String] = []
        if workout.status != .finished { notes.append("This workout is being recorded: its figures are so far.") }
        if workout.isSimulated { notes.append("Recorded from simulated sensors or on a sped-up clock.") }
        switch workout.recovery {
        case .resumed:
            notes.append("The hub stopped during this workout, and carried on recording it when it came back.")
        case .closed: notes.append("The hub stopped during this workout, and closed it at its last recorded second.")
        case nil: break
        }
        body += notes.map { HistoryMarkup.paragraph($0, className: "note") }.joined()
        body += HistoryMarkup.figures(WorkoutFigures.rows(workout, units: units).map { ($0.label, $0.value) })
        if !pauses.isEmpty { body += HistoryMarkup.paragraph(Format.counted(pauses.count, "pause") + ".") }
        if !samples.isEmpty {
            body +=
                "<figure class=\"picture\"><img src=\"\(WorkoutPath.page(id))/\(WorkoutPicture.charts.rawValue).svg\" "
                + "alt=\"\(HTMLText.escape(WorkoutPicture.charts.alt(workout)))\"></figure>"
        }
        body += lapsTable(laps, kind: workout.kind, units: units)
        body += splitsTable(samples, units: units) + zonesTable(samples, zones: zones)
        body += programTable(steps, units: units)
        if workout.status == .finished {
            body += try await downloads(workout, history: history)
            body +=
                "<form class=\"danger\" method=\"get\" action=\"\(WorkoutPath.page(id))/delete\">"
                + "<button type=\"submit\">Delete this workout…</button></form>"
        }
        return WebPage(title: title, body: body)
    }

    private static func lapsTable(_ laps: [WorkoutLap], kind: WorkoutKind, units: UnitSystem) -> String {
        guard !laps.isEmpty else { return "" }
        let power = laps.contains { $0.averagePower != nil }, cadence = laps.contains { $0.averageCadence != nil }
        // Indoors without a distance, the laps have none either: not "0.00 km" on every row.
        let distance = laps.contains { $0.distanceMeters > 0 }
        let headers =
            ["Lap", "Time"] + (distance ? ["Distance"] : []) + (power ? ["Average power"] : [])
            + (cadence ? ["Average cadence"] : [])
        let rows = laps.map { lap in
            ["\(lap.number)", Format.clock(seconds: lap.movingSeconds)]
                + (distance ? [units.distance(meters: lap.distanceMeters)] : [])
                + (power ? [lap.averagePower.map { "\(Format.wholeNumber($0.rounded())) W" } ?? "–"] : [])
                + (cadence
                    ? [
                        lap.averageCadence.map { "\(Format.wholeNumber($0.rounded())) \(Format.cadenceUnit(of: kind))" }
                            ?? "–"
                    ] : [])
        }
        return "<h2>Laps</h2>" + HistoryMarkup.table(headers, rows)
    }

    private static func splitsTable(_ samples: [WorkoutSample], units: UnitSystem) -> String {
        let splits = WorkoutDetailLines.splitRows(samples: samples, units: units)
        guard !splits.isEmpty else { return "" }
        let rows = splits.map { [$0.split, $0.time, $0.pace, $0.heartRate.map { "\($0) bpm" } ?? "–"] }
        return "<h2>Splits per \(units.distanceUnit)</h2>"
            + HistoryMarkup.table(["Split", "Time", "Pace", "Heart rate"], rows)
    }

    private static func zonesTable(_ samples: [WorkoutSample], zones: HeartRateZones) -> String {
        let rows = WorkoutDetailLines.zoneRows(samples: samples, zones: zones)
        guard !rows.isEmpty else { return "" }
        return "<h2>Heart-rate zones</h2>"
            + HistoryMarkup.table(
                ["Zone", "Name", "bpm", "Time", "Share"],
                rows.map { [$0.zone, $0.name, $0.beatsPerMinute, $0.time, $0.percent] },
                caption: "Of a maximum of \(Int(zones.maximum.rounded())) bpm")
    }

    private static func programTable(_ steps: [WorkoutProgramStep], units: UnitSystem) -> String {
        guard let first = steps.first else { return "" }
        let headers = ["Step", "What", "Done", "Power", "Heart rate", "Ended"]
        var rows = steps.map { ["\($0.number)", $0.title] + ProgramStepFigures.cells($0, units: units) }
        // A column empty in every row (no power in a strength program) is left out, as the CLI's table does.
        let kept = headers.indices.filter { column in rows.contains { !$0[column].isEmpty } }
        rows = rows.map { row in kept.map { row[$0] } }
        let programs = Set(steps.map(\.program))
        let name = programs.count == 1 ? first.program : programs.sorted().joined(separator: ", ")
        return "<h2>Program: \(HTMLText.escape(name))</h2>" + HistoryMarkup.table(kept.map { headers[$0] }, rows)
    }

    /// The links to the GPX and TCX files; GPX only with positions, which it needs for every point.
    private static func downloads(_ workout: Workout, history: any WorkoutHistory) async throws -> String {
        var links: [String] = []
        if try await history.hasPositions(workout.id) {
            links.append(HistoryMarkup.link("GPX (the route)", to: "\(WorkoutPath.page(workout.id)).gpx"))
        }
        links.append(HistoryMarkup.link("TCX (laps and figures)", to: "\(WorkoutPath.page(workout.id)).tcx"))
        return "<h2>Download</h2><ul class=\"downloads\">" + links.map { "<li>\($0)</li>" }.joined() + "</ul>"
    }
}
